import { sql } from 'kysely';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { type StandInRefund, startStripeStandIn } from '../payments/stripe-test-support.ts';
import { REFUND_POLL_AFTER_MS } from './booking-refunds.ts';
import { bookingCast, holdWithCheckout, publishedBathroom, startIn } from './booking-test-support.ts';

/**
 * Refunds in Stripe mode (ADR 091, "Refunds"): a booking's refund carries what Stripe says of it —
 * pending, succeeded, failed — from refunds.create's answer and from refund events, and only a
 * refund Stripe has failed for good is sent again, under a new idempotency key.
 */

const WEBHOOK_SECRET = 'whsec_stripe_refunds_test';
const stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

/** A confirmed booking paid through Stripe: 60 minutes at $12.00 → 1200 cents. */
async function paidBooking(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
  const hold = await holdWithCheckout(cast.guest, bathroomId, startIn(2), 60);
  const paid = stripe.pay(hold.sessionId);
  expect((await stripe.deliver(ctx().app, stripe.event('checkout.session.completed', paid))).status).toBe(
    200,
  );
  return { ...cast, bookingId: hold.booking.id };
}

const money = async (ctx: () => TestContext, bookingId: string) =>
  ctx()
    .services.db.selectFrom('bookings')
    .select(['amount_paid_cents', 'amount_refunded_cents', 'amount_refund_settled_cents'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();

const refundRows = (ctx: () => TestContext) =>
  ctx()
    .services.db.selectFrom('booking_refunds')
    .select(['id', 'status', 'round', 'provider_refund_id', 'amount_cents'])
    .execute();

const adminNotices = async (ctx: () => TestContext, adminId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select(['notification_type', 'message'])
      .where('user_id', '=', adminId)
      .where('notification_type', '=', 'ADMIN_REFUND_FAILED')
      .execute()
  ).map((row) => row.message);

const refundCalls = () => stripe.requests.filter((request) => request.path === '/v1/refunds');

/** Time passing for the retry sweep, which leaves alone what changed in the last minute(s). */
async function age(ctx: () => TestContext, minutes: number) {
  await sql`update booking_refunds set updated_at = now() - make_interval(mins => ${minutes}::int)`.execute(
    ctx().services.db,
  );
}

const refundEvent = (type: string, refund: StandInRefund) => stripe.event(type, refund);

describeWithApp(
  'booking refunds in Stripe mode',
  (ctx) => {
    it('a refund Stripe leaves pending shows as pending until Stripe says it succeeded', async () => {
      const { guest, bookingId } = await paidBooking(ctx);
      stripe.state.refundStatus = 'pending';
      const cancelled = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
      expect(cancelled.json()).toMatchObject({
        status: 'cancelled',
        amount_refunded_cents: 1200,
        amount_refund_settled_cents: 0,
      });
      const [row] = await refundRows(ctx);
      const refund = [...stripe.refunds.values()][0] as StandInRefund;
      expect(row).toMatchObject({ status: 'pending', round: 0, provider_refund_id: refund.id });
      expect(refund.metadata).toEqual({ reference: `${row?.id}:0` });
      const detail = async () => (await guest.agent.get(`/api/bookings/${bookingId}/detail`)).json();
      expect((await detail()).refunds).toEqual([
        { amount_cents: 1200, status: 'pending', created_at: expect.any(String) },
      ]);

      // Stripe's word arrives; a stale "pending" delivered after it changes nothing.
      const stale = refundEvent('refund.created', refund);
      const succeeded = refundEvent('refund.updated', stripe.setRefund(refund.id, 'succeeded'));
      expect((await stripe.deliver(ctx().app, succeeded)).status).toBe(200);
      expect((await stripe.deliver(ctx().app, stale)).status).toBe(200);
      expect((await stripe.deliver(ctx().app, succeeded)).body.duplicate).toBe(true);
      expect(await money(ctx, bookingId)).toEqual({
        amount_paid_cents: 1200,
        amount_refunded_cents: 1200,
        amount_refund_settled_cents: 1200,
      });
      expect((await detail()).refunds).toEqual([
        { amount_cents: 1200, status: 'succeeded', created_at: expect.any(String) },
      ]);
      expect(await ctx().services.bookings.retryRefunds()).toBe(0);
      expect(refundCalls()).toHaveLength(1);
    });

    it('a refund Stripe fails: marked failed, admins told once, sent again under a new key', async () => {
      const { guest, admin, bookingId } = await paidBooking(ctx);
      stripe.state.refundStatus = 'pending';
      await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
      const first = [...stripe.refunds.values()][0] as StandInRefund;
      const failed = refundEvent(
        'refund.failed',
        stripe.setRefund(first.id, 'failed', 'expired_or_canceled_card'),
      );
      expect((await stripe.deliver(ctx().app, failed)).status).toBe(200);
      // charge.refund.updated tells the same; admins still hear once.
      expect((await stripe.deliver(ctx().app, refundEvent('charge.refund.updated', first))).status).toBe(200);
      expect(await refundRows(ctx)).toEqual([expect.objectContaining({ status: 'failed', round: 0 })]);
      expect(await money(ctx, bookingId)).toMatchObject({
        amount_refunded_cents: 1200,
        amount_refund_settled_cents: 0,
      });
      const told = await adminNotices(ctx, admin.id);
      expect(told).toHaveLength(1);
      expect(told[0]).toContain('expired_or_canceled_card');

      // The sweep leaves a fresh failure for a minute, then sends it again under a new key.
      const { bookings } = ctx().services;
      expect(await bookings.retryRefunds()).toBe(0);
      await age(ctx, 2);
      stripe.state.refundStatus = 'succeeded';
      expect(await bookings.retryRefunds()).toBe(1);
      expect(refundCalls().map((call) => call.headers['idempotency-key'])).toEqual([
        `refund:cancel:${bookingId}`,
        `refund:cancel:${bookingId}:round-1`,
      ]);
      const second = [...stripe.refunds.values()][1] as StandInRefund;
      expect(await refundRows(ctx)).toEqual([
        expect.objectContaining({ status: 'succeeded', round: 1, provider_refund_id: second.id }),
      ]);
      expect(await money(ctx, bookingId)).toMatchObject({ amount_refund_settled_cents: 1200 });

      // A late word about the first, failed refund is about an earlier round: nothing changes.
      expect((await stripe.deliver(ctx().app, refundEvent('refund.updated', first))).status).toBe(200);
      expect(await refundRows(ctx)).toEqual([expect.objectContaining({ status: 'succeeded', round: 1 })]);
      expect(await adminNotices(ctx, admin.id)).toHaveLength(1);
      await age(ctx, 20);
      expect(await bookings.retryRefunds()).toBe(0);
      expect(refundCalls()).toHaveLength(2);
    });

    it('a call that gets no answer is sent again with the same key; Stripe never refunds twice', async () => {
      const { guest, admin, bookingId } = await paidBooking(ctx);
      stripe.state.down = true;
      await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
      expect(await refundRows(ctx)).toEqual([
        expect.objectContaining({ status: 'pending', round: 0, provider_refund_id: null }),
      ]);
      expect(await adminNotices(ctx, admin.id)).toHaveLength(1);
      stripe.state.down = false;
      await age(ctx, 2);
      expect(await ctx().services.bookings.retryRefunds()).toBe(1);
      expect(refundCalls().map((call) => call.headers['idempotency-key'])).toEqual([
        `refund:cancel:${bookingId}`,
        `refund:cancel:${bookingId}`,
      ]);
      expect(stripe.refunds.size).toBe(1);
      expect(await refundRows(ctx)).toEqual([expect.objectContaining({ status: 'succeeded', round: 0 })]);
      expect(await adminNotices(ctx, admin.id)).toHaveLength(1);
    });

    it('a refund that succeeded and then failed (Stripe can) is no longer counted as back', async () => {
      const { guest, admin, bookingId } = await paidBooking(ctx);
      await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
      expect(await money(ctx, bookingId)).toMatchObject({ amount_refund_settled_cents: 1200 });
      const refund = [...stripe.refunds.values()][0] as StandInRefund;
      const failed = refundEvent(
        'refund.failed',
        stripe.setRefund(refund.id, 'failed', 'lost_or_stolen_card'),
      );
      expect((await stripe.deliver(ctx().app, failed)).status).toBe(200);
      expect(await money(ctx, bookingId)).toEqual({
        amount_paid_cents: 1200,
        amount_refunded_cents: 1200,
        amount_refund_settled_cents: 0,
      });
      expect(await adminNotices(ctx, admin.id)).toHaveLength(1);
      // And a succeeded refund event delivered late does not bring a failed one back.
      const late = stripe.event('refund.updated', { ...refund, status: 'succeeded', failure_reason: null });
      expect((await stripe.deliver(ctx().app, late)).status).toBe(200);
      expect(await refundRows(ctx)).toEqual([expect.objectContaining({ status: 'failed' })]);
    });

    it('a pending refund whose events were lost is asked about by the sweep', async () => {
      const { guest, bookingId } = await paidBooking(ctx);
      stripe.state.refundStatus = 'pending';
      await guest.agent.post(`/api/bookings/${bookingId}/cancel`, {});
      const refund = [...stripe.refunds.values()][0] as StandInRefund;
      stripe.setRefund(refund.id, 'succeeded');
      const { bookings } = ctx().services;
      // Too soon to ask: its event may still come.
      expect(await bookings.retryRefunds()).toBe(0);
      await age(ctx, REFUND_POLL_AFTER_MS / 60_000 + 1);
      stripe.requests.length = 0;
      expect(await bookings.retryRefunds()).toBe(1);
      expect(stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        `GET /v1/refunds/${refund.id}`,
      ]);
      expect(await refundRows(ctx)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      expect(await money(ctx, bookingId)).toMatchObject({ amount_refund_settled_cents: 1200 });
    });
  },
  {
    config: {
      stripe: {
        secretKey: 'sk_test_stand_in',
        webhookSecret: WEBHOOK_SECRET,
        publishableKey: undefined,
        api: stripe.api,
      },
    },
  },
);
