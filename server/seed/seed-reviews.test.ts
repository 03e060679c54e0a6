import { expect, it } from 'vitest';
import { publishedBathroom } from '../domains/bookings/booking-test-support.ts';
import { splitCapture } from '../domains/payouts/ledger-math.ts';
import { auditLedger, hostLedgerTotals } from '../domains/payouts/ledger-service.ts';
import { storedAndFresh } from '../domains/reviews/review-test-support.ts';
import { describeWithApp } from '../test/harness.ts';
import { startOfUtcDay } from './seed-conversations.ts';
import { seedDemoAccounts } from './seed-demo.ts';
import { seedDemoReviews } from './seed-reviews.ts';

/** The demo catalogue's published reviews (ADR 124), on a few bathrooms instead of the catalogue. */
describeWithApp('demo seed: reviews', (ctx) => {
  it('writes published reviews both ways, fast, with true bathroom figures', async () => {
    const { services } = ctx();
    const ids = await seedDemoAccounts(services);
    const bathroomIds: string[] = [];
    for (const email of ['paula@privy.test', 'hector@privy.test', 'maya@privy.test']) {
      for (let index = 0; index < 3; index++)
        bathroomIds.push(await publishedBathroom(ctx, ids.get(email) as string));
    }
    const today = startOfUtcDay(new Date());
    const started = performance.now();
    const { reviews } = await seedDemoReviews(services, ids, today);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(reviews).toBeGreaterThan(9);
    const rows = await services.db
      .selectFrom('reviews as r')
      .innerJoin('bookings as k', 'k.id', 'r.booking_id')
      .innerJoin('bathrooms as b', 'b.id', 'r.bathroom_id')
      .select([
        'r.side',
        'r.author_id',
        'r.published_at',
        'k.status',
        'k.checked_in_at',
        'k.completed_at',
        'b.host_id',
      ])
      .execute();
    expect(rows).toHaveLength(reviews * 2);
    for (const row of rows) {
      expect(row.published_at).not.toBeNull();
      expect(row.status).toBe('completed');
      expect(row.checked_in_at).not.toBeNull();
      // Nobody reviews their own bathroom; every window is long closed.
      if (row.side === 'guest') expect(row.author_id).not.toBe(row.host_id);
      expect(new Date(row.completed_at as Date).getTime()).toBeLessThan(today.getTime() - 14 * 86_400_000);
    }
    // Every visit was paid and is over: its capture and release are on the ledger, split as
    // postCapture and postRelease split a payment (ADR 128), and the ledger balances.
    const paid = await services.db
      .selectFrom('bookings')
      .select(['id', 'amount_paid_cents', 'commission_bps'])
      .execute();
    const entries = await services.db
      .selectFrom('ledger_entries')
      .select(['booking_id', 'kind', 'account', 'amount_cents'])
      .orderBy('id')
      .execute();
    for (const booking of paid) {
      const { commissionCents, hostShareCents } = splitCapture(
        booking.amount_paid_cents,
        booking.commission_bps,
      );
      const own = entries
        .filter((entry) => entry.booking_id === booking.id)
        .map(({ booking_id, ...rest }) => rest);
      expect(own).toEqual([
        { kind: 'capture', account: 'cash', amount_cents: booking.amount_paid_cents },
        { kind: 'capture', account: 'commission', amount_cents: -commissionCents },
        { kind: 'capture', account: 'host_pending', amount_cents: -hostShareCents },
        { kind: 'release', account: 'host_pending', amount_cents: hostShareCents },
        { kind: 'release', account: 'host_payable', amount_cents: -hostShareCents },
      ]);
    }
    expect(await auditLedger(services.db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
    const paula = await hostLedgerTotals(services.db, ids.get('paula@privy.test') as string);
    expect(paula.payableCents).toBeGreaterThan(0);
    expect(paula.pendingCents).toBe(0);
    const { stored, fresh } = await storedAndFresh(ctx, bathroomIds);
    expect(stored).toEqual(fresh);
    expect(stored.filter((row) => row.count > 0).length).toBeGreaterThan(3);
  });
});
