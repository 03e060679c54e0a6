/**
 * Every notification type of spec §3, spelled exactly, with what the app does with each: its email
 * category (for preferences), who receives it, and whether its panel entry shows the §4 countdown.
 * Action buttons (spec §6) are derived from these facts in notification-actions.ts.
 */

export const NOTIFICATION_CATEGORIES = [
  'bookings',
  'messages',
  'reviews',
  'refunds',
  'account',
  'payouts',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/** How each category reads on /profile's email switches and in the emails it governs. */
export const NOTIFICATION_CATEGORY_LABELS: Record<
  NotificationCategory,
  { label: string; description: string }
> = {
  bookings: {
    label: 'Bookings',
    description: 'Confirmations, reminders before you arrive, cancellations and check-ins.',
  },
  messages: { label: 'Messages', description: 'New messages from a host or a guest.' },
  reviews: { label: 'Reviews', description: 'Requests to review a visit and replies to reviews.' },
  refunds: { label: 'Refunds', description: 'Refunds sent to you or taken from your earnings.' },
  account: { label: 'Account', description: 'Hosting requests and changes to your account.' },
  payouts: {
    label: 'Payouts',
    description: 'Your earnings sent to your bank account, or a payout that failed.',
  },
};

export type NotificationAudience = 'guest' | 'owner' | 'admin' | 'user';

type TypeInfo = {
  category: NotificationCategory;
  audience: NotificationAudience;
  /** Upcoming and one-hour reservation notifications show "Arriving in: …" (spec §4). */
  countdown?: true;
  /** Linked to a bathroom rather than a booking (blackouts, provider requests). */
  subject?: 'property' | 'provider_request' | 'user';
  /** Receipts (sent, read, deleted) are shown in the app but never emailed. */
  inAppOnly?: true;
};

export const NOTIFICATION_TYPES = {
  RESERVATION_UPCOMING: { category: 'bookings', audience: 'guest', countdown: true },
  RESERVATION_CONFIRMED: { category: 'bookings', audience: 'guest' },
  RESERVATION_CANCELLED: { category: 'bookings', audience: 'guest' },
  RESERVATION_COMPLETED: { category: 'bookings', audience: 'guest' },
  RESERVATION_REVIEW: { category: 'reviews', audience: 'guest' },
  RESERVATION_REMINDER: { category: 'bookings', audience: 'guest' },
  RESERVATION_ONE_HOUR: { category: 'bookings', audience: 'guest', countdown: true },

  RESERVATION_OWNER_ONE_HOUR: { category: 'bookings', audience: 'owner', countdown: true },
  RESERVATION_OWNER_REMINDER: { category: 'bookings', audience: 'owner' },
  RESERVATION_OWNER_REVIEW: { category: 'reviews', audience: 'owner' },
  RESERVATION_OWNER_CONFIRMED: { category: 'bookings', audience: 'owner' },
  RESERVATION_OWNER_CANCELLED: { category: 'bookings', audience: 'owner' },
  RESERVATION_OWNER_COMPLETED: { category: 'bookings', audience: 'owner' },
  RESERVATION_OWNER_UPCOMING: { category: 'bookings', audience: 'owner', countdown: true },
  RESERVATION_OWNER_USER_CHECKED_IN: { category: 'bookings', audience: 'owner' },

  RESERVATION_REVIEW_REMINDER: { category: 'reviews', audience: 'guest' },
  RESERVATION_OWNER_REVIEW_REMINDER: { category: 'reviews', audience: 'owner' },
  RESERVATION_REVIEW_COMPLETED: { category: 'reviews', audience: 'guest' },

  ADMIN_RESERVATION_UPCOMING: { category: 'bookings', audience: 'admin' },
  ADMIN_RESERVATION_ACTIVE: { category: 'bookings', audience: 'admin' },
  ADMIN_RESERVATION_COMPLETED: { category: 'bookings', audience: 'admin' },

  USER_REFUND_PROCESSED: { category: 'refunds', audience: 'guest' },
  OWNER_REFUND_PROCESSED: { category: 'refunds', audience: 'owner' },
  ADMIN_REFUND_PROCESSED: { category: 'refunds', audience: 'admin' },
  ADMIN_REFUND_FAILED: { category: 'refunds', audience: 'admin' },
  // Privy's own, where spec §3 has no type (ADR 126): a new or appealed request, and a denial.
  OWNER_REFUND_REQUESTED: { category: 'refunds', audience: 'owner' },
  ADMIN_REFUND_REQUESTED: { category: 'refunds', audience: 'admin' },
  USER_REFUND_DENIED: { category: 'refunds', audience: 'guest' },

  BECOME_PROVIDER_REQUEST: { category: 'account', audience: 'admin', subject: 'provider_request' },
  BECOME_PROVIDER_REQUEST_REVOKED: { category: 'account', audience: 'user', subject: 'provider_request' },
  BECOME_PROVIDER_REQUEST_APPROVED: { category: 'account', audience: 'user', subject: 'provider_request' },
  BECOME_PROVIDER_REQUEST_REJECTED: { category: 'account', audience: 'user', subject: 'provider_request' },

  MESSAGE_RECEIVED: { category: 'messages', audience: 'user' },
  MESSAGE_READ: { category: 'messages', audience: 'user', inAppOnly: true },
  MESSAGE_SENT: { category: 'messages', audience: 'user', inAppOnly: true },
  MESSAGE_DELETED: { category: 'messages', audience: 'user', inAppOnly: true },
  MESSAGE_REMINDER: { category: 'messages', audience: 'user' },
  MESSAGE_REVIEW: { category: 'messages', audience: 'user' },

  USER_REGISTERED: { category: 'account', audience: 'admin', subject: 'user', inAppOnly: true },

  // Privy's own, where spec §3 has no type (ADR 129): a host's payout sent or failed.
  OWNER_PAYOUT_SENT: { category: 'payouts', audience: 'owner' },
  OWNER_PAYOUT_FAILED: { category: 'payouts', audience: 'owner' },
  ADMIN_PAYOUT_FAILED: { category: 'payouts', audience: 'admin' },

  // Privy's own (ADR 136): an admin unpublished a host's listing with a reason, or published it again.
  OWNER_PROPERTY_UNPUBLISHED: { category: 'account', audience: 'owner', subject: 'property' },
  OWNER_PROPERTY_REPUBLISHED: { category: 'account', audience: 'owner', subject: 'property' },

  bathroom_blackout_started: { category: 'bookings', audience: 'owner', subject: 'property' },
  bathroom_blackout_ended: { category: 'bookings', audience: 'owner', subject: 'property' },
  booking_cancelled_blackout: { category: 'bookings', audience: 'guest' },
  owner_booking_cancelled_blackout: { category: 'bookings', audience: 'owner' },
  admin_booking_cancelled_blackout: { category: 'bookings', audience: 'admin' },
} as const satisfies Record<string, TypeInfo>;

export type NotificationType = keyof typeof NOTIFICATION_TYPES;

export const NOTIFICATION_TYPE_NAMES = Object.keys(NOTIFICATION_TYPES) as NotificationType[];

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && Object.hasOwn(NOTIFICATION_TYPES, value);
}

export function notificationInfo(type: NotificationType): TypeInfo {
  return NOTIFICATION_TYPES[type];
}

/** Default email preferences: every category on; a user turns off what they do not want. */
export const DEFAULT_EMAIL_PREFERENCES: Record<NotificationCategory, boolean> = {
  bookings: true,
  messages: true,
  reviews: true,
  refunds: true,
  account: true,
  payouts: true,
};

export const NOTIFICATION_FALLBACK_TEXT = 'You have a new notification.';

/**
 * Whether a notice tells a host that one of their bookings was made, moved, cancelled or refunded:
 * pages listing the host's bookings (/manage/bookings) reload on these. The owner's reminders are
 * among them (they change no booking; reloading on them is harmless); blackout start and end
 * notices, which concern a bathroom, are not.
 */
export function isHostBookingNotice(type: string): boolean {
  if (!isNotificationType(type)) return false;
  const info = notificationInfo(type);
  return (
    info.audience === 'owner' &&
    (info.category === 'bookings' || info.category === 'refunds') &&
    !info.subject
  );
}
