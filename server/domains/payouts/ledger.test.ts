import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { createBookingSweep } from '../bookings/booking-sweep.ts';
import { bookingCast, publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import { auditLedger, hostLedgerTotals } from './ledger-service.ts';

/**
 * The ledger follows a booking's money (ADR 128): the capture splits the payment, a refund takes
 * the host's share in proportion, the end of the booking makes what is left payable, and every
 * journal balances.
 */

const entriesOf = (ctx: () => TestContext, bookingId: string) =>
  ctx()
    .services.db.selectFrom('ledger_entries')
    .select(['kind', 'account', 'amount_cents'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();

/** The next quarter hour at least `minutes` from now: a start the guest may still book. */
function soon(minutes: number): Date {
  const quarter = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + minutes * 60_000) / quarter) * quarter);
}

describeWithApp('ledger: a booking’s money', (ctx) => {
  it('splits a payment, takes a late cancellation’s refund in proportion, releases the rest at the end', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1200 });
    const bookingId = await confirmedBooking(ctx, guest, bathroomId, soon(30));
    expect(await entriesOf(ctx, bookingId)).toEqual([
      { kind: 'capture', account: 'cash', amount_cents: 1200 },
      { kind: 'capture', account: 'commission', amount_cents: -180 },
      { kind: 'capture', account: 'host_pending', amount_cents: -1020 },
    ]);
    expect(await hostLedgerTotals(db, host.id)).toMatchObject({ pendingCents: 1020, payableCents: 0 });

    // Under an hour before the start: half back to the guest, half of the host's share with it.
    const cancelled = await guest.agent.post(`/api/bookings/${bookingId}/cancel`, { reason: 'Late' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await entriesOf(ctx, bookingId)).slice(3)).toEqual([
      { kind: 'refund', account: 'cash', amount_cents: -600 },
      { kind: 'refund', account: 'host_pending', amount_cents: 510 },
      { kind: 'refund', account: 'commission', amount_cents: 90 },
    ]);

    const sweepAt = (now: Date) =>
      createBookingSweep({
        db,
        notifications: ctx().services.notifications,
        messaging: ctx().services.messaging,
        reviews: ctx().services.reviews,
        now: () => now,
      }).sweep();
    expect(await sweepAt(new Date())).toMatchObject({ released: 0 });
    const afterEnd = new Date(Date.now() + 3 * 3_600_000);
    expect(await sweepAt(afterEnd)).toMatchObject({ released: 1 });
    expect(await sweepAt(afterEnd)).toMatchObject({ released: 0 });
    expect(await hostLedgerTotals(db, host.id)).toEqual({
      pendingCents: 0,
      payableCents: 510,
      inTransitCents: 0,
      paidCents: 0,
      refundedCents: 510,
      grossCents: 1200,
      commissionCents: 90,
    });
    expect(await auditLedger(db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
  });

  it('records the commission in force when the booking is made, and keeps it', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1200 });
    const before = await confirmedBooking(ctx, guest, bathroomId, startIn(1));
    await db
      .insertInto('platform_settings')
      .values({ key: 'commission_bps', value: '2000' })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: '2000' }))
      .execute();
    const after = await confirmedBooking(ctx, guest, bathroomId, startIn(2));
    const rates = await db
      .selectFrom('bookings')
      .select(['id', 'commission_bps'])
      .where('id', 'in', [before, after])
      .execute();
    expect(Object.fromEntries(rates.map((row) => [row.id, row.commission_bps]))).toEqual({
      [before]: 1500,
      [after]: 2000,
    });
    expect((await entriesOf(ctx, after)).find((entry) => entry.account === 'commission')?.amount_cents).toBe(
      -240,
    );
    expect(await hostLedgerTotals(db, host.id)).toMatchObject({
      pendingCents: 1020 + 960,
      commissionCents: 420,
    });
  });

  it('refuses to change or delete an entry, and refuses a journal that does not balance', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bookingId = await confirmedBooking(ctx, guest, await publishedBathroom(ctx, host.id), startIn(1));
    await expect(
      db.updateTable('ledger_entries').set({ amount_cents: 0 }).where('booking_id', '=', bookingId).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(
      db.deleteFrom('ledger_entries').where('booking_id', '=', bookingId).execute(),
    ).rejects.toThrow(/immutable/);
    await expect(
      db
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('ledger_entries')
            .values({ journal_key: 'x', kind: 'refund', account: 'cash', host_id: host.id, amount_cents: 5 })
            .execute(),
        ),
    ).rejects.toThrow(/does not balance/);
    const count = await sql<{
      n: string;
    }>`select count(*) as n from ledger_entries where journal_key = 'x'`.execute(db);
    expect(Number(count.rows[0]?.n)).toBe(0);
  });
});
