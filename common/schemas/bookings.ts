import { z } from 'zod';
import { ALLOWED_DURATIONS } from './properties.ts';
import { multiLineText } from './text.ts';
import { calendarDateSchema, timestampSchema } from './timestamp.ts';

/** Bookings and slots: one schema per input and answer, for the API, its docs and the forms (ADR 090). */

export const BOOKING_STATUSES = [
  'pending_payment',
  'confirmed',
  'checked_in',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BookingStatusName = (typeof BOOKING_STATUSES)[number];

// Kept here too for the server's imports; pages import it from constants.ts, without zod (ADR 141).
export { HOLD_MINUTES } from '../constants.ts';

const durationMessage = `Choose a duration of ${ALLOWED_DURATIONS.join(', ')} minutes.`;
const durationSchema = z
  .number({ error: durationMessage })
  .int(durationMessage)
  .refine((value) => {
    return (ALLOWED_DURATIONS as readonly number[]).includes(value);
  }, durationMessage);

/** A real calendar date 'YYYY-MM-DD' (2027-02-30 is refused, not rolled into March), 2000–2100. */
export const localDateSchema = calendarDateSchema('Use a date like 2027-03-14.');

export const bathroomIdParamsSchema = z.strictObject({ id: z.uuid('That is not a bathroom id.') });
export const bookingIdParamsSchema = z.strictObject({ id: z.uuid('That is not a booking id.') });

export const slotsQuerySchema = z.strictObject({
  date: localDateSchema,
  duration: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: durationMessage }).pipe(durationSchema),
  ),
});

export const slotSchema = z.object({
  starts_at: z.string(),
  local_time: z.string(),
  utc_offset: z.string(),
});

export const slotsResponseSchema = z.object({
  bathroom_id: z.string(),
  timezone: z.string(),
  date: z.string(),
  duration_minutes: z.number(),
  starts: z.array(slotSchema),
});
export type SlotsResponse = z.infer<typeof slotsResponseSchema>;

export const createBookingSchema = z.strictObject({
  bathroomId: z.uuid('That is not a bathroom id.'),
  startsAt: timestampSchema('Give the start as an ISO date-time, like 2027-03-14T15:00:00Z.'),
  durationMinutes: durationSchema,
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const bookingViewSchema = z.object({
  id: z.string(),
  bathroom_id: z.string(),
  bathroom_title: z.string(),
  timezone: z.string(),
  guest_id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  cleaning_buffer_minutes: z.number(),
  hourly_price_cents: z.number(),
  price_cents: z.number(),
  currency: z.literal('usd'),
  hold_expires_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancellation_reason: z.string().nullable(),
  /** Integer cents: what the guest paid, and what has been (or is being) given back. */
  amount_paid_cents: z.number(),
  /** Every refund committed to the guest (pending at the provider, or back with them). */
  amount_refunded_cents: z.number(),
  /** The part of it the provider says is back with the guest. */
  amount_refund_settled_cents: z.number(),
  created_at: z.string(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

/** A hold and the checkout page where the guest pays for it (POST /api/bookings, retries). */
export const bookingCheckoutSchema = z.object({ booking: bookingViewSchema, checkoutUrl: z.string() });
export type BookingCheckout = z.infer<typeof bookingCheckoutSchema>;

export const cancelBookingSchema = z.strictObject({
  reason: multiLineText().trim().max(500, 'Keep the reason to 500 characters.').optional(),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** What cancelling would give back, for the party asking (common/cancellation-policy.ts). */
export const cancellationTermsSchema = z.object({
  can_cancel: z.boolean(),
  policy: z.enum(['full', 'half', 'none']),
  refund_cents: z.number(),
  message: z.string(),
});
export type CancellationTermsView = z.infer<typeof cancellationTermsSchema>;

// Zod-free, so that pages showing a price do not load zod (ADR 098).
export { bookingPriceCents } from '../booking-price.ts';
