import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { signUp } from '../properties/property-test-support.ts';
import { auditLedger, hostLedgerTotals, postRefund } from './ledger-service.ts';
import { createPayoutService } from './payout-service.ts';
import {
  noticesOf,
  payableBooking,
  payoutHost,
  setTransfersRefused,
  transfersOf,
} from './payout-test-support.ts';

/**
 * Paying hosts (ADR 129): one transfer per payout keyed by its id, the ledger moving payable to
 * in transit to paid (or back), unlinked hosts skipped with the reason, failures payable again.
 */

const payoutsOf = (ctx: () => TestContext, hostId: string) =>
  ctx()
    .services.db.selectFrom('payouts')
    .selectAll()
    .where('host_id', '=', hostId)
    .orderBy('created_at')
    .execute();

async function expectBalanced(ctx: () => TestContext) {
  expect(await auditLedger(ctx().services.db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
}

describeWithApp('payouts: paying a host', (ctx) => {
  it('pays a linked host their payable balance once, with the bookings it carries', async () => {
    const { services } = ctx();
    const host = await payoutHost(ctx, 'host@example.com');
    const guest = await signUp(ctx, 'guest@example.com');
    const first = await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1200 });
    const second = await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 2001 });
    // 85% of each, half a cent of commission rounding up (ADR 128): 1020 + 1701.
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ payableCents: 2721 });

    const result = await services.payouts.payHost(host.id, null);
    expect(result).toMatchObject({ outcome: 'paid', amount_cents: 2721, skip_reason: null });
    const [payout] = await payoutsOf(ctx, host.id);
    expect(payout).toMatchObject({ status: 'paid', amount_cents: 2721, attempts: 1 });
    expect(payout?.transfer_id).toMatch(/^tr_test_/);
    expect(await transfersOf(ctx)).toEqual([
      {
        idempotency_key: `payout:${payout?.id}`,
        account_id: `acct_test_${host.id}`,
        amount_cents: 2721,
        reference: payout?.id,
      },
    ]);
    const carried = await services.db
      .selectFrom('payout_bookings')
      .select(['booking_id', 'amount_cents'])
      .where('payout_id', '=', payout?.id as string)
      .orderBy('amount_cents')
      .execute();
    expect(carried).toEqual([
      { booking_id: first, amount_cents: 1020 },
      { booking_id: second, amount_cents: 1701 },
    ]);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({
      payableCents: 0,
      inTransitCents: 0,
      paidCents: 2721,
    });
    expect(await noticesOf(ctx, host.id)).toEqual([
      {
        notification_type: 'OWNER_PAYOUT_SENT',
        message: 'We sent $27.21 of your earnings to your Stripe account.',
      },
    ]);

    // Pressed again: nothing is payable, nothing moves.
    expect(await services.payouts.payHost(host.id, null)).toMatchObject({
      outcome: 'skipped',
      skip_reason: 'nothing_payable',
    });
    expect(await transfersOf(ctx)).toHaveLength(1);
    await expectBalanced(ctx);
  });

  it('skips a host without a linked account, or whose onboarding is unfinished, with the reason', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const unlinked = await payoutHost(ctx, 'unlinked@example.com', { link: 'unlinked' });
    const unfinished = await payoutHost(ctx, 'unfinished@example.com', { link: 'not_connected' });
    const linked = await payoutHost(ctx, 'linked@example.com');
    for (const host of [unlinked, unfinished, linked]) {
      await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    }
    const run = await services.payouts.payAll(null);
    const byHost = Object.fromEntries(run.results.map((row) => [row.host_id, row]));
    expect(byHost[unlinked.id]).toMatchObject({
      outcome: 'skipped',
      skip_reason: 'unlinked',
      amount_cents: 850,
    });
    expect(byHost[unfinished.id]).toMatchObject({ outcome: 'skipped', skip_reason: 'not_connected' });
    expect(byHost[linked.id]).toMatchObject({ outcome: 'paid', amount_cents: 850 });
    expect(run).toMatchObject({ paid_count: 1, paid_cents: 850, skipped_count: 2, failed_count: 0 });
    expect(await payoutsOf(ctx, unlinked.id)).toEqual([]);
    expect(await hostLedgerTotals(services.db, unlinked.id)).toMatchObject({ payableCents: 850 });
    const overview = await services.payouts.overview();
    expect(overview.hosts.map((host) => [host.host_id, host.connect, host.payable_cents])).toEqual(
      expect.arrayContaining([
        [unlinked.id, 'unlinked', 850],
        [unfinished.id, 'not_connected', 850],
      ]),
    );
    expect(overview.hosts.find((host) => host.host_id === linked.id)).toBeUndefined();
  });

  it('marks a refused transfer failed, keeps the balance payable, tells the host and admins; retry pays it', async () => {
    const { services } = ctx();
    const admin = await signUp(ctx, 'admin@example.com', { admin: true });
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com', { refuses: true });
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 4000 });

    const failed = await services.payouts.payHost(host.id, admin.id);
    expect(failed).toMatchObject({ outcome: 'failed', amount_cents: 3400 });
    expect(failed.error).toMatch(/cannot receive transfers/);
    const [payout] = await payoutsOf(ctx, host.id);
    expect(payout).toMatchObject({ status: 'failed', requested_by: admin.id });
    expect(payout?.failed_at).toBeInstanceOf(Date);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({
      payableCents: 3400,
      inTransitCents: 0,
      paidCents: 0,
    });
    expect((await noticesOf(ctx, host.id)).map((row) => row.notification_type)).toEqual([
      'OWNER_PAYOUT_FAILED',
    ]);
    const adminNotices = (await noticesOf(ctx, admin.id)).filter(
      (row) => row.notification_type !== 'USER_REGISTERED',
    );
    expect(adminNotices.map((row) => row.notification_type)).toEqual(['ADMIN_PAYOUT_FAILED']);
    expect((await services.payouts.overview()).payouts[0]).toMatchObject({
      status: 'failed',
      retryable: true,
    });

    await setTransfersRefused(ctx, host.id, false);
    const retried = await services.payouts.retry(payout?.id as string, admin.id);
    expect(retried).toMatchObject({ outcome: 'paid', amount_cents: 3400 });
    expect(retried.payout_id).not.toBe(payout?.id);
    expect(await transfersOf(ctx)).toHaveLength(1);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ payableCents: 0, paidCents: 3400 });
    const history = (await services.payouts.overview()).payouts;
    expect(history.map((row) => [row.status, row.retryable])).toEqual([
      ['paid', false],
      ['failed', false],
    ]);
    await expect(services.payouts.retry(retried.payout_id as string, admin.id)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expectBalanced(ctx);
  });

  it('resumes a payout whose answer was lost with the same key: one transfer, paid once', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com');
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    // The provider takes the transfer but the answer never arrives (a timeout, a process killed).
    const lossy = createPayoutService({
      db: services.db,
      bus: services.realtime.bus,
      notifications: services.notifications,
      log: ctx().log,
      payments: {
        onEvent: () => {},
        sendTransfer: async (input) => {
          await services.payments.sendTransfer(input);
          return { status: 'unknown', reason: 'socket hang up' };
        },
      },
    });
    const lost = await lossy.payHost(host.id, null);
    expect(lost).toMatchObject({ outcome: 'pending', error: 'socket hang up' });
    // The page shows the host with a payout in flight (nothing payable meanwhile).
    expect((await services.payouts.overview()).hosts).toEqual([
      expect.objectContaining({ host_id: host.id, payable_cents: 0, pending_payout_id: lost.payout_id }),
    ]);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({
      payableCents: 0,
      inTransitCents: 850,
    });
    // Pay all while it is in flight does not make a second payout: it asks again, same key.
    const run = await services.payouts.payAll(null);
    expect(run.results).toEqual([
      expect.objectContaining({ host_id: host.id, outcome: 'paid', amount_cents: 850 }),
    ]);
    const payouts = await payoutsOf(ctx, host.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({ status: 'paid', attempts: 2, last_error: null });
    expect(await transfersOf(ctx)).toHaveLength(1);
    expect(await services.payouts.resumePending()).toEqual([]);
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ inTransitCents: 0, paidCents: 850 });
    await expectBalanced(ctx);
  });

  it('pays each host once when two runs go at the same time', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const hosts = await Promise.all([1, 2, 3, 4, 5].map((n) => payoutHost(ctx, `host-${n}@example.com`)));
    let owed = 0;
    for (const [index, host] of hosts.entries()) {
      await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1001 + index * 333 });
      owed += (await hostLedgerTotals(services.db, host.id)).payableCents;
    }
    const runs = await Promise.all([services.payouts.payAll(null), services.payouts.payAll(null)]);
    const transfers = await transfersOf(ctx);
    expect(transfers).toHaveLength(5);
    expect(new Set(transfers.map((row) => row.account_id)).size).toBe(5);
    expect(transfers.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(owed);
    const paid = await services.db.selectFrom('payouts').select(['status']).execute();
    expect(paid.map((row) => row.status)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid']);
    // Each host shows up as paid in at least one run, and no run paid anyone twice.
    const paidIn = runs.flatMap((run) => run.results.filter((row) => row.outcome === 'paid'));
    expect(new Set(paidIn.map((row) => row.payout_id)).size).toBe(5);
    await expectBalanced(ctx);
  });

  it('nets a refund made after a payout from the next one, and pays nothing while negative', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com');
    const refunded = await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 2000 });
    expect(await services.payouts.payHost(host.id, null)).toMatchObject({
      outcome: 'paid',
      amount_cents: 1700,
    });
    // Half refunded after the payout: the host's part (850) comes out of payable.
    await services.db.transaction().execute(async (trx) => {
      const refund = await trx
        .insertInto('booking_refunds')
        .values({
          booking_id: refunded,
          amount_cents: 1000,
          reason: 'Broken lock',
          idempotency_key: `refund-${refunded}`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postRefund(trx, refund.id);
    });
    expect(await hostLedgerTotals(services.db, host.id)).toMatchObject({ payableCents: -850 });
    expect(await services.payouts.payHost(host.id, null)).toMatchObject({
      outcome: 'skipped',
      skip_reason: 'negative_balance',
      amount_cents: -850,
    });
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 3000 });
    const next = await services.payouts.payHost(host.id, null);
    expect(next).toMatchObject({ outcome: 'paid', amount_cents: 2550 - 850 });
    const carried = await services.db
      .selectFrom('payout_bookings')
      .select(['booking_id', 'amount_cents'])
      .where('payout_id', '=', next.payout_id as string)
      .execute();
    expect(carried).toEqual(
      expect.arrayContaining([
        { booking_id: refunded, amount_cents: -850 },
        expect.objectContaining({ amount_cents: 2550 }),
      ]),
    );
    await expectBalanced(ctx);
  });

  it('runs weekly only when weekly_payouts_enabled is on (off when the row is missing)', async () => {
    const { services } = ctx();
    const guest = await signUp(ctx, 'guest@example.com');
    const host = await payoutHost(ctx, 'host@example.com');
    await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
    expect(await services.payouts.runWeekly()).toBeNull();
    await services.db
      .insertInto('platform_settings')
      .values({ key: 'weekly_payouts_enabled', value: 'false' })
      .execute();
    expect(await services.payouts.runWeekly()).toBeNull();
    expect(await transfersOf(ctx)).toEqual([]);
    await services.db
      .updateTable('platform_settings')
      .set({ value: 'true' })
      .where('key', '=', 'weekly_payouts_enabled')
      .execute();
    expect(await services.payouts.runWeekly()).toMatchObject({ paid_count: 1, paid_cents: 850 });
    const [payout] = await payoutsOf(ctx, host.id);
    expect(payout).toMatchObject({ status: 'paid', requested_by: null });
    expect(payout?.run_id).toBeTruthy();
  });
});
