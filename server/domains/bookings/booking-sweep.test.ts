import { describe, expect, it } from 'vitest';
import { countdownTarget, parseArrivalOffsetMs } from '../../../common/countdown.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { createBookingSweep, untilStart } from './booking-sweep.ts';
import {
  bookingCast,
  holdWithCheckout,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';

/** The minute sweep: reminders, completion, review requests (ADR 090, "Reminders and completion"). */

const notificationsOf = async (ctx: () => TestContext, userId: string) =>
  ctx()
    .services.db.selectFrom('notifications')
    .select(['notification_type', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

const typesOf = async (ctx: () => TestContext, userId: string) =>
  (await notificationsOf(ctx, userId)).map((row) => row.notification_type);

describe('untilStart', () => {
  it('writes hours and minutes the countdown reads back', () => {
    const now = new Date('2027-03-14T10:00:00Z');
    expect(untilStart(new Date('2027-03-15T10:00:00Z'), now)).toBe('24 hours 0 minutes');
    expect(untilStart(new Date('2027-03-14T11:05:00Z'), now)).toBe('1 hour 5 minutes');
    expect(untilStart(new Date('2027-03-14T10:45:00Z'), now)).toBe('0 hours 45 minutes');
    const message = `Starts in ${untilStart(new Date('2027-03-14T13:20:00Z'), now)}: your booking at Loft (Sun, Mar 14, 2027, 9:20 AM).`;
    expect(countdownTarget(now, message)).toBe(new Date('2027-03-14T13:20:00Z').getTime());
    // A late sweep inside the last hour: the title's own numbers must not be read as the lead.
    const late = `Starts in ${untilStart(new Date('2027-03-14T10:59:00Z'), now)}: your booking at 3 Hour Spa, 5 min from the station (Sun, Mar 14, 2027, 6:59 AM).`;
    expect(countdownTarget(now, late)).toBe(new Date('2027-03-14T10:59:00Z').getTime());
  });
});

describeWithApp('bookings: the minute sweep', (ctx) => {
  it('reminds a day and an hour ahead and completes at the end, each once', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(3);
    const hold = await holdWithCheckout(guest, bathroomId, start, 30);
    const paid = await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${hold.sessionId}/pay`);
    expect(paid.statusCode).toBe(200);
    let now = new Date();
    const sweep = createBookingSweep({
      db: ctx().services.db,
      notifications: ctx().services.notifications,
      messaging: ctx().services.messaging,
      reviews: ctx().services.reviews,
      now: () => now,
    });

    expect(await sweep.sweep()).toEqual({
      completed: 0,
      released: 0,
      upcoming: 0,
      oneHour: 0,
      checkIn: 0,
    });
    now = plusMinutes(start, -24 * 60 + 1);
    expect(await sweep.sweep()).toMatchObject({ upcoming: 1, oneHour: 0 });
    expect(await sweep.sweep()).toMatchObject({ upcoming: 0 });
    const upcoming = (await notificationsOf(ctx, guest.id)).find(
      (row) => row.notification_type === 'RESERVATION_UPCOMING',
    );
    expect(upcoming?.message).toMatch(/^Starts in 23 hours 59 minutes: your booking at /);
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_OWNER_UPCOMING');

    now = plusMinutes(start, -45);
    expect(await sweep.sweep()).toMatchObject({ upcoming: 0, oneHour: 1 });
    expect(await sweep.sweep()).toMatchObject({ oneHour: 0 });
    expect(await typesOf(ctx, guest.id)).toContain('RESERVATION_ONE_HOUR');
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_OWNER_ONE_HOUR');

    // Check-in opens 10 minutes before the start: the guest and the host are told, once.
    now = plusMinutes(start, -11);
    expect(await sweep.sweep()).toMatchObject({ oneHour: 0, checkIn: 0 });
    now = plusMinutes(start, -10);
    expect(await sweep.sweep()).toMatchObject({ checkIn: 1 });
    expect(await sweep.sweep()).toMatchObject({ checkIn: 0 });
    const reminder = (await notificationsOf(ctx, guest.id)).find(
      (row) => row.notification_type === 'RESERVATION_REMINDER',
    );
    expect(reminder?.message).toMatch(/^Check-in is open: your booking starts in 0 hours 10 minutes at /);
    expect(parseArrivalOffsetMs(reminder?.message)).toBe(10 * 60_000);
    const ownerReminder = (await notificationsOf(ctx, host.id)).find(
      (row) => row.notification_type === 'RESERVATION_OWNER_REMINDER',
    );
    expect(ownerReminder?.message).toMatch(
      /^Check-in is open: a guest's booking starts in 0 hours 10 minutes at /,
    );

    now = plusMinutes(start, 29);
    expect(await sweep.sweep()).toMatchObject({ completed: 0 });
    now = plusMinutes(start, 30);
    expect(await sweep.sweep()).toMatchObject({ completed: 1 });
    expect(await sweep.sweep()).toMatchObject({ completed: 0 });
    const row = await ctx().services.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(await typesOf(ctx, guest.id)).toContain('RESERVATION_COMPLETED');
    // Never checked in: nothing to review, so no review request (ADR 124; reviews-notices.test.ts).
    expect(await typesOf(ctx, guest.id)).not.toContain('RESERVATION_REVIEW');
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_OWNER_COMPLETED');
    expect(await typesOf(ctx, admin.id)).toContain('ADMIN_RESERVATION_COMPLETED');

    const types = await typesOf(ctx, guest.id);
    for (const type of [
      'RESERVATION_UPCOMING',
      'RESERVATION_ONE_HOUR',
      'RESERVATION_REMINDER',
      'RESERVATION_COMPLETED',
    ]) {
      expect(types.filter((item) => item === type)).toHaveLength(1);
    }
  });

  it('sends no 24-hour reminder for a booking made less than a day ahead, and leaves unpaid holds alone', async () => {
    const { host, guest, otherGuest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const soon = plusMinutes(startIn(0, new Date().getUTCHours(), 0), 6 * 60);
    const hold = await holdWithCheckout(guest, bathroomId, soon, 30);
    await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${hold.sessionId}/pay`);
    await holdWithCheckout(otherGuest, bathroomId, plusMinutes(soon, 30), 30);
    let now = plusMinutes(soon, -5 * 60);
    const sweep = createBookingSweep({
      db: ctx().services.db,
      notifications: ctx().services.notifications,
      messaging: ctx().services.messaging,
      reviews: ctx().services.reviews,
      now: () => now,
    });
    expect(await sweep.sweep()).toMatchObject({ upcoming: 0, oneHour: 0 });
    now = plusMinutes(soon, -60);
    expect(await sweep.sweep()).toMatchObject({ upcoming: 0, oneHour: 1 });
    // The unpaid hold is now inside its hour too, and still gets nothing.
    now = plusMinutes(soon, -25);
    expect(await sweep.sweep()).toMatchObject({ oneHour: 0 });
    expect(await typesOf(ctx, otherGuest.id)).not.toContain('RESERVATION_ONE_HOUR');
    now = plusMinutes(soon, -5);
    expect(await sweep.sweep()).toMatchObject({ checkIn: 1 });
    expect(await typesOf(ctx, otherGuest.id)).not.toContain('RESERVATION_REMINDER');
  });

  it('sends no check-in reminder to a guest already checked in, nor for a booking made after check-in opened', async () => {
    const { host, guest, otherGuest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(2);
    for (const [member, at] of [
      [guest, start],
      [otherGuest, plusMinutes(start, 60)],
    ] as const) {
      const hold = await holdWithCheckout(member, bathroomId, at, 30);
      await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${hold.sessionId}/pay`);
    }
    const db = ctx().services.db;
    await db.updateTable('bookings').set({ status: 'checked_in' }).where('guest_id', '=', guest.id).execute();
    // As if booked 5 minutes ahead (Go now): check-in was already open when it was made.
    await db
      .updateTable('bookings')
      .set({ created_at: plusMinutes(start, 55) })
      .where('guest_id', '=', otherGuest.id)
      .execute();
    let now = plusMinutes(start, -5);
    const sweep = createBookingSweep({
      db,
      notifications: ctx().services.notifications,
      messaging: ctx().services.messaging,
      reviews: ctx().services.reviews,
      now: () => now,
    });
    expect(await sweep.sweep()).toMatchObject({ checkIn: 0 });
    now = plusMinutes(start, 56);
    expect(await sweep.sweep()).toMatchObject({ checkIn: 0 });
    expect(await typesOf(ctx, guest.id)).not.toContain('RESERVATION_REMINDER');
    expect(await typesOf(ctx, otherGuest.id)).not.toContain('RESERVATION_REMINDER');
    expect(await typesOf(ctx, host.id)).not.toContain('RESERVATION_OWNER_REMINDER');
  });
});
