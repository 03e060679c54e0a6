import { type NotificationMeta, parseNotificationMeta } from './notification-meta.ts';
import { isNotificationType, type NotificationType, notificationInfo } from './notification-types.ts';

export type NotificationAction = { label: string; to: string };

function messagesTarget(bookingId: string, contactId: string | undefined): string {
  const query = new URLSearchParams({ booking: bookingId });
  if (contactId) query.set('contact', contactId);
  return `/messages?${query.toString()}`;
}

function messageLabel(type: NotificationType): string {
  if (type === 'MESSAGE_RECEIVED') return 'View Message';
  // Sent to both parties (ADR 124): neither "Message Provider" nor "Message Guest" fits both.
  if (type === 'RESERVATION_REVIEW_COMPLETED') return 'Send Message';
  const info = notificationInfo(type);
  if (type.startsWith('RESERVATION_') && info.audience === 'guest') return 'Message Provider';
  if (info.audience === 'owner') return 'Message Guest';
  return 'Send Message';
}

/** Spec §6 action buttons by type, with the §2 targets. Unknown types get View Details. */
export function specNotificationActions(typeName: string, rawMeta: unknown): NotificationAction[] {
  const fallback = [{ label: 'View Details', to: '/notifications' }];
  if (!isNotificationType(typeName)) return fallback;
  const type = typeName;
  const info = notificationInfo(type);
  const meta: NotificationMeta = parseNotificationMeta(rawMeta);
  const bookingId = meta.booking_id;

  if (type.startsWith('BECOME_PROVIDER_REQUEST')) {
    // Spec §6 gives these "Manage Properties"; the admin's copy of a new request leads to where
    // it is decided instead (docs/decisions: notification actions).
    return type === 'BECOME_PROVIDER_REQUEST'
      ? [{ label: 'Review Request', to: '/admin/provider-requests' }]
      : [{ label: 'Manage Properties', to: '/manage/properties' }];
  }
  if (
    type === 'bathroom_blackout_started' ||
    type === 'bathroom_blackout_ended' ||
    type === 'OWNER_PROPERTY_UNPUBLISHED' ||
    type === 'OWNER_PROPERTY_REPUBLISHED'
  ) {
    return [
      {
        label: 'Manage Property',
        to: meta.bathroom_id ? `/manage/properties/${meta.bathroom_id}` : '/manage/properties',
      },
    ];
  }
  if (type === 'USER_REGISTERED') return [{ label: 'View Users', to: '/admin/users' }];
  if (info.category === 'payouts') {
    return info.audience === 'admin'
      ? [{ label: 'Provider Payouts', to: '/admin/provider-payout' }]
      : [{ label: 'View Earnings', to: '/earnings' }];
  }
  if (info.category === 'refunds') {
    if (info.audience === 'admin') return [{ label: 'Refund Requests', to: '/admin/refund-requests' }];
    const view = bookingId ? [{ label: 'View Booking', to: `/bookings/${bookingId}` }] : [];
    return [...view, { label: 'View Bookings', to: '/bookings' }];
  }
  if (info.audience === 'admin') {
    if (type.startsWith('ADMIN_RESERVATION_') || type === 'admin_booking_cancelled_blackout') {
      return [{ label: 'Admin Bookings', to: '/admin/bookings' }];
    }
    return [{ label: 'Admin Dashboard', to: '/admin' }];
  }
  if (bookingId) {
    const contact = meta.sender_id ?? meta.user_id;
    return [
      { label: 'View Booking', to: `/bookings/${bookingId}` },
      { label: messageLabel(type), to: messagesTarget(bookingId, contact) },
    ];
  }
  if (meta.bathroom_id) return [{ label: 'View Property', to: `/bathrooms/${meta.bathroom_id}` }];
  return fallback;
}

/**
 * Spec targets whose pages come with later work (none today). Until a page exists no button leads
 * to it (a 404 is worse than no button); delete its line here when the page ships. A test checks
 * every shown target against the routes.
 */
export const UNSERVED_TARGETS: readonly string[] = [];

const unserved = (to: string) => UNSERVED_TARGETS.some((path) => to === path || to.startsWith(`${path}?`));

/** The buttons the app shows: spec §6's, with unserved targets left out. */
export function notificationActions(typeName: string, rawMeta: unknown): NotificationAction[] {
  const shown = specNotificationActions(typeName, rawMeta).filter((action) => !unserved(action.to));
  return shown.length ? shown : [{ label: 'View Details', to: '/notifications' }];
}
