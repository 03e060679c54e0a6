import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES } from '../../../common/schemas/bookings.ts';
import { describeWithApp } from '../../test/harness.ts';
import { bookingCast, bookingRows, bookOk, publishedBathroom, startIn } from './booking-test-support.ts';
import { canMove, moveBooking, TRANSITIONS } from './booking-transitions.ts';

describe('booking transitions table', () => {
  it('follows PRODUCT.md: pending_payment → confirmed → checked_in → completed, or cancelled / expired', () => {
    const moves = BOOKING_STATUSES.flatMap((from) =>
      BOOKING_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves.sort()).toEqual(
      [
        'pending_payment→confirmed',
        'pending_payment→cancelled',
        'pending_payment→expired',
        'confirmed→checked_in',
        'confirmed→completed',
        'confirmed→cancelled',
        'checked_in→completed',
      ].sort(),
    );
    for (const terminal of ['completed', 'cancelled', 'expired'] as const) {
      expect(BOOKING_STATUSES.some((to) => canMove(terminal, to))).toBe(false);
    }
    expect(TRANSITIONS.pending_payment).toEqual([]);
  });
});

describeWithApp('booking transitions on the database', (ctx) => {
  it('moves once, repeats as no-ops, stamps the time and refuses impossible moves with 409', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id);
    const booking = await bookOk(guest, bathroomId, startIn(2));

    expect(await moveBooking(db, booking.id, 'confirmed')).toEqual({ changed: true, status: 'confirmed' });
    expect(await moveBooking(db, booking.id, 'confirmed')).toEqual({ changed: false, status: 'confirmed' });
    const [confirmed] = await bookingRows(ctx);
    expect(confirmed?.confirmed_at).toBeInstanceOf(Date);

    await expect(moveBooking(db, booking.id, 'expired')).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    // The expiry job's guarded form never fails on a paid booking; it leaves it be.
    expect(await moveBooking(db, booking.id, 'expired', { onlyIfHoldExpired: true })).toEqual({
      changed: false,
      status: 'confirmed',
    });

    const cancel = { cancelledBy: host.id, reason: 'Plumbing emergency' };
    expect(await moveBooking(db, booking.id, 'cancelled', cancel)).toEqual({
      changed: true,
      status: 'cancelled',
    });
    expect(await moveBooking(db, booking.id, 'cancelled', cancel)).toEqual({
      changed: false,
      status: 'cancelled',
    });
    const [cancelled] = await bookingRows(ctx);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_by: host.id,
      cancellation_reason: 'Plumbing emergency',
    });
    await expect(moveBooking(db, booking.id, 'checked_in')).rejects.toMatchObject({ status: 409 });

    expect(await moveBooking(db, '00000000-0000-4000-8000-000000000000', 'confirmed')).toEqual({
      changed: false,
      status: null,
    });
  });

  it('lets two simultaneous identical moves change the row once', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id);
    const booking = await bookOk(guest, bathroomId, startIn(2));
    const results = await Promise.all([1, 2, 3].map(() => moveBooking(db, booking.id, 'confirmed')));
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    expect(results.every((result) => result.status === 'confirmed')).toBe(true);
  });
});
