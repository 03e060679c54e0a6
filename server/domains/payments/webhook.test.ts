import Stripe from 'stripe';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUp } from '../properties/property-test-support.ts';
import type { PaymentEvent } from './payment-provider.ts';
import type { PaymentService } from './payment-service.ts';

const WEBHOOK_SECRET = 'whsec_webhook_route_test';
const stripe = new Stripe('sk_test_webhook');

/** What the handlers another domain would register saw, per app (one app per database kind). */
const received = new WeakMap<PaymentService, PaymentEvent[]>();
let failNext = false;

function seenBy(ctx: () => TestContext): PaymentEvent[] {
  const { payments } = ctx().services;
  let events = received.get(payments);
  if (!events) {
    const list: PaymentEvent[] = [];
    events = list;
    received.set(payments, list);
    payments.onEvent('checkout.completed', async (event) => {
      if (failNext) {
        failNext = false;
        throw new Error('handler failed');
      }
      list.push(event);
    });
    payments.onEvent('checkout.expired', async (event) => {
      list.push(event);
    });
  }
  events.length = 0;
  return events;
}

function event(id: string, type: string, object: object) {
  return JSON.stringify({ id, object: 'event', type, created: 1, data: { object } });
}

const paid = (id: string) =>
  event(id, 'checkout.session.completed', {
    id: `cs_${id}`,
    object: 'checkout.session',
    client_reference_id: `booking-${id}`,
    payment_status: 'paid',
    payment_intent: `pi_${id}`,
    amount_total: 1250,
  });

async function deliver(
  ctx: () => TestContext,
  body: string,
  signature?: string,
  extraHeaders: Record<string, string> = {},
) {
  return ctx().app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      ...extraHeaders,
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature':
        signature ?? stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    },
    payload: body,
  });
}

async function recorded(ctx: () => TestContext) {
  return ctx().services.db.selectFrom('payment_events').select(['id', 'provider', 'type']).execute();
}

describeWithApp(
  'payments: Stripe webhook',
  (ctx) => {
    it('verifies, records and dispatches a signed event once; a replay answers 200 and does nothing', async () => {
      const events = seenBy(ctx);
      const body = paid('evt_a');
      const first = await deliver(ctx, body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ received: true, duplicate: false });
      const replay = await deliver(ctx, body);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual({ received: true, duplicate: true });
      expect(events).toEqual([
        {
          type: 'checkout.completed',
          sessionId: 'cs_evt_a',
          reference: 'booking-evt_a',
          paymentIntentId: 'pi_evt_a',
          amountCents: 1250,
        },
      ]);
      expect(await recorded(ctx)).toEqual([
        { id: 'evt_a', provider: 'stripe', type: 'checkout.session.completed' },
      ]);
    });

    it('handles an event once when copies arrive at the same time', async () => {
      const events = seenBy(ctx);
      const body = paid('evt_parallel');
      const responses = await Promise.all(Array.from({ length: 5 }, () => deliver(ctx, body)));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(responses.filter((response) => !response.json().duplicate)).toHaveLength(1);
      expect(events).toHaveLength(1);
    });

    it('answers 400 to a wrong signature, an altered body or a stale timestamp, and changes nothing', async () => {
      const events = seenBy(ctx);
      const body = paid('evt_b');
      const wrongSecret = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: 'whsec_someone_else',
      });
      const stale = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      const altered = body.replace('1250', '1');
      for (const response of [
        await deliver(ctx, body, wrongSecret),
        await deliver(ctx, body, stale),
        await deliver(
          ctx,
          altered,
          stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
        ),
        await deliver(ctx, body, 'garbage'),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('webhook_signature_invalid');
      }
      expect(events).toEqual([]);
      expect(await recorded(ctx)).toEqual([]);
    });

    it('takes a signed event whatever its Origin or cookies say: the signature is the credential', async () => {
      const events = seenBy(ctx);
      const response = await deliver(ctx, paid('evt_anywhere'), undefined, {
        origin: 'http://evil.example',
        cookie: 'privy.session_token=whatever',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(events).toHaveLength(1);
    });

    it('rolls the record back when a handler fails, so Stripe’s retry is handled', async () => {
      const events = seenBy(ctx);
      const body = paid('evt_c');
      failNext = true;
      const failed = await deliver(ctx, body);
      expect(failed.statusCode).toBe(500);
      expect(await recorded(ctx)).toEqual([]);
      const retried = await deliver(ctx, body);
      expect(retried.json()).toEqual({ received: true, duplicate: false });
      expect(events).toHaveLength(1);
    });

    it('records types it does not handle without dispatching them', async () => {
      const events = seenBy(ctx);
      const response = await deliver(
        ctx,
        event('evt_d', 'customer.created', { id: 'cus_1', object: 'customer' }),
      );
      expect(response.statusCode).toBe(200);
      expect(events).toEqual([]);
      expect(await recorded(ctx)).toEqual([{ id: 'evt_d', provider: 'stripe', type: 'customer.created' }]);
    });

    it('keeps a host’s profile current from account.updated', async () => {
      const host = await signUp(ctx, 'host@example.com', { provider: true });
      await ctx().services.directory.linkStripeAccount(host.id, 'acct_host');
      const update = (id: string, enabled: boolean) =>
        deliver(
          ctx,
          event(id, 'account.updated', {
            id: 'acct_host',
            object: 'account',
            details_submitted: true,
            charges_enabled: enabled,
            payouts_enabled: enabled,
          }),
        );
      const profile = () =>
        ctx()
          .services.db.selectFrom('profiles')
          .select(['stripe_connect_id', 'is_stripe_connected'])
          .where('id', '=', host.id)
          .executeTakeFirstOrThrow();
      expect((await update('evt_e1', true)).statusCode).toBe(200);
      expect(await profile()).toEqual({ stripe_connect_id: 'acct_host', is_stripe_connected: true });
      expect((await update('evt_e2', false)).statusCode).toBe(200);
      expect(await profile()).toEqual({ stripe_connect_id: 'acct_host', is_stripe_connected: false });
    });

    it('leaves JSON parsing alone on every other route', async () => {
      const anonymous = new TestAgent(ctx().app);
      // Parsed as JSON (a raw body would fail the schema): the route reaches its sign-in check.
      const response = await anonymous.post('/api/payments/connect', { return_to: '/manage/properties' });
      expect(response.statusCode).toBe(401);
      const malformed = await anonymous.request('POST', '/api/properties', '{not json', {
        'content-type': 'application/json',
      });
      expect(malformed.json().error).toBe('malformed_json');
    });
  },
  {
    config: {
      stripe: { secretKey: 'sk_test_webhook', webhookSecret: WEBHOOK_SECRET, publishableKey: undefined },
    },
  },
);

describeWithApp('payments: no webhook in test mode', (ctx) => {
  it('answers 404 to a webhook when Stripe is not configured', async () => {
    const body = paid('evt_x');
    const response = await deliver(ctx, body);
    expect(response.statusCode).toBe(404);
    expect(await recorded(ctx)).toEqual([]);
  });
});
