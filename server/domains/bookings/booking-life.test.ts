import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { createBookingLife } from './booking-life.ts';
import { createBookingRefunds } from './booking-refunds.ts';
import {
  bookingCast,
  holdWithCheckout,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';
import { insertRefund } from './refunds-repository.ts';

/** Cancellations, refunds and check-in of paid bookings (ADR 090, "Cancellations and refunds"). */

const pay = (ctx: () => TestContext, sessionId: string) =>
  new TestAgent(ctx().app).post(`/api/payments/test-checkout/${sessionId}/pay`);

const bookingRow = (ctx: () => TestContext, id: string) =>
  ctx().services.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const typesOf = async (ctx: () => TestContext, userId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select('notification_type')
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.notification_type);

/** A confirmed, paid booking: 60 minutes at $12.00 an hour → 1200 cents paid. */
async function paidBooking(ctx: () => TestContext, start = startIn(2)) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
  const hold = await holdWithCheckout(cast.guest, bathroomId, start, 60);
  expect((await pay(ctx, hold.sessionId)).statusCode).toBe(200);
  await ctx().services.bookings.paymentsSettled();
  expect((await bookingRow(ctx, hold.booking.id)).status).toBe('confirmed');
  return { ...cast, bathroomId, bookingId: hold.booking.id };
}

/** Moves a booking in time (both ends, so its duration check holds). */
async function shiftBooking(ctx: () => TestContext, bookingId: string, startsAt: Date) {
  await sql`update bookings set starts_at = ${startsAt}, ends_at = ${startsAt}::timestamptz + make_interval(mins => duration_minutes)
    where id = ${bookingId}`.execute(ctx().services.db);
}

const quiet = { warn: () => {}, error: () => {} };

/** The booking life on the suite's database with its own clock (and, optionally, payments). */
function lifeAt(
  ctx: () => TestContext,
  now: () => Date,
  payments: Parameters<typeof createBookingRefunds>[0]['payments'] = ctx().services.payments,
) {
  const { db, notifications } = ctx().services;
  const refunds = createBookingRefunds({ db, payments, notifications, log: quiet, now });
  return createBookingLife({ db, refunds, notifications, closeSession: async () => true, log: quiet, now });
}

