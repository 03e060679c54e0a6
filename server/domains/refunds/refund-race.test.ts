import { sql } from 'kysely';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import {
  bookingCast,
  holdWithCheckout,
  publishedBathroom,
  startIn,
} from '../bookings/booking-test-support.ts';
import { type StandInRefund, startStripeStandIn } from '../payments/stripe-test-support.ts';
import { fileRequestOk, money, noticesOf } from './refund-test-support.ts';

/** Each test signs up a cast and pays for bookings; on a loaded 2-core machine that outlasts 30 s. */
const HEAVY = { timeout: 120_000 };
/**
 * Refund requests never refund twice (ADR 126), in Stripe mode against the stand-in: 200
 * concurrent approvals of one request; a replay of Stripe's refund events with 20% duplicates
 * (same event ids) and repeats (new event ids, same refund); and a provider failure, retried by
 * many admins at once. Figures: docs/PERFORMANCE.md "Refund requests" (REFUND_RACE_REPORT=1 prints them).
 */

const WEBHOOK_SECRET = 'whsec_refund_race_test';
const stripe = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

const APPROVALS = 200;
const report = (line: string) => {
  if (process.env.REFUND_RACE_REPORT) process.stdout.write(`${line}\n`);
};

/** `count` bookings of one guest, paid through Stripe, 60 minutes at $12.00 each. */
async function paidBookings(ctx: () => TestContext, count: number) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
  const bookingIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const hold = await holdWithCheckout(cast.guest, bathroomId, startIn(1, 1 + i * 2), 60);
    const paid = stripe.pay(hold.sessionId);
    const delivered = await stripe.deliver(ctx().app, stripe.event('checkout.session.completed', paid));
    expect(delivered.status).toBe(200);
    bookingIds.push(hold.booking.id);
  }
  return { ...cast, bookingIds };
}

const refundCalls = () => stripe.requests.filter((request) => request.path === '/v1/refunds');

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

