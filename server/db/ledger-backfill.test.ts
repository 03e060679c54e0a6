import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBathroom, insertHost } from '../domains/availability/search-test-support.ts';
import { auditLedger, hostLedgerTotals } from '../domains/payouts/ledger-service.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * The ledger migration's backfill (ADR 128): a database as it was before it, with bookings paid,
 * refunded in part, completed and cancelled, gains balanced journals that give every host the
 * figures the live code would have posted.
 */

const LEDGER = '2026-11-28-10-ledger';
const HOUR = 3_600_000;

describe('ledger migration backfill', () => {
  it('posts captures, proportional refunds and releases for the bookings that exist', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataPath: 'memory://' });
    const { db } = handle;
    try {
      await migrateToLatest(db);
      // Back to the migration before the ledger: undo it and anything after it, newest first.
      const { rows } = await sql<{ name: string }>`
        select name from kysely_migration where name >= ${LEDGER} order by name desc`.execute(db);
      for (const { name } of rows) {
        const { down } = await import(`./migrations/${name}.ts`);
        await down(db);
        await sql`delete from kysely_migration where name = ${name}`.execute(db);
      }

      const host = await insertHost(db);
      const guest = await insertHost(db, 'Gus');
      const bathroom = await insertBathroom(db, {
        hostId: host,
        latitude: 40.7,
        longitude: -74,
        priceCents: 1200,
      });
      const now = Date.now();
      const booking = async (
        status: 'completed' | 'confirmed' | 'cancelled',
        startsIn: number,
        paid: number,
      ) => {
        const startsAt = new Date(Math.floor((now + startsIn * HOUR) / HOUR) * HOUR);
        const endsAt = new Date(startsAt.getTime() + HOUR);
        const row = await db
          .insertInto('bookings')
          .values({
            bathroom_id: bathroom,
            guest_id: guest,
            status,
            starts_at: startsAt,
            ends_at: endsAt,
            duration_minutes: 60,
            cleaning_buffer_minutes: 0,
            hourly_price_cents: paid || 1200,
            price_cents: paid || 1200,
            amount_paid_cents: paid,
            confirmed_at: new Date(startsAt.getTime() - 24 * HOUR),
            completed_at: status === 'completed' ? endsAt : null,
            cancelled_at: status === 'cancelled' ? startsAt : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      const refund = (bookingId: string, amount: number, minutesAfter: number) =>
        db
          .insertInto('booking_refunds')
          .values({
            booking_id: bookingId,
            amount_cents: amount,
            reason: 'requested',
            idempotency_key: `refund-${bookingId}-${minutesAfter}`,
            created_at: new Date(now - 10 * HOUR + minutesAfter * 60_000),
          })
          .execute();
      const completed = await booking('completed', -48, 1200);
      // Completed, then refunded $3.33 and $3.33: the host's share shrinks by round(6.66 × 85%) in all.
      const refunded = await booking('completed', -72, 1000);
      await refund(refunded, 333, 1);
      await refund(refunded, 333, 2);
      const upcoming = await booking('confirmed', 48, 2000);
      // Cancelled late (half back), its time long over: what is left is released.
      const cancelled = await booking('cancelled', -96, 1500);
      await refund(cancelled, 750, 3);
      // Never paid: nothing to post.
      await booking('cancelled', -120, 0);

      expect(await migrateToLatest(db)).toContain(LEDGER);

      const entries = async (bookingId: string) =>
        (
          await db
            .selectFrom('ledger_entries')
            .select(['kind', 'account', 'amount_cents'])
            .where('booking_id', '=', bookingId)
            .orderBy('id')
            .execute()
        ).map((row) => `${row.kind} ${row.account} ${row.amount_cents}`);
      expect(await entries(completed)).toEqual([
        'capture cash 1200',
        'capture commission -180',
        'capture host_pending -1020',
        'release host_pending 1020',
        'release host_payable -1020',
      ]);
      // 333 × 850/1000 = 283.05 → 283; 666 × 0.85 = 566.1 → 566, so the second takes 283 too.
      expect(await entries(refunded)).toEqual([
        'capture cash 1000',
        'capture commission -150',
        'capture host_pending -850',
        'refund cash -333',
        'refund host_pending 283',
        'refund commission 50',
        'refund cash -333',
        'refund host_pending 283',
        'refund commission 50',
        'release host_pending 284',
        'release host_payable -284',
      ]);
      expect(await entries(upcoming)).toEqual([
        'capture cash 2000',
        'capture commission -300',
        'capture host_pending -1700',
      ]);
      expect(await entries(cancelled)).toEqual([
        'capture cash 1500',
        'capture commission -225',
        'capture host_pending -1275',
        'refund cash -750',
        'refund host_pending 638',
        'refund commission 112',
        'release host_pending 637',
        'release host_payable -637',
      ]);
      expect(await hostLedgerTotals(db, host)).toEqual({
        pendingCents: 1700,
        payableCents: 1020 + 284 + 637,
        inTransitCents: 0,
        paidCents: 0,
        refundedCents: 283 + 283 + 638,
        grossCents: 1200 + 1000 + 2000 + 1500,
        commissionCents: 180 + 150 - 100 + 300 + 225 - 112,
      });
      expect(await auditLedger(db)).toEqual({ unbalancedJournals: [], unbalancedBookings: [] });
      // Bookings made before the ledger keep PRODUCT.md's 15%.
      const rates = await db.selectFrom('bookings').select('commission_bps').distinct().execute();
      expect(rates).toEqual([{ commission_bps: 1500 }]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