describeWithApp('bookings: cancellation, refunds and check-in', (ctx) => {
  it('a guest cancelling a day ahead sees the full refund first, then gets it, once', async () => {
    const { guest, host, bookingId } = await paidBooking(ctx);
    const terms = await guest.agent.get(`/api/bookings/${bookingId}/cancellation`);
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({
      can_cancel: true,
      policy: 'full',
      refund_cents: 1200,
      message: 'You get a full refund of $12.00.',
    });

    const cancelled = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {
      reason: 'Plans changed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      amount_paid_cents: 1200,
      amount_refunded_cents: 1200,
      cancellation_reason: 'Plans changed',
    });
    await ctx().services.bookings.paymentsSettled();
    const refunds = await ctx().services.db.selectFrom('booking_refunds').selectAll().execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      amount_cents: 1200,
      status: 'succeeded',
      reason: 'guest_cancelled',
      attempts: 1,
    });
    const provider = await ctx().services.db.selectFrom('test_refunds').selectAll().execute();
    expect(provider.map((row) => row.amount_cents)).toEqual([1200]);
    expect(await typesOf(ctx, guest.id)).toContain('RESERVATION_CANCELLED');
    expect(await typesOf(ctx, host.id)).toContain('RESERVATION_OWNER_CANCELLED');

    // Asking again changes nothing and refunds nothing more.
    const again = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(again.statusCode).toBe(200);
    await ctx().services.bookings.paymentsSettled();
    expect(await ctx().services.db.selectFrom('test_refunds').selectAll().execute()).toHaveLength(1);
    expect((await typesOf(ctx, guest.id)).filter((type) => type === 'RESERVATION_CANCELLED')).toHaveLength(1);
    expect((await guest.agent.get(`/api/bookings/${bookingId}/cancellation`)).json()).toMatchObject({
      can_cancel: false,
      refund_cents: 0,
    });
  });

  it('a guest cancelling inside the hour gets half; after the start, nothing', async () => {
    const { guest, bookingId } = await paidBooking(ctx);
    await shiftBooking(ctx, bookingId, plusMinutes(new Date(), 30));
    expect((await guest.agent.get(`/api/bookings/${bookingId}/cancellation`)).json()).toMatchObject({
      policy: 'half',
      refund_cents: 600,
    });
    await shiftBooking(ctx, bookingId, plusMinutes(new Date(), -10));
    expect((await guest.agent.get(`/api/bookings/${bookingId}/cancellation`)).json()).toMatchObject({
      can_cancel: true,
      policy: 'none',
      refund_cents: 0,
    });
    const cancelled = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', amount_refunded_cents: 0 });
    expect(await ctx().services.db.selectFrom('booking_refunds').selectAll().execute()).toEqual([]);
  });

  it('a host cancelling refunds in full even inside the hour', async () => {
    const { host, guest, bookingId } = await paidBooking(ctx);
    await shiftBooking(ctx, bookingId, plusMinutes(new Date(), 20));
    expect((await host.agent.get(`/api/bookings/${bookingId}/cancellation`)).json()).toMatchObject({
      policy: 'full',
      refund_cents: 1200,
      message: 'The guest gets a full refund of $12.00.',
    });
    const cancelled = await host.agent.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Pipe burst' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', amount_refunded_cents: 1200 });
    expect((await bookingRow(ctx, bookingId)).cancelled_by).toBe(host.id);
    expect(await typesOf(ctx, guest.id)).toContain('RESERVATION_CANCELLED');
    // The refund goes to the provider after the commit; wait for it so nothing runs past the test.
    await ctx().services.bookings.paymentsSettled();
    expect(
      await ctx().services.db.selectFrom('booking_refunds').select(['amount_cents', 'status']).execute(),
    ).toEqual([{ amount_cents: 1200, status: 'succeeded' }]);
  });

  it('who may see the terms, cancel and check in', async () => {
    const { guest, host, otherGuest, otherHost, admin, bookingId } = await paidBooking(ctx);
    const anonymous = new TestAgent(ctx().app);
    const paths = [
      ['get', `/api/bookings/${bookingId}/cancellation`],
      ['post', `/api/bookings/${bookingId}/cancel`],
      ['post', `/api/bookings/${bookingId}/check-in`],
    ] as const;
    const call = (agent: TestAgent, [method, path]: (typeof paths)[number]) =>
      method === 'get' ? agent.get(path) : agent.post(path, {});
    for (const path of paths) {
      expect((await call(anonymous, path)).statusCode).toBe(401);
      expect((await call(otherGuest.agent, path)).statusCode).toBe(404);
      expect((await call(otherHost.agent, path)).statusCode).toBe(404);
    }
    // Only the guest checks in; the host and admins are refused plainly.
    expect((await host.agent.post(`/api/bookings/${bookingId}/check-in`, {})).statusCode).toBe(403);
    expect((await admin.agent.post(`/api/bookings/${bookingId}/check-in`, {})).statusCode).toBe(403);
    // Each party sees its own terms: two days ahead, everyone refunds in full.
    for (const party of [guest, host, admin]) {
      const terms = await party.agent.get(`/api/bookings/${bookingId}/cancellation`);
      expect(terms.statusCode).toBe(200);
      expect(terms.json()).toMatchObject({ can_cancel: true, policy: 'full', refund_cents: 1200 });
    }
    // Two days ahead: check-in is not open yet.
    const early = await guest.agent.post(`/api/bookings/${bookingId}/check-in`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Check-in opens 10 minutes before the start, at /);
    // Bad input names the field; nothing is changed.
    const long = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields[0].field).toBe('reason');
    expect((await guest.agent.post('/api/bookings/not-a-uuid/cancel', {})).statusCode).toBe(400);
    // A disabled account is refused on every route, the booking's own guest and host included.
    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    await updateProfile(ctx().services.db, host.id, { is_deleted: true });
    for (const path of paths) {
      expect((await call(guest.agent, path)).statusCode).toBe(403);
      expect((await call(host.agent, path)).statusCode).toBe(403);
    }
    expect((await bookingRow(ctx, bookingId)).status).toBe('confirmed');
    // An admin may cancel, in full.
    const byAdmin = await admin.agent.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Safety report' });
    expect(byAdmin.json()).toMatchObject({ status: 'cancelled', amount_refunded_cents: 1200 });
    await ctx().services.bookings.paymentsSettled();
  });

  it('checks in from 10 minutes before the start until the end, once, and tells the host and admins', async () => {
    const { guest, host, admin, bookingId } = await paidBooking(ctx);
    const start = startIn(2);
    let now = plusMinutes(start, -11);
    const life = lifeAt(ctx, () => now);
    const actor = { userId: guest.id, isAdmin: false };
    await expect(life.checkIn(actor, bookingId)).rejects.toThrow(/Check-in opens/);
    now = plusMinutes(start, -10);
    expect(await life.checkIn(actor, bookingId)).toEqual({ changed: true });
    expect(await life.checkIn(actor, bookingId)).toEqual({ changed: false });
    expect((await bookingRow(ctx, bookingId)).status).toBe('checked_in');
    expect(
      (await typesOf(ctx, host.id)).filter((type) => type === 'RESERVATION_OWNER_USER_CHECKED_IN'),
    ).toHaveLength(1);
    expect(await typesOf(ctx, admin.id)).toContain('ADMIN_RESERVATION_ACTIVE');
    // Checked in: no more cancelling.
    const cancel = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('You have checked in, so this booking can no longer be cancelled.');
  });

  it('refuses check-in from the end on, and keeps the booking confirmed', async () => {
    const { guest, bookingId } = await paidBooking(ctx);
    const start = startIn(2);
    let now = plusMinutes(start, 60);
    const life = lifeAt(ctx, () => now);
    const actor = { userId: guest.id, isAdmin: false };
    await expect(life.checkIn(actor, bookingId)).rejects.toThrow('This booking has already ended.');
    expect((await bookingRow(ctx, bookingId)).status).toBe('confirmed');
    // The last minute of the booking is still inside the window.
    now = plusMinutes(start, 59);
    expect(await life.checkIn(actor, bookingId)).toEqual({ changed: true });
  });

  it('keeps a refund the provider could not take, tells admins once, and sends it again with its key', async () => {
    const { guest, admin, bookingId } = await paidBooking(ctx);
    const services = ctx().services;
    let failing = true;
    const keys: string[] = [];
    const life = lifeAt(ctx, () => new Date(Date.now() + 5 * 60_000), {
      refund: async (input) => {
        keys.push(input.idempotencyKey);
        if (failing) throw new Error('provider unavailable');
        return services.payments.refund(input);
      },
      reconcileRefund: services.payments.reconcileRefund,
    });
    await life.cancel({ userId: guest.id, isAdmin: false }, bookingId, '');
    await life.settled();
    const [refund] = await services.db.selectFrom('booking_refunds').selectAll().execute();
    // Not a word from the provider yet: still pending, with nothing settled.
    expect(refund).toMatchObject({
      status: 'pending',
      attempts: 1,
      amount_cents: 1200,
      provider_refund_id: null,
    });
    expect(refund?.last_error).toContain('provider unavailable');
    expect(await bookingRow(ctx, bookingId)).toMatchObject({
      amount_refunded_cents: 1200,
      amount_refund_settled_cents: 0,
    });
    expect(await typesOf(ctx, admin.id)).toContain('ADMIN_REFUND_FAILED');
    expect(await life.retryRefunds()).toBe(1);
    expect((await typesOf(ctx, admin.id)).filter((type) => type === 'ADMIN_REFUND_FAILED')).toHaveLength(1);
    failing = false;
    expect(await life.retryRefunds()).toBe(1);
    expect(
      await services.db
        .selectFrom('booking_refunds')
        .select(['status', 'attempts'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'succeeded', attempts: 3 });
    expect((await bookingRow(ctx, bookingId)).amount_refund_settled_cents).toBe(1200);
    expect(await life.retryRefunds()).toBe(0);
    // The same key every time, so the provider could never have refunded twice.
    expect(keys).toEqual([
      `refund:cancel:${bookingId}`,
      `refund:cancel:${bookingId}`,
      `refund:cancel:${bookingId}`,
    ]);
    expect(await services.db.selectFrom('test_refunds').selectAll().execute()).toHaveLength(1);
  });

  it('counts refunds still pending as given back: a later cancellation refunds only the rest', async () => {
    const { host, guest, bookingId } = await paidBooking(ctx);
    const { db, bookings } = ctx().services;
    // An earlier partial refund the provider has accepted but not finished.
    await db.transaction().execute((trx) =>
      insertRefund(trx, {
        bookingId,
        amountCents: 500,
        reason: 'goodwill',
        idempotencyKey: `refund:goodwill:${bookingId}`,
      }),
    );
    expect((await host.agent.get(`/api/bookings/${bookingId}/cancellation`)).json()).toMatchObject({
      refund_cents: 700,
      message: 'The guest gets a full refund of $7.00.',
    });
    const cancelled = await host.agent.post(`/api/bookings/${bookingId}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ amount_paid_cents: 1200, amount_refunded_cents: 1200 });
    await bookings.paymentsSettled();
    const refunds = await db
      .selectFrom('booking_refunds')
      .select(['amount_cents', 'status'])
      .orderBy('created_at')
      .execute();
    expect(refunds).toEqual([
      { amount_cents: 500, status: 'pending' },
      { amount_cents: 700, status: 'succeeded' },
    ]);
    const detail = await guest.agent.get(`/api/bookings/${bookingId}/detail`);
    expect(detail.json()).toMatchObject({ amount_refunded_cents: 1200, amount_refund_settled_cents: 700 });
  });
});
