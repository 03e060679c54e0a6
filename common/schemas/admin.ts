import { z } from 'zod';
import { bookingListItemSchema, HOST_FILTERS } from './booking-pages.ts';
import { adminAccountSchema } from './profile.ts';
import { singleLineText } from './text.ts';

/** The admin area's lists: /admin/users and /admin/bookings, and their API twins. */

export const ADMIN_PAGE_SIZE = 25;

const pageField = z.coerce
  .number({ error: 'Give the page as a number.' })
  .int('Give the page as a whole number.')
  .min(1, 'Pages start at 1.')
  .max(10_000, 'That page is too far.')
  .default(1);

const searchField = singleLineText().trim().max(100, 'Search with at most 100 characters.').optional();

/** PATCH /api/admin/users/:id and the /admin/users action: an account id as better-auth makes them. */
export const adminUserIdParamsSchema = z.strictObject({ id: singleLineText().min(1).max(100) });

export const ACCOUNT_STATUS_FILTERS = ['all', 'active', 'under_review', 'disabled'] as const;
export const ACCOUNT_ROLE_FILTERS = ['all', 'guest', 'host', 'admin'] as const;

export const adminUsersQuerySchema = z.strictObject({
  /** Name, email or phone number, case-insensitive, anywhere in the text. */
  q: searchField,
  status: z.enum(ACCOUNT_STATUS_FILTERS, { error: 'Choose a status to filter by.' }).default('all'),
  role: z.enum(ACCOUNT_ROLE_FILTERS, { error: 'Choose a role to filter by.' }).default('all'),
  page: pageField,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersPageSchema = z.object({
  accounts: z.array(adminAccountSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminBookingsQuerySchema = z.strictObject({
  /** Bathroom title, guest or host name or email, or the booking's id. */
  q: searchField,
  status: z.enum(HOST_FILTERS, { error: 'Choose a status to filter by.' }).default('all'),
  page: pageField,
});
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuerySchema>;

/** A booking as the booking lists show it, plus who is involved and what was paid. */
export const adminBookingSchema = bookingListItemSchema.omit({ guest_first_name: true }).extend({
  amount_paid_cents: z.number(),
  guest_id: z.string(),
  guest_name: z.string(),
  host_id: z.string(),
  host_name: z.string(),
  created_at: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

export const adminBookingsPageSchema = z.object({
  bookings: z.array(adminBookingSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;