describeWithApp(
  'refund request races',
  (ctx) => {
    it(
      `${APPROVALS} concurrent approvals and a replay of refund events with 20% duplicates refund once`,
      HEAVY,
      async () => {
        const REQUESTS = 10;
        const { guest, host, admin, bookingIds } = await paidBookings(ctx, REQUESTS);
        const requests = [];
        for (const [index, bookingId] of bookingIds.entries()) {
          requests.push(await fileRequestOk(guest, bookingId, 600 + index));
        }
        stripe.state.refundStatus = 'pending';
        const [contested, ...rest] = requests as [(typeof requests)[number], ...typeof requests];

        const started = performance.now();
        const answers = await Promise.all(
          Array.from({ length: APPROVALS }, () =>
            admin.agent.post(`/api/refund-requests/${contested.id}/approve`, {}),
          ),
        );
        const raceMs = performance.now() - started;
        const codes = answers.map((answer) => answer.statusCode);
        expect(codes.filter((code) => code === 200)).toHaveLength(1);
        expect(codes.filter((code) => code === 409)).toHaveLength(APPROVALS - 1);
        expect(refundCalls()).toHaveLength(1);
        expect(refundCalls()[0]?.headers['idempotency-key']).toBe(`refund:request:${contested.id}`);
        for (const request of rest) {
          expect((await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {})).statusCode).toBe(
            200,
          );
        }
        expect(stripe.refunds.size).toBe(REQUESTS);

        // Stripe's events for every refund: created (pending) and updated (succeeded), then 20% of
        // them delivered again (same event id) and as many repeated under new ids, shuffled, 10 at a time.
        const originals: string[] = [];
        for (const refund of stripe.refunds.values()) {
          originals.push(stripe.event('refund.created', refund));
          originals.push(
            stripe.event('refund.updated', { ...refund, status: 'succeeded' } satisfies StandInRefund),
          );
        }
        const duplicates = shuffle([...originals]).slice(0, Math.round(originals.length * 0.2));
        const repeats = shuffle([...originals])
          .slice(0, Math.round(originals.length * 0.2))
          .map((payload) => {
            const event = JSON.parse(payload) as { type: string; data: { object: object } };
            return stripe.event(event.type, event.data.object);
          });
        const deliveries = shuffle([...originals, ...duplicates, ...repeats]);
        const replayStarted = performance.now();
        for (let i = 0; i < deliveries.length; i += 10) {
          const batch = await Promise.all(
            deliveries.slice(i, i + 10).map((payload) => stripe.deliver(ctx().app, payload)),
          );
          for (const delivered of batch) expect(delivered.status).toBe(200);
        }
        const replayMs = performance.now() - replayStarted;

        for (const [index, bookingId] of bookingIds.entries()) {
          expect(await money(ctx, bookingId)).toEqual({
            amount_paid_cents: 1200,
            amount_refunded_cents: 600 + index,
            amount_refund_settled_cents: 600 + index,
          });
        }
        const refunds = await ctx().services.db.selectFrom('booking_refunds').select(['status']).execute();
        expect(refunds).toHaveLength(REQUESTS);
        expect(refunds.every((refund) => refund.status === 'succeeded')).toBe(true);
        const statuses = await ctx().services.db.selectFrom('refund_requests').select('status').execute();
        expect(statuses.every((row) => row.status === 'approved')).toBe(true);
        expect(await noticesOf(ctx, guest.id, 'USER_REFUND_PROCESSED')).toHaveLength(REQUESTS);
        expect(await noticesOf(ctx, host.id, 'OWNER_REFUND_PROCESSED')).toHaveLength(REQUESTS);
        expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND_PROCESSED')).toHaveLength(REQUESTS);
        expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND_FAILED')).toHaveLength(0);
        report(
          `refund race [${ctx().kind}]: ${APPROVALS} concurrent approvals in ${raceMs.toFixed(0)} ms → 1 refund; ` +
            `${deliveries.length} refund events (${duplicates.length} duplicates, ${repeats.length} repeats) in ` +
            `${replayMs.toFixed(0)} ms → ${REQUESTS} refunds settled once`,
        );
      },
    );

    it(
      'a provider failure keeps the request open as failed, tells admins, and many retries refund once',
      HEAVY,
      async () => {
        const { guest, host, admin, bookingIds } = await paidBookings(ctx, 1);
        const bookingId = bookingIds[0] as string;
        const request = await fileRequestOk(guest, bookingId, 900);
        stripe.state.down = true;
        const approved = await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {
          amountCents: 700,
        });
        expect(approved.statusCode, approved.body).toBe(200);
        expect(approved.json().request).toMatchObject({ status: 'failed', approved_cents: 700 });
        expect(approved.json().request.refund_last_error).toBeTruthy();
        expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND')).toEqual([
          'ADMIN_REFUND_REQUESTED',
          'ADMIN_REFUND_FAILED',
        ]);
        expect(await noticesOf(ctx, guest.id, 'USER_REFUND')).toEqual([]);
        // Committed to the guest (nothing else may be promised from it), not yet back.
        expect(await money(ctx, bookingId)).toMatchObject({
          amount_refunded_cents: 700,
          amount_refund_settled_cents: 0,
        });
        // Still undecided: the guest cannot open another one meanwhile.
        const another = await guest.agent.post('/api/refund-requests', {
          bookingId,
          reason: 'other',
          description: 'Again',
          amountCents: 100,
        });
        expect(another.statusCode).toBe(409);

        stripe.state.down = false;
        const retries = await Promise.all(
          Array.from({ length: 20 }, () => admin.agent.post(`/api/refund-requests/${request.id}/retry`)),
        );
        const codes = retries.map((retry) => retry.statusCode);
        expect(codes.filter((code) => code === 200)).toHaveLength(1);
        expect(codes.filter((code) => code === 409)).toHaveLength(19);
        expect(stripe.refunds.size).toBe(1);
        expect(new Set(refundCalls().map((call) => call.headers['idempotency-key']))).toEqual(
          new Set([`refund:request:${request.id}`]),
        );
        const after = (await admin.agent.get(`/api/refund-requests/${request.id}`)).json().request;
        expect(after).toMatchObject({ status: 'partially_approved', refund_last_error: null });
        expect(await money(ctx, bookingId)).toMatchObject({
          amount_refunded_cents: 700,
          amount_refund_settled_cents: 700,
        });
        expect(await noticesOf(ctx, guest.id, 'USER_REFUND')).toEqual(['USER_REFUND_PROCESSED']);
        expect(await noticesOf(ctx, host.id, 'OWNER_REFUND_PROCESSED')).toHaveLength(1);
        expect(await noticesOf(ctx, admin.id, 'ADMIN_REFUND_FAILED')).toHaveLength(1);
      },
    );

    it(
      'a failed request whose refund the bookings sweep sent later is settled by the minute job',
      HEAVY,
      async () => {
        const { guest, admin, bookingIds } = await paidBookings(ctx, 1);
        const request = await fileRequestOk(guest, bookingIds[0] as string, 400);
        stripe.state.down = true;
        await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {});
        stripe.state.down = false;
        await sql`update booking_refunds set updated_at = now() - interval '2 minutes'`.execute(
          ctx().services.db,
        );
        expect(await ctx().services.bookings.retryRefunds()).toBe(1);
        expect(stripe.refunds.size).toBe(1);
        const still = (await admin.agent.get(`/api/refund-requests/${request.id}`)).json().request;
        expect(still.status).toBe('failed');
        expect(await ctx().services.refunds.settleRecovered()).toBe(1);
        const after = (await admin.agent.get(`/api/refund-requests/${request.id}`)).json().request;
        expect(after.status).toBe('approved');
        expect(await noticesOf(ctx, guest.id, 'USER_REFUND_PROCESSED')).toHaveLength(1);
        expect(await ctx().services.refunds.settleRecovered()).toBe(0);
        expect(stripe.refunds.size).toBe(1);
      },
    );
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
