import Stripe from 'stripe';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { createPaymentService } from '../payments/payment-service.ts';
import { createStripeProvider } from '../payments/stripe-provider.ts';
import { signUp } from '../properties/property-test-support.ts';
import { auditLedger, hostLedgerTotals } from './ledger-service.ts';
import { createPayoutService } from './payout-service.ts';
import { noticesOf, payableBooking, payoutHost, transfersOf } from './payout-test-support.ts';

/**
 * Connect events through Stripe's webhook path (ADR 129): signed with the real SDK, parsed by the
 * Stripe adapter, dispatched once per event id in one transaction with the payout handlers.
 */

const SECRET = 'whsec_payout_events';
const stripe = new Stripe('sk_test_local');

function stripeSide(ctx: () => TestContext) {
  const { services } = ctx();
  const payments = createPaymentService({
    db: services.db,
    config: services.config,
    directory: services.directory,
    log: ctx().log,
    // Aimed at a closed local port: a transfer's outcome is unknown, as when Stripe cannot be reached.
    provider: createStripeProvider({
      secretKey: 'sk_test_local',
      webhookSecret: SECRET,
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
  });
  const payouts = createPayoutService({
    db: services.db,
    payments,
    notifications: services.notifications,
    bus: services.realtime.bus,
    log: ctx().log,
  });
  let n = 0;
  const deliver = (type: string, object: object, extra: object = {}) => {
    n += 1;
    const body = JSON.stringify({
      id: `evt_${type}_${n}`,
      object: 'event',
      type,
      data: { object },
      ...extra,
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    return payments.receiveWebhook(Buffer.from(body), signature).then(() => body);
  };
  const redeliver = (body: string) =>
    payments.receiveWebhook(
      Buffer.from(body),
      stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }),
    );
  return { payments, payouts, deliver, redeliver };
}

const payoutOf = (ctx: () => TestContext, id: string) =>
  ctx().services.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeWithApp('payouts: Connect events', (ctx) => {
  it('a transfer reversed in full after it was paid makes the balance payable again, once', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const admin = await signUp(ctx, 'admin@example.com', { admin: true });
    const host = await payoutHost(ctx, 'host@example.com');
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    const paid = await services.payouts.payHost(host.id, admin.id);
    const payout = await payoutOf(ctx, paid.payout_id as string);
    const { deliver, redeliver } = stripeSide(ctx);
    const transfer = {
      id: payout.transfer_id,
      object: 'transfer',
      amount: 850,
      amount_reversed: 850,
      destination: `acct_test_${host.id}`,
      metadata: { reference: payout.id },
    };
    const body = await deliver('transfer.reversed', transfer);
    expect(await payoutOf(ctx, payout.id)).toMatchObject({ status: 'reversed' });
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ payableCents: 850, paidCents: 0 });
    expect(await redeliver(body)).toEqual({ duplicate: true });
    await deliver('transfer.reversed', transfer);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ payableCents: 850 });
    expect((await noticesOf(ctx, host.id)).map((row) => row.notification_type)).toEqual([
      'OWNER_PAYOUT_SENT',
      'OWNER_PAYOUT_FAILED',
    ]);
    const adminNotices = await noticesOf(ctx, admin.id);
    expect(adminNotices.filter((row) => row.notification_type === 'ADMIN_PAYOUT_FAILED')).toHaveLength(1);

    // The balance is payable again and the next payout carries it.
    expect(await services.payouts.payHost(host.id, admin.id)).toMatchObject({
      outcome: 'paid',
      amount_cents: 850,
    });
    expect(await transfersOf(ctx)).toHaveLength(2);
    expect(await auditLedger(services.db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
  });

  it('a transfer event for a payout left pending settles it paid with that transfer', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com');
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    const { payouts, deliver } = stripeSide(ctx);
    // Stripe cannot be reached from here: the outcome is unknown and the payout stays pending.
    const pending = await payouts.payHost(host.id, null);
    expect(pending).toMatchObject({ outcome: 'pending' });
    await deliver('transfer.created', {
      id: 'tr_from_stripe',
      object: 'transfer',
      amount: 850,
      amount_reversed: 0,
      destination: `acct_test_${host.id}`,
      metadata: { reference: pending.payout_id },
    });
    expect(await payoutOf(ctx, pending.payout_id as string)).toMatchObject({
      status: 'paid',
      transfer_id: 'tr_from_stripe',
    });
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ inTransitCents: 0, paidCents: 850 });
    // A transfer for another amount, or made elsewhere, is not ours to settle.
    await deliver('transfer.created', {
      id: 'tr_other',
      object: 'transfer',
      amount: 5,
      destination: `acct_test_${host.id}`,
      metadata: {},
    });
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ paidCents: 850 });
  }, 60_000);

  it('a bank payout that failed at Stripe is told to the host; account updates decide who is paid', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com');
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    const { deliver } = stripeSide(ctx);
    await deliver(
      'payout.failed',
      { id: 'po_1', object: 'payout', amount: 850, failure_message: 'The bank account has been closed.' },
      { account: `acct_test_${host.id}` },
    );
    expect(await noticesOf(ctx, host.id)).toEqual([
      {
        notification_type: 'OWNER_PAYOUT_FAILED',
        message:
          'Stripe could not pay $8.50 out to your bank (The bank account has been closed.). Check your bank details in Stripe.',
      },
    ]);
    await deliver('account.updated', {
      id: `acct_test_${host.id}`,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: false,
      details_submitted: true,
    });
    expect(await services.payouts.payHost(host.id, null)).toMatchObject({
      outcome: 'skipped',
      skip_reason: 'not_connected',
    });
  });
});
