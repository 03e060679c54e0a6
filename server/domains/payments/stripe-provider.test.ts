import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentProviderError, TransferRefusedError } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * The Stripe adapter with the real SDK, aimed (host, port, protocol) at a local server that
 * answers like api.stripe.com for the calls we make. The server records what the SDK sent.
 */

type Seen = { method: string; path: string; headers: IncomingHttpHeaders; form: URLSearchParams };

const seen: Seen[] = [];
let server: Server;
let port: number;

// Minimal Stripe-shaped answers: only the fields the adapter reads, plus id and object.
function answer(method: string, path: string, form: URLSearchParams): { status: number; body: object } {
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return {
      status: 200,
      body: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.com/c/pay/cs_test_a1',
        client_reference_id: form.get('client_reference_id'),
        status: 'open',
      },
    };
  }
  if (method === 'POST' && path === '/v1/checkout/sessions/cs_test_a1/expire') {
    return { status: 200, body: { id: 'cs_test_a1', object: 'checkout.session', status: 'expired' } };
  }
  if (method === 'POST' && path === '/v1/checkout/sessions/cs_test_paid/expire') {
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
        },
      },
    };
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_paid') {
    return {
      status: 200,
      body: {
        id: 'cs_test_paid',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        payment_intent: { id: 'pi_paid', object: 'payment_intent' },
        client_reference_id: 'booking-42',
        amount_total: 1250,
      },
    };
  }
  if (method === 'GET' && path === '/v1/checkout/sessions/cs_test_delayed') {
    return {
      status: 200,
      body: {
        id: 'cs_test_delayed',
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: 'pi_delayed',
        metadata: { reference: 'booking-43' },
        amount_total: 800,
      },
    };
  }
  if (method === 'GET' && path.startsWith('/v1/refunds/re_')) {
    const id = path.slice('/v1/refunds/'.length);
    const status = { re_waiting: 'requires_action', re_cancelled: 'canceled', re_back: 'succeeded' }[id];
    return {
      status: 200,
      body: {
        id,
        object: 'refund',
        amount: 500,
        payment_intent: 'pi_123',
        status,
        metadata: { reference: 'refund-7:1' },
        ...(status === 'canceled' ? { failure_reason: 'merchant_request' } : {}),
      },
    };
  }
  if (method === 'POST' && path === '/v1/refunds' && form.get('amount') === '999') {
    return { status: 200, body: { id: 're_2', object: 'refund', status: 'pending', amount: 999 } };
  }
  if (method === 'POST' && path === '/v1/refunds') {
    return { status: 200, body: { id: 're_1', object: 'refund', status: 'succeeded', amount: 500 } };
  }
  if (method === 'POST' && path === '/v1/accounts') {
    return { status: 200, body: { id: 'acct_1', object: 'account', type: 'express' } };
  }
  if (method === 'GET' && path === '/v1/accounts/acct_1') {
    return {
      status: 200,
      body: {
        id: 'acct_1',
        object: 'account',
        charges_enabled: true,
        payouts_enabled: false,
        details_submitted: true,
      },
    };
  }
  if (method === 'POST' && path === '/v1/account_links') {
    return {
      status: 200,
      body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1/abc', expires_at: 1 },
    };
  }
  if (method === 'POST' && path === '/v1/transfers' && form.get('destination') === 'acct_restricted') {
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          message:
            'Your destination account needs to have at least one of the following capabilities enabled: transfers',
        },
      },
    };
  }
  if (method === 'POST' && path === '/v1/transfers' && form.get('destination') === 'acct_flaky') {
    return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
  }
  if (method === 'POST' && path === '/v1/transfers') {
    return { status: 200, body: { id: 'tr_1', object: 'transfer', amount: Number(form.get('amount')) } };
  }
  if (method === 'POST' && path === '/v1/transfers-broken') return { status: 500, body: {} };
  return {
    status: 404,
    body: {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
    },
  };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const method = request.method ?? 'GET';
      seen.push({ method, path: url.pathname, headers: request.headers, form });
      const { status, body } = answer(method, url.pathname, form);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

