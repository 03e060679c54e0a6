import { z } from 'zod';

/** /api/admin/payouts: paying hosts their payable earnings (ADR 129). */

/** On the admins' channel when a payout is made, settled or fails: open payout pages reload. */
export const PAYOUT_EVENT = 'payout.changed';

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_OUTCOMES = ['paid', 'failed', 'pending', 'skipped'] as const;
export type PayoutOutcomeName = (typeof PAYOUT_OUTCOMES)[number];

/** Why a host was not paid; the page shows SKIP_REASON_TEXT. */
export const SKIP_REASONS = ['unlinked', 'not_connected', 'nothing_payable', 'negative_balance'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_TEXT: Record<SkipReason, string> = {
  unlinked: 'No Stripe account linked',
  not_connected: 'Stripe account cannot receive payouts (onboarding unfinished or restricted)',
  nothing_payable: 'Nothing payable',
  negative_balance: 'Balance is negative: a refund after a payout nets against the next earnings',
};

const uuid = z.string().uuid();

/** A user id as better-auth (letters and digits) or a seed (a UUID) makes them. */
export const payoutHostParamsSchema = z.object({
  hostId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a user id'),
});
export const payoutParamsSchema = z.object({ payoutId: uuid });

export const payoutOutcomeSchema = z.object({
  host_id: z.string(),
  outcome: z.enum(PAYOUT_OUTCOMES),
  payout_id: z.string().nullable(),
  amount_cents: z.number().int(),
  skip_reason: z.enum(SKIP_REASONS).nullable(),
  /** The provider's words when it failed or could not be reached. */
  error: z.string().nullable(),
});
export type PayoutOutcome = z.infer<typeof payoutOutcomeSchema>;

export const payoutRunSchema = z.object({
  run_id: z.string(),
  results: z.array(payoutOutcomeSchema),
  paid_count: z.number().int(),
  paid_cents: z.number().int(),
  failed_count: z.number().int(),
  pending_count: z.number().int(),
  skipped_count: z.number().int(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;

export const payableBookingSchema = z.object({
  booking_id: z.string(),
  bathroom_title: z.string(),
  starts_at: z.string(),
  amount_cents: z.number().int(),
});

export const payableHostSchema = z.object({
  host_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  payable_cents: z.number().int(),
  /** linked and able to receive payouts, linked but not (onboarding unfinished), or none. */
  connect: z.enum(['connected', 'not_connected', 'unlinked']),
  bookings: z.array(payableBookingSchema),
  pending_payout_id: z.string().nullable(),
});
export type PayableHostView = z.infer<typeof payableHostSchema>;

export const payoutViewSchema = z.object({
  id: z.string(),
  host_id: z.string(),
  host_name: z.string(),
  amount_cents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  transfer_id: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  booking_count: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  /** A failed payout whose host has not been paid since: "Retry" makes a new payout. */
  retryable: z.boolean(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

export const payoutOverviewSchema = z.object({
  hosts: z.array(payableHostSchema),
  payouts: z.array(payoutViewSchema),
  total_payable_cents: z.number().int(),
});
export type PayoutOverview = z.infer<typeof payoutOverviewSchema>;
