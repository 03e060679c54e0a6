import type { NotificationType } from './notification-types.ts';

/**
 * Each type's title: the panel entry's and the toast's heading, and its email's subject (each type
 * gets its own email from this title, its message, its first action and its category).
 */
const TITLES: Record<NotificationType, string> = {
  RESERVATION_UPCOMING: 'Booking coming up',
  RESERVATION_CONFIRMED: 'Booking confirmed',
  RESERVATION_CANCELLED: 'Booking cancelled',
  RESERVATION_COMPLETED: 'Booking completed',
  RESERVATION_REVIEW: 'How was your visit?',
  RESERVATION_REMINDER: 'Check-in is open',
  RESERVATION_ONE_HOUR: 'Your booking starts soon',
  RESERVATION_OWNER_ONE_HOUR: 'A guest arrives soon',
  RESERVATION_OWNER_REMINDER: 'Check-in is open',
  RESERVATION_OWNER_REVIEW: 'New review',
  RESERVATION_OWNER_CONFIRMED: 'New booking',
  RESERVATION_OWNER_CANCELLED: 'Booking cancelled',
  RESERVATION_OWNER_COMPLETED: 'Booking completed',
  RESERVATION_OWNER_UPCOMING: 'Guest arriving',
  RESERVATION_OWNER_USER_CHECKED_IN: 'Guest checked in',
  RESERVATION_REVIEW_REMINDER: 'Leave a review',
  RESERVATION_OWNER_REVIEW_REMINDER: 'Review reminder',
  RESERVATION_REVIEW_COMPLETED: 'Review posted',
  ADMIN_RESERVATION_UPCOMING: 'Upcoming booking',
  ADMIN_RESERVATION_ACTIVE: 'Booking in progress',
  ADMIN_RESERVATION_COMPLETED: 'Booking completed',
  USER_REFUND_PROCESSED: 'Refund processed',
  OWNER_REFUND_PROCESSED: 'Refund processed',
  ADMIN_REFUND_PROCESSED: 'Refund processed',
  ADMIN_REFUND_FAILED: 'Refund failed',
  OWNER_REFUND_REQUESTED: 'Refund requested',
  ADMIN_REFUND_REQUESTED: 'Refund requested',
  USER_REFUND_DENIED: 'Refund request denied',
  BECOME_PROVIDER_REQUEST: 'New provider request',
  BECOME_PROVIDER_REQUEST_APPROVED: 'You are now a host',
  BECOME_PROVIDER_REQUEST_REJECTED: 'Provider request declined',
  BECOME_PROVIDER_REQUEST_REVOKED: 'Hosting access removed',
  MESSAGE_RECEIVED: 'New message',
  MESSAGE_READ: 'Message read',
  MESSAGE_SENT: 'Message sent',
  MESSAGE_DELETED: 'Message deleted',
  MESSAGE_REMINDER: 'Unanswered message',
  MESSAGE_REVIEW: 'Message',
  USER_REGISTERED: 'New user',
  OWNER_PAYOUT_SENT: 'Payout sent',
  OWNER_PAYOUT_FAILED: 'Payout failed',
  ADMIN_PAYOUT_FAILED: 'Payout failed',
  OWNER_PROPERTY_UNPUBLISHED: 'Listing unpublished by Privy',
  OWNER_PROPERTY_REPUBLISHED: 'Listing published again',
  bathroom_blackout_started: 'Blackout started',
  bathroom_blackout_ended: 'Blackout ended',
  booking_cancelled_blackout: 'Booking cancelled',
  owner_booking_cancelled_blackout: 'Booking cancelled for a blackout',
  admin_booking_cancelled_blackout: 'Booking cancelled for a blackout',
};

export function notificationTitle(type: string): string {
  return TITLES[type as NotificationType] ?? 'Notification';
}
