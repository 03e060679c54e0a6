import { describe, expect, it } from 'vitest';
import { isHostBookingNotice, NOTIFICATION_TYPE_NAMES } from './notification-types.ts';

// Spec §3, spelled exactly as written there.
const SPEC_TYPES = [
  'RESERVATION_UPCOMING',
  'RESERVATION_CONFIRMED',
  'RESERVATION_CANCELLED',
  'RESERVATION_COMPLETED',
  'RESERVATION_REVIEW',
  'RESERVATION_REMINDER',
  'RESERVATION_ONE_HOUR',
  'RESERVATION_OWNER_ONE_HOUR',
  'RESERVATION_OWNER_REMINDER',
  'RESERVATION_OWNER_REVIEW',
  'RESERVATION_OWNER_CONFIRMED',
  'RESERVATION_OWNER_CANCELLED',
  'RESERVATION_OWNER_COMPLETED',
  'RESERVATION_OWNER_UPCOMING',
  'RESERVATION_OWNER_USER_CHECKED_IN',
  'RESERVATION_REVIEW_REMINDER',
  'RESERVATION_OWNER_REVIEW_REMINDER',
  'RESERVATION_REVIEW_COMPLETED',
  'ADMIN_RESERVATION_UPCOMING',
  'ADMIN_RESERVATION_ACTIVE',
  'ADMIN_RESERVATION_COMPLETED',
  'USER_REFUND_PROCESSED',
  'OWNER_REFUND_PROCESSED',
  'ADMIN_REFUND_PROCESSED',
  'ADMIN_REFUND_FAILED',
  'BECOME_PROVIDER_REQUEST',
  'BECOME_PROVIDER_REQUEST_REVOKED',
  'BECOME_PROVIDER_REQUEST_APPROVED',
  'BECOME_PROVIDER_REQUEST_REJECTED',
  'MESSAGE_RECEIVED',
  'MESSAGE_READ',
  'MESSAGE_SENT',
  'MESSAGE_DELETED',
  'MESSAGE_REMINDER',
  'MESSAGE_REVIEW',
  'USER_REGISTERED',
  'bathroom_blackout_started',
  'bathroom_blackout_ended',
  'booking_cancelled_blackout',
  'owner_booking_cancelled_blackout',
  'admin_booking_cancelled_blackout',
];

// Privy's own, where spec §3 has none (ADR 126: a refund request filed or appealed, and denied).
// ADR 129: a host's payout sent or failed, and admins told of a failure. ADR 136: listing holds.
const PRIVY_TYPES = [
  'OWNER_REFUND_REQUESTED',
  'ADMIN_REFUND_REQUESTED',
  'USER_REFUND_DENIED',
  'OWNER_PAYOUT_SENT',
  'OWNER_PAYOUT_FAILED',
  'ADMIN_PAYOUT_FAILED',
  // ADR 136: an admin unpublished a host's listing, or published it again.
  'OWNER_PROPERTY_UNPUBLISHED',
  'OWNER_PROPERTY_REPUBLISHED',
];

describe('notification types', () => {
  it('are exactly the spec §3 list, spelled as the spec spells them, and Privy’s few own', () => {
    expect([...NOTIFICATION_TYPE_NAMES].sort()).toEqual([...SPEC_TYPES, ...PRIVY_TYPES].sort());
  });

  it("tells which notices change a host's bookings, the blackout's cancellation among them", () => {
    const hostBooking = NOTIFICATION_TYPE_NAMES.filter(isHostBookingNotice).sort();
    expect(hostBooking).toEqual(
      [
        'OWNER_REFUND_PROCESSED',
        'OWNER_REFUND_REQUESTED',
        'RESERVATION_OWNER_CANCELLED',
        'RESERVATION_OWNER_COMPLETED',
        'RESERVATION_OWNER_CONFIRMED',
        'RESERVATION_OWNER_ONE_HOUR',
        'RESERVATION_OWNER_REMINDER',
        'RESERVATION_OWNER_UPCOMING',
        'RESERVATION_OWNER_USER_CHECKED_IN',
        'owner_booking_cancelled_blackout',
      ].sort(),
    );
    expect(isHostBookingNotice('not a type')).toBe(false);
  });
});
