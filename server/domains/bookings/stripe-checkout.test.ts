import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { startStripeStandIn } from '../payments/stripe-test-support.ts';
import { PAYMENT_GRACE_MS } from './booking-payments.ts';
import {
  bookingCast,
  holdWithCheckout,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';
import { moveBooking } from './booking-transitions.ts';

/**
 * A booking in Stripe mode, end to end (ADR 091): the real SDK talks to a local stand-in for
 * api.stripe.com, and Stripe's events reach the webhook route signed by the SDK's test helper.
 * Out-of-order, replayed and lost events each have exactly the effect ADR 091 gives them.
 */

const WEBHOOK_SECRET = 'whsec_stripe_checkout_test';
const stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const booking = (ctx: () => TestContext, id: string) =>
  ctx().services.db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** What a person was told about bookings (admins also hear of the cast's sign-ups, in any order). */
const typesOf = async (ctx: () => TestContext, userId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select('notification_type')
      .where('user_id', '=', userId)
      .where('notification_type', '<>', 'USER_REGISTERED')
      .orderBy('created_at')
      .execute()
  ).map((row) => row.notification_type);

const calls = () => stripe.requests.map((request) => `${request.method} ${request.path}`);

async function lapse(ctx: () => TestContext, bookingId: string, minutesAgo = 1) {
  await ctx()
    .services.db.updateTable('bookings')
    .set({ hold_expires_at: plusMinutes(new Date(), -minutesAgo) })
    .where('id', '=', bookingId)
    .execute();
}

describeWithApp(
  'bookings in Stripe mode: checkout, webhooks and reconciliation',
  (ctx) => {
    it('a hold opens a Checkout Session; the signed completion confirms it once, whatever follows', async () => {
      const { host, guest, admin } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1250 });
      const before = Date.now();
      const hold = await holdWithCheckout(guest, bathroomId, startIn(2), 45);
      const after = Date.now();
      const session = stripe.sessions.get(hold.sessionId);
      if (!session) throw new Error('no Checkout Session was created at Stripe');
      expect(hold.checkoutUrl).toBe(session.url);
      expect((await booking(ctx, hold.booking.id)).checkout_session_id).toBe(session.id);
      expect(session).toMatchObject({
        amount_total: 938,
        currency: 'usd',
        client_reference_id: hold.booking.id,
        metadata: { reference: hold.booking.id },
        customer_email: 'guest@example.com',
        success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: `http://localhost:3000/cancel-booking-payment?booking=${hold.booking.id}`,
      });
      // Stripe's earliest expiry (30 minutes, plus a minute of slack), not the 15-minute hold.
      expect(session.expires_at).toBeGreaterThanOrEqual(Math.ceil((before + 31 * 60_000) / 1000));
      expect(session.expires_at).toBeLessThanOrEqual(Math.ceil((after + 31 * 60_000) / 1000));
      const form = stripe.requests.find((request) => request.path === '/v1/checkout/sessions')?.form;
      expect(form?.get('mode')).toBe('payment');
      expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('938');

      const paid = stripe.pay(session.id);
      const completed = stripe.event('checkout.session.completed', paid);
      expect(await stripe.deliver(ctx().app, completed)).toEqual({
        status: 200,
        body: { received: true, duplicate: false },
      });
      expect(await booking(ctx, hold.booking.id)).toMatchObject({
        status: 'confirmed',
        payment_intent_id: paid.payment_intent,
        amount_paid_cents: 938,
      });
      const told = async () => ({
        guest: await typesOf(ctx, guest.id),
        host: await typesOf(ctx, host.id),
        admin: await typesOf(ctx, admin.id),
      });
      const once = {
        guest: ['RESERVATION_CONFIRMED'],
        host: ['RESERVATION_OWNER_CONFIRMED'],
        admin: ['ADMIN_RESERVATION_UPCOMING'],
      };
      expect(await told()).toEqual(once);
      const { bookings } = ctx().services;
      expect(await bookings.bySession({ userId: guest.id, isAdmin: false }, session.id)).toMatchObject({
        status: 'confirmed',
      });

      // The same event again: recognised, no second effect.
      expect((await stripe.deliver(ctx().app, completed)).body).toEqual({ received: true, duplicate: true });
      // The session's expiry arriving after its completion (out of order): recorded, changes nothing.
      const expired = stripe.event('checkout.session.expired', { ...paid, status: 'expired' });
      expect((await stripe.deliver(ctx().app, expired)).body).toEqual({ received: true, duplicate: false });
      // The expiry job running late finds a paid booking and leaves it alone.
      expect(await bookings.expireHold(hold.booking.id)).toEqual({ changed: false, status: 'confirmed' });
      expect((await booking(ctx, hold.booking.id)).status).toBe('confirmed');
      expect(await told()).toEqual(once);
      await bookings.paymentsSettled();
      expect(calls().filter((call) => call === 'POST /v1/refunds')).toEqual([]);
    });

    it('a completion for a hold that has already expired does not confirm it; the payment is refunded in full, once', async () => {
      const { host, guest, admin, otherGuest } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1600 });
      const start = startIn(2);
      const hold = await holdWithCheckout(guest, bathroomId, start, 30);
      // The hold ended while the guest was still on Stripe's page, and someone else took the time.
      await lapse(ctx, hold.booking.id);
      await moveBooking(ctx().services.db, hold.booking.id, 'expired');
      const taken = await holdWithCheckout(otherGuest, bathroomId, start, 30);
      const paid = stripe.pay(hold.sessionId);
      const completed = stripe.event('checkout.session.completed', paid);
      expect((await stripe.deliver(ctx().app, completed)).status).toBe(200);
      const { bookings, db } = ctx().services;
      await bookings.paymentsSettled();
      expect(await booking(ctx, hold.booking.id)).toMatchObject({
        status: 'expired',
        confirmed_at: null,
        amount_paid_cents: 800,
        amount_refunded_cents: 800,
        amount_refund_settled_cents: 800,
      });
      expect((await booking(ctx, taken.booking.id)).status).toBe('pending_payment');
      const [refund] = await db.selectFrom('booking_refunds').selectAll().execute();
      expect(refund).toMatchObject({ reason: 'late_payment', status: 'succeeded', amount_cents: 800 });
      const sent = stripe.requests.filter((request) => request.path === '/v1/refunds');
      expect(sent).toHaveLength(1);
      expect(sent[0]?.headers['idempotency-key']).toBe(`refund:late-payment:${hold.booking.id}`);
      expect(Object.fromEntries(sent[0]?.form ?? [])).toEqual({
        payment_intent: paid.payment_intent,
        amount: '800',
        'metadata[reference]': `${refund?.id}:0`,
      });
      expect(await typesOf(ctx, guest.id)).toEqual(['USER_REFUND_PROCESSED']);
      expect(await typesOf(ctx, admin.id)).toEqual([]);

      // Delivered again, and again under Stripe's other completion type: nothing more.
      expect((await stripe.deliver(ctx().app, completed)).body.duplicate).toBe(true);
      const async = stripe.event('checkout.session.async_payment_succeeded', paid);
      expect((await stripe.deliver(ctx().app, async)).body.duplicate).toBe(false);
      await bookings.paymentsSettled();
      expect(stripe.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(1);
      expect(await typesOf(ctx, guest.id)).toEqual(['USER_REFUND_PROCESSED']);
    });

    it('a lost completion: the expiry job asks Stripe and confirms the paid hold; the late webhook then changes nothing', async () => {
      const { host, guest, admin } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id);
      const hold = await holdWithCheckout(guest, bathroomId, startIn(2));
      const paid = stripe.pay(hold.sessionId);
      await lapse(ctx, hold.booking.id);
      stripe.requests.length = 0;
      const { bookings } = ctx().services;
      expect(await bookings.expireHold(hold.booking.id)).toEqual({ changed: false, status: 'confirmed' });
      expect(calls()).toEqual([
        `POST /v1/checkout/sessions/${hold.sessionId}/expire`,
        `GET /v1/checkout/sessions/${hold.sessionId}`,
      ]);
      expect(await booking(ctx, hold.booking.id)).toMatchObject({
        status: 'confirmed',
        payment_intent_id: paid.payment_intent,
      });
      // Stripe's own event, hours late and under its own id: handled, with nothing left to do.
      const late = await stripe.deliver(ctx().app, stripe.event('checkout.session.completed', paid));
      expect(late.body).toEqual({ received: true, duplicate: false });
      expect(await typesOf(ctx, guest.id)).toEqual(['RESERVATION_CONFIRMED']);
      expect(await typesOf(ctx, host.id)).toEqual(['RESERVATION_OWNER_CONFIRMED']);
      expect(await typesOf(ctx, admin.id)).toEqual(['ADMIN_RESERVATION_UPCOMING']);
      await bookings.paymentsSettled();
      expect(calls().filter((call) => call === 'POST /v1/refunds')).toEqual([]);
    });

    it('the minute sweep confirms a paid hold whose webhook is late, before the hold runs out', async () => {
      const { host, guest, otherGuest } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id);
      const paying = await holdWithCheckout(guest, bathroomId, startIn(2));
      const browsing = await holdWithCheckout(otherGuest, bathroomId, startIn(3));
      stripe.pay(paying.sessionId);
      await ctx()
        .services.db.updateTable('bookings')
        .set({ created_at: plusMinutes(new Date(), -3) })
        .where('id', 'in', [paying.booking.id, browsing.booking.id])
        .execute();
      stripe.requests.length = 0;
      expect(await ctx().services.bookings.reconcileCheckouts()).toBe(1);
      expect(calls().sort()).toEqual(
        [
          `GET /v1/checkout/sessions/${paying.sessionId}`,
          `GET /v1/checkout/sessions/${browsing.sessionId}`,
        ].sort(),
      );
      expect((await booking(ctx, paying.booking.id)).status).toBe('confirmed');
      expect((await booking(ctx, browsing.booking.id)).status).toBe('pending_payment');
      expect(await typesOf(ctx, guest.id)).toEqual(['RESERVATION_CONFIRMED']);
    });

    it('while Stripe cannot be reached, a run-out hold waits instead of expiring a payment nobody can see', async () => {
      const { host, guest } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id);
      const hold = await holdWithCheckout(guest, bathroomId, startIn(2));
      await lapse(ctx, hold.booking.id);
      stripe.state.down = true;
      const { bookings } = ctx().services;
      expect(await bookings.expireHold(hold.booking.id)).toEqual({
        changed: false,
        status: 'pending_payment',
      });
      // Past the grace period the slot goes; a payment that shows up later is refunded.
      await lapse(ctx, hold.booking.id, PAYMENT_GRACE_MS / 60_000 + 1);
      expect(await bookings.expireHold(hold.booking.id)).toEqual({ changed: true, status: 'expired' });
      stripe.state.down = false;
      // Back up: Stripe says the session expired on its side, and the event about it changes nothing.
      const expired = stripe.event('checkout.session.expired', {
        ...stripe.sessions.get(hold.sessionId),
        status: 'expired',
      });
      expect((await stripe.deliver(ctx().app, expired)).status).toBe(200);
      expect((await booking(ctx, hold.booking.id)).status).toBe('expired');
    });

    it('an expiry event for the hold’s current session releases the slot; one for a replaced session does not', async () => {
      const { host, guest } = await bookingCast(ctx);
      const bathroomId = await publishedBathroom(ctx, host.id);
      const hold = await holdWithCheckout(guest, bathroomId, startIn(2));
      const retried = await guest.agent.post(`/api/bookings/${hold.booking.id}/checkout`);
      expect(retried.statusCode, retried.body).toBe(200);
      const fresh = (await booking(ctx, hold.booking.id)).checkout_session_id as string;
      expect(stripe.sessions.get(hold.sessionId)?.status).toBe('expired');
      const old = stripe.event('checkout.session.expired', stripe.sessions.get(hold.sessionId) as object);
      expect((await stripe.deliver(ctx().app, old)).status).toBe(200);
      expect((await booking(ctx, hold.booking.id)).status).toBe('pending_payment');
      const current = stripe.event('checkout.session.expired', {
        ...stripe.sessions.get(fresh),
        status: 'expired',
      });
      expect((await stripe.deliver(ctx().app, current)).status).toBe(200);
      expect((await booking(ctx, hold.booking.id)).status).toBe('expired');
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
