import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

/**
 * A local stand-in for api.stripe.com that keeps state like Stripe does for the calls Privy makes:
 * Checkout Sessions (create, retrieve, expire — refused unless open), refunds (idempotency keys
 * replayed, never more than was paid, a status the test chooses) and their retrieval. Tests aim
 * the real SDK at it (config.stripe.api) and post events signed with the SDK's own test-header
 * helper to the webhook route, exactly as Stripe would.
 */

export type StandInRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
};

export type StandInSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
};

export type StandInRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: 'usd';
  payment_intent: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_reason: string | null;
  metadata: Record<string, string>;
};

const error = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

export async function startStripeStandIn(options: { webhookSecret: string }) {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const byKey = new Map<string, { params: string; response: { status: number; body: object } }>();
  const state = {
    /** The status refunds.create gives its next refunds. */
    refundStatus: 'succeeded' as StandInRefund['status'],
    /** While true every call answers 503, as an unreachable API would fail. */
    down: false,
  };
  let serial = 0;
  const next = (prefix: string) => `${prefix}_${++serial}_${randomBytes(4).toString('hex')}`;

  function createSession(form: URLSearchParams): StandInSession {
    const id = next('cs_test');
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total:
        Number(form.get('line_items[0][price_data][unit_amount]')) *
        Number(form.get('line_items[0][quantity]') ?? 1),
      currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
      client_reference_id: form.get('client_reference_id'),
      metadata: form.get('metadata[reference]')
        ? { reference: form.get('metadata[reference]') as string }
        : {},
      customer_email: form.get('customer_email'),
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      expires_at: Number(form.get('expires_at')),
      created: Math.floor(Date.now() / 1000),
    };
    sessions.set(id, session);
    return session;
  }

  function createRefund(form: URLSearchParams): { status: number; body: object } {
    const paymentIntent = form.get('payment_intent') ?? '';
    const paid = [...sessions.values()].find((session) => session.payment_intent === paymentIntent);
    if (!paid) return error(404, 'invalid_request_error', `No such payment_intent: '${paymentIntent}'`);
    const amount = Number(form.get('amount') ?? paid.amount_total);
    const refunded = [...refunds.values()]
      .filter((refund) => refund.payment_intent === paymentIntent && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (refunded + amount > paid.amount_total) {
      return error(
        400,
        'invalid_request_error',
        `Refund amount ($${amount / 100}) is greater than unrefunded amount`,
      );
    }
    const refund: StandInRefund = {
      id: next('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: paymentIntent,
      status: state.refundStatus,
      failure_reason: state.refundStatus === 'failed' ? 'declined' : null,
      metadata: form.get('metadata[reference]')
        ? { reference: form.get('metadata[reference]') as string }
        : {},
    };
    refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  function answer(method: string, path: string, form: URLSearchParams, key: string | undefined) {
    if (state.down) return error(503, 'api_error', 'Stripe is unreachable in this test');
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return { status: 200, body: createSession(form) };
    const session = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/);
    if (session) {
      const found = sessions.get(session[1] as string);
      if (!found) {
        return error(
          404,
          'invalid_request_error',
          `No such checkout.session: '${session[1]}'`,
          'resource_missing',
        );
      }
      if (method === 'GET' && !session[2]) return { status: 200, body: found };
      if (method === 'POST' && session[2]) {
        if (found.status !== 'open') {
          return error(
            400,
            'invalid_request_error',
            'Only Checkout Sessions with a status in ["open"] can be expired.',
          );
        }
        found.status = 'expired';
        return { status: 200, body: found };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // Stripe replays the first answer to a key reused with the same parameters.
      const params = form.toString();
      const known = key ? byKey.get(key) : undefined;
      if (known) {
        return known.params === params
          ? known.response
          : error(
              400,
              'idempotency_error',
              'Keys for idempotent requests can only be used with the same parameters',
            );
      }
      const response = createRefund(form);
      if (key) byKey.set(key, { params, response });
      return response;
    }
    const refund = path.match(/^\/v1\/refunds\/([^/]+)$/);
    if (method === 'GET' && refund) {
      const found = refunds.get(refund[1] as string);
      return found ? { status: 200, body: found } : error(404, 'invalid_request_error', 'No such refund');
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, headers: request.headers, form });
      const key = request.headers['idempotency-key'];
      const { status, body } = answer(method, url.pathname, form, typeof key === 'string' ? key : undefined);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stand_in' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const sdk = new Stripe('sk_test_stand_in');

  return {
    port,
    /** What config.stripe.api takes. */
    api: { host: '127.0.0.1', port, protocol: 'http' as const, maxNetworkRetries: 0 },
    requests,
    sessions,
    refunds,
    state,

    /** The guest pays on Stripe's page: the session completes, paid, with a payment intent. */
    pay(sessionId: string): StandInSession {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = next('pi');
      return session;
    },

    /** Stripe moves a refund on (it succeeds, or fails later). */
    setRefund(refundId: string, status: StandInRefund['status'], failureReason: string | null = null) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      refund.failure_reason = failureReason;
      return refund;
    },

    /** An event as Stripe would send it about `object` (a copy, as it was at this moment). */
    event(type: string, object: object, id = next('evt')): string {
      return JSON.stringify({
        id,
        object: 'event',
        api_version: '2025-10-29.clover',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      });
    },

    /** The Stripe-Signature header for a payload, made by the SDK's own test helper. */
    sign(payload: string): string {
      return sdk.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
    },

    /** Delivers a signed event to the app's webhook route, as Stripe does. */
    async deliver(app: FastifyInstance, payload: string) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': sdk.webhooks.generateTestHeaderString({
            payload,
            secret: options.webhookSecret,
          }),
        },
        payload,
      });
      return { status: response.statusCode, body: response.json() as { received: true; duplicate: boolean } };
    },

    reset() {
      requests.length = 0;
      sessions.clear();
      refunds.clear();
      byKey.clear();
      state.refundStatus = 'succeeded';
      state.down = false;
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
