import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { startIn } from '../bookings/booking-test-support.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { createBlackoutService } from './blackout-service.ts';
import { blackoutScene, countOf, hoursFrom, range, typesOf } from './blackout-test-support.ts';

/** A blackout's cancellation notices commit with the cancellation; start and end notices go out once (ADR 094). */

type Notifications = Pick<NotificationService, 'notifyMany' | 'notifyAdmins'>;

/** The service on the app's database with a clock and notifications of our choosing. */
function serviceAt(ctx: () => TestContext, now: () => Date, notifications?: Notifications) {
  const { services } = ctx();
  return createBlackoutService({
    db: services.db,
    bookings: services.bookings,
    notifications: notifications ?? services.notifications,
    jobs: { isRunning: () => false, send: async () => null },
    log: { warn: () => {}, error: () => {} },
    now,
  });
}

const bookingRow = (ctx: () => TestContext, id: string) =>
  ctx().services.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeWithApp('blackouts: notices in one transaction with their cancellation', (ctx) => {
  it('a cancellation whose notices fail is undone, and the start job cancels and notifies once', async () => {
    const { host, guest, admin, bathroomId, bookingId, bookingStart } = await blackoutScene(ctx);
    const real = ctx().services.notifications;
    let adminsDown = true;
    // The admins' copy fails after the guest's and host's were written in the same transaction.
    const failing: Notifications = {
      notifyMany: real.notifyMany,
      notifyAdmins: async (input, executor) => {
        if (adminsDown) throw new Error('admin notices unavailable');
        return real.notifyAdmins(input, executor);
      },
    };
    let now = new Date();
    const service = serviceAt(ctx, () => now, failing);
    const actor = { userId: host.id, isProvider: true, isAdmin: false };
    const made = await service.create(actor, {
      bathroomId,
      ...range(hoursFrom(bookingStart, -1), 3),
      confirm: true,
    });
    if (!('blackout' in made)) throw new Error('expected a blackout');
    expect(made.cancelled).toEqual([]);
    await ctx().services.bookings.paymentsSettled();
    // Nothing half done: the booking stands, unrefunded, and nobody was told anything.
    expect(await bookingRow(ctx, bookingId)).toMatchObject({ status: 'confirmed', amount_refunded_cents: 0 });
    expect(await ctx().services.db.selectFrom('booking_refunds').selectAll().execute()).toEqual([]);
    expect(await typesOf(ctx, guest.id)).not.toContain('booking_cancelled_blackout');
    expect(await typesOf(ctx, host.id)).not.toContain('owner_booking_cancelled_blackout');

    // At the blackout's start the job (or the sweep) runs the cancellation again; now it goes through.
    adminsDown = false;
    now = hoursFrom(bookingStart, -1);
    expect(await service.blackoutStarted(made.blackout.id)).toBe(true);
    await ctx().services.bookings.paymentsSettled();
    expect(await bookingRow(ctx, bookingId)).toMatchObject({
      status: 'cancelled',
      amount_refunded_cents: 1200,
    });
    expect(countOf(await typesOf(ctx, guest.id), 'booking_cancelled_blackout')).toBe(1);
    expect(countOf(await typesOf(ctx, host.id), 'owner_booking_cancelled_blackout')).toBe(1);
    expect(countOf(await typesOf(ctx, admin.id), 'admin_booking_cancelled_blackout')).toBe(1);
    expect(await typesOf(ctx, guest.id)).not.toContain('RESERVATION_CANCELLED');
  });
});

describeWithApp('blackouts: the notice sweep', (ctx) => {
  it('sends a start and an end notice the jobs never sent, each once, whoever gets there first', async () => {
    const { host, bathroomId } = await blackoutScene(ctx);
    const start = startIn(5);
    let now = new Date();
    const service = serviceAt(ctx, () => now);
    const made = await host.agent.post('/api/manage/blackouts', { bathroomId, ...range(start, 3) });
    expect(made.statusCode).toBe(201);
    const id = made.json().blackout.id as string;

    expect(await service.sweepNotices()).toEqual({ started: 0, ended: 0 });
    now = hoursFrom(start, 0.5);
    // Two processes sweeping at once, and the late job too: one notice.
    const [first, second] = await Promise.all([service.sweepNotices(), service.sweepNotices()]);
    expect(first.started + second.started).toBe(1);
    expect(await service.blackoutStarted(id)).toBe(false);
    expect(await service.sweepNotices()).toEqual({ started: 0, ended: 0 });
    now = hoursFrom(start, 3);
    expect(await service.sweepNotices()).toEqual({ started: 0, ended: 1 });
    expect(await service.blackoutEnded(id)).toBe(false);
    const types = await typesOf(ctx, host.id);
    expect(countOf(types, 'bathroom_blackout_started')).toBe(1);
    expect(countOf(types, 'bathroom_blackout_ended')).toBe(1);
    const row = await ctx()
      .services.db.selectFrom('bathroom_blackouts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.started_notified_at).not.toBeNull();
    expect(row.ended_notified_at).not.toBeNull();
  });

  it('does not announce a start once the blackout is already over, only its end', async () => {
    const { host, bathroomId } = await blackoutScene(ctx);
    const start = startIn(6);
    const made = await host.agent.post('/api/manage/blackouts', { bathroomId, ...range(start, 2) });
    expect(made.statusCode).toBe(201);
    // The server was down for the whole blackout; it comes back after the end.
    const service = serviceAt(ctx, () => hoursFrom(start, 5));
    expect(await service.sweepNotices()).toEqual({ started: 0, ended: 1 });
    expect(await service.sweepNotices()).toEqual({ started: 0, ended: 0 });
    const types = await typesOf(ctx, host.id);
    expect(types).not.toContain('bathroom_blackout_started');
    expect(countOf(types, 'bathroom_blackout_ended')).toBe(1);
  });
});
