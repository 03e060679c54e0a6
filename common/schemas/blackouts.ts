import { z } from 'zod';
import { multiLineText } from './text.ts';
import { timestampSchema } from './timestamp.ts';

/** Blackouts: a host blocks time on one bathroom (ADR 094). Shared by the API, its docs and the forms. */

/** The longest blackout one request may create; longer closures are a listing change (unpublish). */
export const BLACKOUT_MAX_DAYS = 366;
export const BLACKOUT_REASON_MAX = 500;

const instant = (field: string) => timestampSchema(`Give the ${field} as a date and time.`);

export const blackoutsQuerySchema = z.strictObject({
  bathroomId: z.uuid('That is not a bathroom id.'),
});

export const blackoutIdParamsSchema = z.strictObject({ id: z.uuid('That is not a blackout id.') });

/** What the preview and the create take; `confirm` says the host has seen the bookings it cancels. */
export const blackoutInputSchema = z.strictObject({
  bathroomId: z.uuid('That is not a bathroom id.'),
  startsAt: instant('start'),
  endsAt: instant('end'),
  reason: multiLineText()
    .trim()
    .max(BLACKOUT_REASON_MAX, `Keep the reason under ${BLACKOUT_REASON_MAX} characters.`)
    .optional(),
});
export type BlackoutInput = z.infer<typeof blackoutInputSchema>;

export const createBlackoutSchema = blackoutInputSchema.extend({ confirm: z.boolean().optional() });
export type CreateBlackoutInput = z.infer<typeof createBlackoutSchema>;

export const blackoutViewSchema = z.object({
  id: z.string(),
  bathroom_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  reason: z.string(),
  created_at: z.string(),
  /** Relative to now: whether it may still be removed (upcoming, ongoing) or is history (past). */
  state: z.enum(['upcoming', 'ongoing', 'past']),
});
export type BlackoutView = z.infer<typeof blackoutViewSchema>;

/** A live booking a blackout would cancel, as the host sees it before confirming. */
export const affectedBookingSchema = z.object({
  booking_id: z.string(),
  guest_first_name: z.string(),
  status: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** What the guest gets back: everything paid, nothing for an unpaid hold. */
  refund_cents: z.number().int(),
  currency: z.string(),
});
export type AffectedBooking = z.infer<typeof affectedBookingSchema>;

export const blackoutBathroomSchema = z.object({
  id: z.string(),
  title: z.string(),
  timezone: z.string(),
});

export const blackoutListSchema = z.object({
  bathroom: blackoutBathroomSchema,
  upcoming: z.array(blackoutViewSchema),
  past: z.array(blackoutViewSchema),
});
export type BlackoutList = z.infer<typeof blackoutListSchema>;

export const blackoutPreviewSchema = z.object({
  bathroom: blackoutBathroomSchema,
  bookings: z.array(affectedBookingSchema),
  refund_total_cents: z.number().int(),
});
export type BlackoutPreview = z.infer<typeof blackoutPreviewSchema>;

export const blackoutCreatedSchema = z.object({
  blackout: blackoutViewSchema,
  cancelled: z.array(affectedBookingSchema),
});
export type BlackoutCreated = z.infer<typeof blackoutCreatedSchema>;

/**
 * 409: when live bookings overlap and the request did not confirm, `bookings` lists them to show
 * first; another blackout in the way (or a checked-in guest) answers without it.
 */
export const blackoutNeedsConfirmSchema = z.object({
  error: z.string(),
  message: z.string(),
  bookings: z.array(affectedBookingSchema).optional(),
});
