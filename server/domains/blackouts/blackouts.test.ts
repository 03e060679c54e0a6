import { expect, it, vi } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { book, bookOk, startIn } from '../bookings/booking-test-support.ts';
import { BLACKOUT_ENDED_JOB, BLACKOUT_STARTED_JOB } from './blackout-notices.ts';
import { createBlackoutService } from './blackout-service.ts';
import { blackoutScene, countOf, hoursFrom, paidBookingOf, range, typesOf } from './blackout-test-support.ts';

/** Preview, confirm, cancellation with full refunds, and the start/end notices (ADR 094). */

const bookingRow = (ctx: () => TestContext, id: string) =>
  ctx().services.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The service on the app's database with a clock of our choosing (the job handlers read it). */
function serviceAt(ctx: () => TestContext, now: Date) {
  const { services } = ctx();
  return createBlackoutService({
    db: services.db,
    bookings: services.bookings,
    notifications: services.notifications,
    jobs: services.jobs,
    log: services.log,
    now: () => now,
  });
}

describeWithApp('blackouts: preview, confirm and cancellation', (ctx) => {
  it('lists the bookings first, refuses without confirm, then cancels them with full refunds and notifies once', async () => {
    const scene = await blackoutScene(ctx);
    const { host, guest, admin, otherGuest, bathroomId, bookingId, bookingStart } = scene;
    // A second guest's unpaid hold inside the range, and a booking outside it that must survive.
    const hold = await bookOk(otherGuest, bathroomId, hoursFrom(bookingStart, 2), 60);
    const outside = await paidBookingOf(ctx, otherGuest, bathroomId, hoursFrom(bookingStart, 6));
    const body = { bathroomId, ...range(hoursFrom(bookingStart, -1), 4), reason: 'Burst pipe' };

    const preview = await host.agent.post('/api/manage/blackouts/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      bathroom: { id: bathroomId, timezone: 'America/New_York' },
      refund_total_cents: 1200,
      bookings: [
        { booking_id: bookingId, guest_first_name: 'Pat', status: 'confirmed', refund_cents: 1200 },
        { booking_id: hold.id, status: 'pending_payment', refund_cents: 0 },
      ],
    });

    const unconfirmed = await host.agent.post('/api/manage/blackouts', body);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(
      '2 bookings fall inside this blackout. Confirm to cancel them with a full refund.',
    );
    expect(unconfirmed.json().bookings.map((row: { booking_id: string }) => row.booking_id)).toEqual([
      bookingId,
      hold.id,
    ]);
    expect(await ctx().services.db.selectFrom('bathroom_blackouts').selectAll().execute()).toEqual([]);
    expect((await bookingRow(ctx, bookingId)).status).toBe('confirmed');

    const made = await host.agent.post('/api/manage/blackouts', { ...body, confirm: true });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().cancelled).toMatchObject([
      { booking_id: bookingId, refund_cents: 1200 },
      { booking_id: hold.id, refund_cents: 0 },
    ]);
    await ctx().services.bookings.paymentsSettled();

    const cancelled = await bookingRow(ctx, bookingId);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      amount_refunded_cents: 1200,
      cancelled_by: host.id,
    });
    expect(cancelled.cancellation_reason).toBe('Blackout: Burst pipe');
    expect((await bookingRow(ctx, hold.id)).status).toBe('cancelled');
    expect((await bookingRow(ctx, outside)).status).toBe('confirmed');
    const refunds = await ctx().services.db.selectFrom('booking_refunds').selectAll().execute();
    expect(refunds).toMatchObject([{ booking_id: bookingId, amount_cents: 1200, status: 'succeeded' }]);
    expect(
      (await ctx().services.db.selectFrom('test_refunds').selectAll().execute()).map((r) => r.amount_cents),
    ).toEqual([1200]);

    // Exactly the blackout notices, once each, and not the ordinary cancellation ones.
    const guestTypes = await typesOf(ctx, guest.id);
    expect(countOf(guestTypes, 'booking_cancelled_blackout')).toBe(1);
    expect(guestTypes).not.toContain('RESERVATION_CANCELLED');
    expect(countOf(await typesOf(ctx, otherGuest.id), 'booking_cancelled_blackout')).toBe(1);
    const hostTypes = await typesOf(ctx, host.id);
    expect(countOf(hostTypes, 'owner_booking_cancelled_blackout')).toBe(2);
    expect(hostTypes).not.toContain('RESERVATION_OWNER_CANCELLED');
    expect(countOf(await typesOf(ctx, admin.id), 'admin_booking_cancelled_blackout')).toBe(2);
    const guestNotice = await ctx()
      .services.db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', guest.id)
      .where('notification_type', '=', 'booking_cancelled_blackout')
      .executeTakeFirstOrThrow();
    expect(guestNotice.message).toMatch(
      /was cancelled because the host blocked that time\. Your \$12\.00 is on its way back/,
    );
    expect(guestNotice.meta).toMatchObject({ booking_id: bookingId, bathroom_id: bathroomId });

    // Running the cancellation again (the start job does) moves and notifies nothing more.
    const blackoutId = made.json().blackout.id as string;
    expect(await ctx().services.blackouts.cancelBookingsIn(blackoutId, host.id)).toEqual([]);
    await ctx().services.bookings.paymentsSettled();
    expect(countOf(await typesOf(ctx, guest.id), 'booking_cancelled_blackout')).toBe(1);
    expect(await ctx().services.db.selectFrom('test_refunds').selectAll().execute()).toHaveLength(1);

    // The slot engine now refuses any start inside the blackout, and the guest sees the cancellation.
    const inside = await book(otherGuest, bathroomId, bookingStart, 60);
    expect(inside.statusCode).toBe(409);
    expect(inside.json().message).toMatch(/blocked/);
    const seen = await guest.agent.get(`/api/bookings/${bookingId}`);
    expect(seen.json()).toMatchObject({ status: 'cancelled', amount_refunded_cents: 1200 });
  });

  it('refuses to black out over a checked-in guest', async () => {
    const { host, bathroomId, bookingId, bookingStart } = await blackoutScene(ctx);
    await ctx()
      .services.db.updateTable('bookings')
      .set({ status: 'checked_in' })
      .where('id', '=', bookingId)
      .execute();
    const body = { bathroomId, ...range(hoursFrom(bookingStart, -1), 3), confirm: true };
    const refused = await host.agent.post('/api/manage/blackouts', body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/A guest is checked in until/);
    const { confirm: _confirm, ...previewBody } = body;
    expect((await host.agent.post('/api/manage/blackouts/preview', previewBody)).statusCode).toBe(409);
    expect((await bookingRow(ctx, bookingId)).status).toBe('checked_in');
  });

  it('removing a blackout frees the time again; bookings it cancelled stay cancelled', async () => {
    const { host, guest, bathroomId, bookingId, bookingStart } = await blackoutScene(ctx);
    const made = await host.agent.post('/api/manage/blackouts', {
      bathroomId,
      ...range(hoursFrom(bookingStart, -1), 3),
      confirm: true,
    });
    expect(made.statusCode).toBe(201);
    const removed = await host.agent.request('DELETE', `/api/manage/blackouts/${made.json().blackout.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await bookingRow(ctx, bookingId)).status).toBe('cancelled');
    expect((await book(guest, bathroomId, bookingStart, 60)).statusCode).toBe(201);
  });
});

describeWithApp('blackouts: start and end notices', (ctx) => {
  it('tells the host once when a blackout starts and once when it ends, never early, never for a removed one', async () => {
    const { host, bathroomId } = await blackoutScene(ctx);
    const start = startIn(5);
    const made = await host.agent.post('/api/manage/blackouts', { bathroomId, ...range(start, 3) });
    expect(made.statusCode).toBe(201);
    const id = made.json().blackout.id as string;

    expect(await serviceAt(ctx, hoursFrom(start, -1)).blackoutStarted(id)).toBe(false);
    const during = serviceAt(ctx, hoursFrom(start, 1));
    expect(await during.blackoutEnded(id)).toBe(false);
    expect(await during.blackoutStarted(id)).toBe(true);
    // A retried or doubled job sends nothing more.
    expect(await during.blackoutStarted(id)).toBe(false);
    const after = serviceAt(ctx, hoursFrom(start, 4));
    expect(await after.blackoutEnded(id)).toBe(true);
    expect(await after.blackoutEnded(id)).toBe(false);
    const types = await typesOf(ctx, host.id);
    expect(countOf(types, 'bathroom_blackout_started')).toBe(1);
    expect(countOf(types, 'bathroom_blackout_ended')).toBe(1);
    const started = await ctx()
      .services.db.selectFrom('notifications')
      .selectAll()
      .where('notification_type', '=', 'bathroom_blackout_started')
      .executeTakeFirstOrThrow();
    expect(started.meta).toMatchObject({ bathroom_id: bathroomId, blackout_id: id });

    const other = await host.agent.post('/api/manage/blackouts', { bathroomId, ...range(startIn(8), 2) });
    const otherId = other.json().blackout.id as string;
    expect((await host.agent.request('DELETE', `/api/manage/blackouts/${otherId}`)).statusCode).toBe(204);
    const later = serviceAt(ctx, hoursFrom(startIn(8), 3));
    expect(await later.blackoutStarted(otherId)).toBe(false);
    expect(await later.blackoutEnded(otherId)).toBe(false);
    expect(countOf(await typesOf(ctx, host.id), 'bathroom_blackout_started')).toBe(1);
  });

  it('the start job cancels a booking a failed cancellation left inside the blackout', async () => {
    const { host, guest, bathroomId, bookingId, bookingStart } = await blackoutScene(ctx);
    // As if the process died after the blackout's commit, before the cancellations ran.
    const [row] = await ctx()
      .services.db.insertInto('bathroom_blackouts')
      .values({
        bathroom_id: bathroomId,
        starts_at: hoursFrom(bookingStart, -1),
        ends_at: hoursFrom(bookingStart, 2),
        created_by: host.id,
      })
      .returning('id')
      .execute();
    const id = row?.id as string;
    expect(await serviceAt(ctx, hoursFrom(bookingStart, -0.5)).blackoutStarted(id)).toBe(true);
    await ctx().services.bookings.paymentsSettled();
    expect((await bookingRow(ctx, bookingId)).status).toBe('cancelled');
    expect(countOf(await typesOf(ctx, guest.id), 'booking_cancelled_blackout')).toBe(1);
  });

  it('schedules one start and one end job per blackout, keyed so a resend schedules nothing new', async () => {
    const { host, bathroomId } = await blackoutScene(ctx);
    const { services } = ctx();
    const send = vi.fn(async () => null);
    const scheduled = createBlackoutService({
      db: services.db,
      bookings: services.bookings,
      notifications: services.notifications,
      jobs: { isRunning: () => true, send },
      log: services.log,
    });
    const start = startIn(6);
    const actor = { userId: host.id, isProvider: true, isAdmin: false };
    const made = await scheduled.create(actor, { bathroomId, ...range(start, 2) });
    if (!('blackout' in made)) throw new Error('expected a blackout');
    const id = made.blackout.id;
    expect(send.mock.calls).toEqual([
      [BLACKOUT_STARTED_JOB, { blackoutId: id }, { startAfter: start, singletonKey: `${id}:started` }],
      [
        BLACKOUT_ENDED_JOB,
        { blackoutId: id },
        { startAfter: hoursFrom(start, 2), singletonKey: `${id}:ended` },
      ],
    ]);
  });
});
