import { NOTIFICATION_FALLBACK_TEXT } from '../../../common/notification-types.ts';
import { type AdminOverview, isAdminNotice } from '../../../common/schemas/admin-dashboard.ts';
import type { AppServices } from '../../services.ts';
import type { Viewer } from '../auth/auth-service.ts';
import { bookingFigures } from '../bookings/booking-figures.ts';
import { platformLedgerSince } from '../payouts/ledger-service.ts';
import { refundRequestFigures } from '../refunds/refund-figures.ts';
import { getAdminOverview } from './admin-service.ts';
import { countPendingProviderRequests } from './repository.ts';

/**
 * The /admin dashboard (ADR 133): what an operator checks first, each figure linking to its list.
 * Read in one round of parallel queries, each on a small index; the page reloads it when the
 * admins' channel or the admin's own notices say something changed.
 */

export const RECENT_NOTICES = 6;
export const RECENT_ACTIONS = 6;

export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Monday 00:00 UTC of the week holding `now`. */
export function startOfUtcWeek(now: Date): Date {
  const day = startOfUtcDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

export async function getAdminDashboard(
  services: Pick<AppServices, 'db' | 'audit' | 'notifications'>,
  admin: Viewer,
  now: Date = new Date(),
): Promise<AdminOverview> {
  const { db } = services;
  const today = startOfUtcDay(now);
  const week = startOfUtcWeek(now);
  const [overview, bookings, money, refunds, pendingProviders, actions, notices] = await Promise.all([
    getAdminOverview(db, now),
    bookingFigures(db, today, now),
    platformLedgerSince(db, week),
    refundRequestFigures(db),
    countPendingProviderRequests(db),
    services.audit.list({}, RECENT_ACTIONS),
    services.notifications.list(admin.userId, { limit: 30 }),
  ]);
  return {
    ...overview,
    figures: {
      bookings_today: bookings.confirmedSince,
      active_now: bookings.activeNow,
      revenue_week_cents: money.grossCents - money.refundedCents,
      commission_week_cents: money.commissionCents,
      open_refund_requests: refunds.open,
      failed_refund_requests: refunds.failed,
      pending_provider_requests: pendingProviders,
      new_users: overview.counts.recent_signups,
    },
    today_from: today.toISOString(),
    week_from: week.toISOString(),
    recent_notices: notices
      .filter((notice) => isAdminNotice(notice.notification_type))
      .slice(0, RECENT_NOTICES)
      .map((notice) => ({
        id: notice.id,
        notification_type: notice.notification_type,
        message: notice.message ?? NOTIFICATION_FALLBACK_TEXT,
        created_at: new Date(notice.created_at).toISOString(),
        read: notice.read,
        meta: notice.meta ?? null,
      })),
    recent_actions: actions.entries,
    as_of: now.toISOString(),
  };
}
