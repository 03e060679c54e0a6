import { z } from 'zod';
import { auditEntrySchema } from './audit.ts';
import { adminAccountSchema } from './profile.ts';

/*
 * GET /api/admin/overview (admins only): the /admin dashboard (ADR 133). Days and weeks are UTC
 * (the marketplace spans zones; one clock for every admin); a week starts on Monday.
 */

export const dashboardFiguresSchema = z.object({
  /** Bookings confirmed (paid) since midnight UTC, whatever became of them since. */
  bookings_today: z.number().int(),
  /** Confirmed or checked-in bookings between their start and end right now. */
  active_now: z.number().int(),
  /** Guests' payments since Monday 00:00 UTC, less what was refunded since then. */
  revenue_week_cents: z.number().int(),
  /** Commission kept since Monday 00:00 UTC, net of refunds. */
  commission_week_cents: z.number().int(),
  open_refund_requests: z.number().int(),
  /** Approved refunds the payment provider refused; they wait for an admin's retry. */
  failed_refund_requests: z.number().int(),
  pending_provider_requests: z.number().int(),
  /** Accounts created in the last `recent_signup_days` days. */
  new_users: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const dashboardNoticeSchema = z.object({
  id: z.string(),
  notification_type: z.string(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  meta: z.unknown(),
});
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

export const adminOverviewSchema = z.object({
  counts: z.object({
    users: z.number(),
    providers: z.number(),
    admins: z.number(),
    disabled: z.number(),
    under_review: z.number(),
    recent_signups: z.number(),
  }),
  recent_signup_days: z.number(),
  newest_accounts: z.array(adminAccountSchema),
  figures: dashboardFiguresSchema,
  /** The start of "today" and of "this week" the figures count from (ISO, UTC). */
  today_from: z.string(),
  week_from: z.string(),
  recent_notices: z.array(dashboardNoticeSchema),
  recent_actions: z.array(auditEntrySchema),
  as_of: z.string(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Notifications that exist for admins: the ADMIN_ family and the admin-only notices. */
export function isAdminNotice(type: string): boolean {
  return /^admin_/i.test(type) || type === 'BECOME_PROVIDER_REQUEST' || type === 'USER_REGISTERED';
}
