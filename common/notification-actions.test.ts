import { describe, expect, it } from 'vitest';
import { notificationActions, specNotificationActions } from './notification-actions.ts';
import { parseNotificationMeta } from './notification-meta.ts';
import { NOTIFICATION_TYPE_NAMES } from './notification-types.ts';

describe('notification action buttons (spec §6)', () => {
  it('gives guest reservation types View Booking and Message Provider', () => {
    expect(specNotificationActions('RESERVATION_CONFIRMED', { booking_id: 'b1', user_id: 'host1' })).toEqual([
      { label: 'View Booking', to: '/bookings/b1' },
      { label: 'Message Provider', to: '/messages?booking=b1&contact=host1' },
    ]);
  });

  it('gives the review publication, which both parties get, a neutral Send Message', () => {
    expect(
      specNotificationActions('RESERVATION_REVIEW_COMPLETED', { booking_id: 'b1', user_id: 'g1' })[1],
    ).toEqual({
      label: 'Send Message',
      to: '/messages?booking=b1&contact=g1',
    });
  });

  it('gives owner types Message Guest, received messages View Message, others Send Message', () => {
    expect(specNotificationActions('RESERVATION_OWNER_CONFIRMED', { booking_id: 'b2' })[1]).toEqual({
      label: 'Message Guest',
      to: '/messages?booking=b2',
    });
    expect(specNotificationActions('MESSAGE_RECEIVED', { booking_id: 'b3', sender_id: 's1' })[1]).toEqual({
      label: 'View Message',
      to: '/messages?booking=b3&contact=s1',
    });
    expect(specNotificationActions('MESSAGE_READ', { booking_id: 'b4' })[1]?.label).toBe('Send Message');
  });

  it('maps provider, blackout, property, refund, admin and user-registered types', () => {
    expect(specNotificationActions('BECOME_PROVIDER_REQUEST_APPROVED', {})).toEqual([
      { label: 'Manage Properties', to: '/manage/properties' },
    ]);
    expect(specNotificationActions('bathroom_blackout_started', { bathroom_id: 'x' })).toEqual([
      { label: 'Manage Property', to: '/manage/properties/x' },
    ]);
    // ADR 136: a listing an admin unpublished or published again leads to its page in Manage.
    for (const type of ['OWNER_PROPERTY_UNPUBLISHED', 'OWNER_PROPERTY_REPUBLISHED']) {
      expect(specNotificationActions(type, { bathroom_id: 'y' })).toEqual([
        { label: 'Manage Property', to: '/manage/properties/y' },
      ]);
    }
    expect(specNotificationActions('RESERVATION_REVIEW_COMPLETED', { bathroom_id: 'x' })).toEqual([
      { label: 'View Property', to: '/bathrooms/x' },
    ]);
    expect(specNotificationActions('USER_REFUND_PROCESSED', { booking_id: 'b' })).toEqual([
      { label: 'View Booking', to: '/bookings/b' },
      { label: 'View Bookings', to: '/bookings' },
    ]);
    expect(specNotificationActions('ADMIN_REFUND_FAILED', {})).toEqual([
      { label: 'Refund Requests', to: '/admin/refund-requests' },
    ]);
    expect(specNotificationActions('ADMIN_RESERVATION_ACTIVE', {})).toEqual([
      { label: 'Admin Bookings', to: '/admin/bookings' },
    ]);
    expect(specNotificationActions('USER_REGISTERED', {})).toEqual([
      { label: 'View Users', to: '/admin/users' },
    ]);
  });

  it('falls back to View Details for unknown types and missing ids', () => {
    expect(specNotificationActions('SOMETHING_NEW', {})).toEqual([
      { label: 'View Details', to: '/notifications' },
    ]);
    expect(specNotificationActions('RESERVATION_CONFIRMED', {})).toEqual([
      { label: 'View Details', to: '/notifications' },
    ]);
  });

  it('gives every type at least one action whatever its meta', () => {
    for (const type of NOTIFICATION_TYPE_NAMES) {
      for (const meta of [{}, '{"booking_id":"b"}', 'not json', null, 42, ['x'], { booking_id: 7 }]) {
        expect(specNotificationActions(type, meta).length).toBeGreaterThan(0);
      }
    }
  });
});

describe('the buttons shown', () => {
  it('shows message buttons (the messages pages exist) and admins’ refund notices lead to the refund requests', () => {
    expect(notificationActions('RESERVATION_CONFIRMED', { booking_id: 'b1', user_id: 'host1' })).toEqual([
      { label: 'View Booking', to: '/bookings/b1' },
      { label: 'Message Provider', to: '/messages?booking=b1&contact=host1' },
    ]);
    expect(notificationActions('ADMIN_REFUND_FAILED', { booking_id: 'b9' })).toEqual([
      { label: 'Refund Requests', to: '/admin/refund-requests' },
    ]);
    expect(notificationActions('OWNER_REFUND_REQUESTED', { booking_id: 'b9' })).toEqual([
      { label: 'View Booking', to: '/bookings/b9' },
      { label: 'View Bookings', to: '/bookings' },
    ]);
    expect(notificationActions('MESSAGE_RECEIVED', { sender_id: 's1' })).toEqual([
      { label: 'View Details', to: '/notifications' },
    ]);
    expect(notificationActions('USER_REGISTERED', {})).toEqual([{ label: 'View Users', to: '/admin/users' }]);
  });
});

describe('payout notices (ADR 129)', () => {
  it('lead admins to the payouts page and hosts to their earnings', () => {
    expect(notificationActions('ADMIN_PAYOUT_FAILED', { payout_id: 'p1' })).toEqual([
      { label: 'Provider Payouts', to: '/admin/provider-payout' },
    ]);
    expect(specNotificationActions('OWNER_PAYOUT_SENT', {})).toEqual([
      { label: 'View Earnings', to: '/earnings' },
    ]);
    expect(notificationActions('OWNER_PAYOUT_FAILED', {})).toEqual([
      { label: 'View Earnings', to: '/earnings' },
    ]);
  });
});

describe('notification meta (spec §3: object or JSON string)', () => {
  it('reads an object or a JSON string alike', () => {
    const meta = {
      booking_id: 'b',
      booking: { start_time: '2026-11-21T10:00:00Z', bathroom: { title: 'Loft' } },
    };
    expect(parseNotificationMeta(meta)).toMatchObject(meta);
    expect(parseNotificationMeta(JSON.stringify(meta))).toMatchObject(meta);
  });

  it('never throws on malformed meta and keeps the well-formed fields', () => {
    expect(parseNotificationMeta('{broken')).toEqual({});
    expect(parseNotificationMeta(null)).toEqual({});
    expect(parseNotificationMeta([1, 2])).toEqual({});
    expect(parseNotificationMeta({ booking_id: 5, bathroom_id: 'ok' })).toEqual({ bathroom_id: 'ok' });
  });
});
