import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * Stripe's webhook events through the adapter: the signature checked by the real SDK over the raw
 * body (headers made by its own test helper), and each event type we use normalised.
 */

const WEBHOOK_SECRET = 'whsec_local_test_secret';

// Parsing makes no API call, so the SDK needs no server here.
const provider = () => createStripeProvider({ secretKey: 'sk_test_local', webhookSecret: WEBHOOK_SECRET });

describe('Stripe webhook parsing', () => {
  const stripe = new Stripe('sk_test_local');
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });

  const completed = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_a1',
        object: 'checkout.session',
        client_reference_id: 'booking-42',
        payment_status: 'paid',
        payment_intent: 'pi_123',
        amount_total: 1250,
        metadata: { reference: 'booking-42' },
      },
    },
  });

  it('verifies the signature over the raw body and normalises the event', () => {
    const event = provider().parseWebhook(Buffer.from(completed), sign(completed));
    expect(event).toEqual({
      id: 'evt_1',
      provider: 'stripe',
      rawType: 'checkout.session.completed',
      event: {
        type: 'checkout.completed',
        sessionId: 'cs_test_a1',
        reference: 'booking-42',
        paymentIntentId: 'pi_123',
        amountCents: 1250,
      },
    });
  });

  it('refuses a wrong secret, a changed body, a stale timestamp and a missing header', () => {
    const parse = (body: string, header: string | undefined) => () =>
      provider().parseWebhook(Buffer.from(body), header);
    expect(parse(completed, sign(completed, { secret: 'whsec_other' }))).toThrow(WebhookSignatureError);
    expect(parse(completed.replace('1250', '1'), sign(completed))).toThrow(WebhookSignatureError);
    const stale = Math.floor(Date.now() / 1000) - 3600;
    expect(parse(completed, sign(completed, { timestamp: stale }))).toThrow(WebhookSignatureError);
    expect(parse(completed, undefined)).toThrow(WebhookSignatureError);
  });

  it('normalises expiry, refunds and account updates, and ignores other types', () => {
    const parse = (type: string, object: object) => {
      const body = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
      return provider().parseWebhook(Buffer.from(body), sign(body)).event;
    };
    expect(
      parse('checkout.session.expired', {
        id: 'cs_2',
        object: 'checkout.session',
        client_reference_id: 'b-2',
      }),
    ).toEqual({ type: 'checkout.expired', sessionId: 'cs_2', reference: 'b-2' });
    expect(
      parse('refund.updated', {
        id: 're_1',
        object: 'refund',
        payment_intent: 'pi_1',
        amount: 500,
        status: 'failed',
        failure_reason: 'expired_or_canceled_card',
        metadata: { reference: 'refund-1:0' },
      }),
    ).toEqual({
      type: 'refund.updated',
      refundId: 're_1',
      reference: 'refund-1:0',
      paymentIntentId: 'pi_1',
      amountCents: 500,
      status: 'failed',
      failureReason: 'expired_or_canceled_card',
    });
    // Every event that carries a Refund tells its state, whatever Stripe calls it.
    for (const type of ['refund.created', 'refund.failed', 'charge.refund.updated']) {
      expect(
        parse(type, { id: 're_2', object: 'refund', payment_intent: 'pi_2', amount: 300, status: 'pending' }),
      ).toEqual({
        type: 'refund.updated',
        refundId: 're_2',
        reference: null,
        paymentIntentId: 'pi_2',
        amountCents: 300,
        status: 'pending',
        failureReason: null,
      });
    }
    expect(
      parse('account.updated', {
        id: 'acct_1',
        object: 'account',
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
      }),
    ).toEqual({
      type: 'account.updated',
      accountId: 'acct_1',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    // Completed but not yet paid (a delayed payment method): not a payment yet.
    expect(
      parse('checkout.session.completed', {
        id: 'cs_3',
        object: 'checkout.session',
        client_reference_id: 'b-3',
        payment_status: 'unpaid',
        payment_intent: 'pi_3',
      }),
    ).toBeNull();
    expect(parse('customer.created', { id: 'cus_1', object: 'customer' })).toBeNull();
  });
});

describe('Stripe Connect events for payouts (ADR 129)', () => {
  const stripe = new Stripe('sk_test_local');
  const parse = (type: string, object: object, extra: object = {}) => {
    const body = JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object }, ...extra });
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    return provider().parseWebhook(Buffer.from(body), header).event;
  };

  it('normalises transfer events and a connected account’s bank payouts', () => {
    expect(
      parse('transfer.reversed', {
        id: 'tr_1',
        object: 'transfer',
        amount: 850,
        amount_reversed: 850,
        destination: 'acct_1',
        metadata: { reference: 'payout-1' },
      }),
    ).toEqual({
      type: 'transfer.updated',
      transferId: 'tr_1',
      reference: 'payout-1',
      accountId: 'acct_1',
      amountCents: 850,
      reversedCents: 850,
    });
    expect(
      parse(
        'payout.failed',
        { id: 'po_1', object: 'payout', amount: 850, failure_message: 'closed' },
        { account: 'acct_1' },
      ),
    ).toEqual({
      type: 'bank_payout.updated',
      accountId: 'acct_1',
      bankPayoutId: 'po_1',
      amountCents: 850,
      status: 'failed',
      failureMessage: 'closed',
    });
    // The platform's own payouts (no connected account) are not a host's.
    expect(parse('payout.paid', { id: 'po_2', object: 'payout', amount: 5 })).toBeNull();
  });
});
