import { z } from 'zod';
import { BOOKING_STATUSES, bookingViewSchema } from './bookings.ts';
import { calendarDateSchema } from './timestamp.ts';

/** What /bookings, /bookings/{id} and /manage/bookings read (ADR 092). */

export const GUEST_TABS = ['upcoming', 'past', 'cancelled'] as const;
export type GuestTabName = (typeof GUEST_TABS)[number];

export const guestBookingsQuerySchema = z.strictObject({
  tab: z.enum(GUEST_TABS, { error: 'Choose upcoming, past or cancelled.' }).default('upcoming'),
});

/** The host's filter: live bookings by default (what is coming up), or one state. */
export const HOST_FILTERS = ['upcoming', 'confirmed', 'checked_in', 'completed', 'cancelled', 'all'] as const;
export type HostFilter = (typeof HOST_FILTERS)[number];

export const hostBookingsQuerySchema = z.strictObject({
  status: z.enum(HOST_FILTERS, { error: 'Choose a status to filter by.' }).default('upcoming'),
  bathroomId: z.uuid('That is not a bathroom id.').optional(),
  /** A week (seven local days from this date, in each bathroom's zone) instead of the rolling list. */
  week: calendarDateSchema('Give the week as a date, YYYY-MM-DD.').optional(),
});

export const bookingListItemSchema = z.object({
  id: z.string(),
  bathroom_id: z.string(),
  bathroom_title: z.string(),
  timezone: z.string(),
  city: z.string(),
  state_code: z.string(),
  status: z.enum(BOOKING_STATUSES),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  price_cents: z.number(),
  amount_refunded_cents: z.number(),
  amount_refund_settled_cents: z.number(),
  /** When an unpaid hold lets its slot go; null once paid (ADR 115 shows it to guest and host). */
  hold_expires_at: z.string().nullable(),
  /** Host lists only. */
  guest_first_name: z.string().nullable().optional(),
});
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

export const bookingListSchema = z.object({ bookings: z.array(bookingListItemSchema) });

export const bookingDetailSchema = bookingViewSchema.extend({
  /** How the viewer stands to this booking. */
  role: z.enum(['guest', 'host', 'admin']),
  host_id: z.string(),
  host_first_name: z.string().nullable(),
  guest_first_name: z.string().nullable(),
  city: z.string(),
  state_code: z.string(),
  /** The public, fuzzed point (about 0.3 mile): what anyone who may see the booking sees. */
  area: z.object({ latitude: z.number(), longitude: z.number() }),
  /** The exact address: the guest of a confirmed booking, and the host. */
  address: z.object({ formatted: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** The guest of a confirmed or checked-in booking only (PRODUCT.md). */
  access_instructions: z.string().nullable(),
  /** Each refund as the provider last told us: pending, succeeded or failed (and being retried). */
  refunds: z.array(
    z.object({
      amount_cents: z.number(),
      status: z.enum(['pending', 'succeeded', 'failed']),
      created_at: z.string(),
    }),
  ),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;