const NOW = new Date('2026-11-22T15:00:00Z');
const WEBHOOK_SECRET = 'whsec_local_test_secret';

function provider() {
  return createStripeProvider({
    secretKey: 'sk_test_local',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
    now: () => NOW,
  });
}

const only = () => {
  expect(seen).toHaveLength(1);
  return seen[0] as Seen;
};

describe('Stripe provider against a local Stripe stand-in', () => {
  it('creates a payment-mode Checkout Session on the platform account with our reference and amount', async () => {
    const expiresAt = new Date(NOW.getTime() + 2 * 60 * 60 * 1000);
    const session = await provider().createCheckout({
      reference: 'booking-42',
      amountCents: 1250,
      currency: 'usd',
      description: 'Bright bathroom, 15 min',
      customerEmail: 'guest@example.com',
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/cancel-booking-payment?booking=booking-42',
      expiresAt,
    });
    expect(session).toEqual({ sessionId: 'cs_test_a1', url: 'https://checkout.stripe.com/c/pay/cs_test_a1' });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.headers.authorization).toBe('Bearer sk_test_local');
    expect(request.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    // No Stripe-Account header: the charge is the platform's (separate charges and transfers).
    expect(request.headers['stripe-account']).toBeUndefined();
    expect(Object.fromEntries(request.form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': 'Bright bathroom, 15 min',
      client_reference_id: 'booking-42',
      'metadata[reference]': 'booking-42',
      'payment_intent_data[metadata][reference]': 'booking-42',
      customer_email: 'guest@example.com',
      success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/cancel-booking-payment?booking=booking-42',
      expires_at: String(expiresAt.getTime() / 1000),
    });
  });

  it('asks Stripe for its 30-minute minimum (plus a minute) when the hold is shorter', async () => {
    await provider().createCheckout({
      reference: 'booking-15',
      amountCents: 300,
      currency: 'usd',
      description: 'Quick stop',
      successUrl: 'http://localhost:3000/payment-success',
      cancelUrl: 'http://localhost:3000/cancel-booking-payment',
      expiresAt: new Date(NOW.getTime() + 15 * 60 * 1000),
    });
    const form = only().form;
    expect(Number(form.get('expires_at'))).toBe(NOW.getTime() / 1000 + 31 * 60);
    expect(form.has('customer_email')).toBe(false);
  });

  it('expires an open session, and reports a session that is no longer open as not expired', async () => {
    expect(await provider().expireCheckout('cs_test_a1')).toEqual({ expired: true });
    expect(await provider().expireCheckout('cs_test_paid')).toEqual({ expired: false });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/checkout/sessions/cs_test_a1/expire',
      'POST /v1/checkout/sessions/cs_test_paid/expire',
    ]);
  });

  it('refunds through the Refunds API with our idempotency key', async () => {
    const refund = await provider().refund({
      paymentIntentId: 'pi_123',
      amountCents: 500,
      idempotencyKey: 'refund:booking-42:1',
      reference: 'refund-7:0',
    });
    expect(refund).toEqual({ refundId: 're_1', status: 'succeeded' });
    const request = only();
    expect(request.path).toBe('/v1/refunds');
    expect(request.headers['idempotency-key']).toBe('refund:booking-42:1');
    expect(Object.fromEntries(request.form)).toEqual({
      payment_intent: 'pi_123',
      amount: '500',
      'metadata[reference]': 'refund-7:0',
    });
  });

  it('reports a refund Stripe has not finished as pending', async () => {
    const refund = await provider().refund({
      paymentIntentId: 'pi_123',
      amountCents: 999,
      idempotencyKey: 'refund:booking-42:2',
      reference: 'refund-8:0',
    });
    expect(refund).toEqual({ refundId: 're_2', status: 'pending' });
  });

  it('reads a checkout session back: paid, or completed but not paid yet', async () => {
    expect(await provider().retrieveCheckout('cs_test_paid')).toEqual({
      sessionId: 'cs_test_paid',
      status: 'complete',
      paid: true,
      reference: 'booking-42',
      paymentIntentId: 'pi_paid',
      amountCents: 1250,
    });
    expect(await provider().retrieveCheckout('cs_test_delayed')).toEqual({
      sessionId: 'cs_test_delayed',
      status: 'complete',
      paid: false,
      reference: 'booking-43',
      paymentIntentId: 'pi_delayed',
      amountCents: 800,
    });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/checkout/sessions/cs_test_paid',
      'GET /v1/checkout/sessions/cs_test_delayed',
    ]);
    await expect(provider().retrieveCheckout('cs_missing')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('reads a refund back in our three states: requires_action is pending, canceled is failed', async () => {
    const read = (id: string) => provider().retrieveRefund(id);
    expect(await read('re_waiting')).toEqual({
      refundId: 're_waiting',
      reference: 'refund-7:1',
      paymentIntentId: 'pi_123',
      amountCents: 500,
      status: 'pending',
      failureReason: null,
    });
    expect(await read('re_cancelled')).toMatchObject({ status: 'failed', failureReason: 'merchant_request' });
    expect(await read('re_back')).toMatchObject({ status: 'succeeded' });
  });

  it('opens an Express account once per host (idempotency key per user) and links to onboarding', async () => {
    const stripe = provider();
    expect(await stripe.createConnectAccount({ userId: 'user-7', email: 'host@example.com' })).toEqual({
      accountId: 'acct_1',
    });
    const created = only();
    expect(created.path).toBe('/v1/accounts');
    expect(created.headers['idempotency-key']).toBe('connect-account:user-7');
    expect(Object.fromEntries(created.form)).toEqual({
      type: 'express',
      country: 'US',
      email: 'host@example.com',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[user_id]': 'user-7',
    });
    seen.length = 0;
    const link = await stripe.createAccountLink({
      accountId: 'acct_1',
      refreshUrl: 'http://localhost:3000/stripe-connect?refresh=1',
      returnUrl: 'http://localhost:3000/stripe-connect?return=1',
    });
    expect(link).toEqual({ url: 'https://connect.stripe.com/setup/e/acct_1/abc' });
    expect(Object.fromEntries(only().form)).toEqual({
      account: 'acct_1',
      refresh_url: 'http://localhost:3000/stripe-connect?refresh=1',
      return_url: 'http://localhost:3000/stripe-connect?return=1',
      type: 'account_onboarding',
    });
  });

  it('reads an account’s state', async () => {
    expect(await provider().retrieveAccount('acct_1')).toEqual({
      chargesEnabled: true,
      payoutsEnabled: false,
      detailsSubmitted: true,
    });
    expect(only()).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1' });
  });

  it('transfers to a connected account with our idempotency key and reference', async () => {
    const transfer = await provider().transfer({
      accountId: 'acct_1',
      amountCents: 4250,
      idempotencyKey: 'payout:user-7:2026-11-22',
      reference: 'payout-9',
    });
    expect(transfer).toEqual({ transferId: 'tr_1' });
    const request = only();
    expect(request.path).toBe('/v1/transfers');
    expect(request.headers['idempotency-key']).toBe('payout:user-7:2026-11-22');
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '4250',
      currency: 'usd',
      destination: 'acct_1',
      transfer_group: 'payout-9',
      'metadata[reference]': 'payout-9',
    });
  });

  it('tells a refused transfer (no money moved) from one whose outcome is unknown', async () => {
    const input = { amountCents: 100, idempotencyKey: 'payout:p1', reference: 'p1' };
    const refused = provider().transfer({ ...input, accountId: 'acct_restricted' });
    await expect(refused).rejects.toBeInstanceOf(TransferRefusedError);
    await expect(refused).rejects.toThrow(/capabilities/);
    const unknown = provider().transfer({ ...input, accountId: 'acct_flaky' });
    await expect(unknown).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unknown).rejects.not.toBeInstanceOf(TransferRefusedError);
  });

  it('turns Stripe’s errors into PaymentProviderError', async () => {
    await expect(provider().retrieveAccount('acct_missing')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
