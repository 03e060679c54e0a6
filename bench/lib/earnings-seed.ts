import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { insertBathroom } from '../../server/domains/availability/search-test-support.ts';
import { insertJournal } from '../../server/domains/payouts/ledger-repository.ts';
import {
  auditLedger,
  hostLedgerTotals,
  postRefund,
  postSettledBookings,
} from '../../server/domains/payouts/ledger-service.ts';

/**
 * bench:earnings's host (docs/PERFORMANCE.md "Earnings"): five bathrooms, `bookings` paid bookings
 * (the newest 200 still to come and pending, the rest completed and payable), 100 refunded a third,
 * ten paid payouts of 100 bookings each, every booking's money on the ledger as the app posts it,
 * and a live session for the host.
 */

const UPCOMING = 200;
const BATHROOMS = 5;
const HOUR = 3_600_000;

export async function seedEarningsHost(
  db: Db,
  BOOKINGS = 10_000,
): Promise<{ token: string; hostId: string; summary: string }> {
  {
    const now = new Date();
    const hostId = randomUUID();
    const guestId = randomUUID();
    for (const [id, name] of [
      [hostId, 'Bench Host'],
      [guestId, 'Bench Guest'],
    ] as const) {
      await db
        .insertInto('user')
        .values({ id, name, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now })
        .execute();
      await db
        .insertInto('profiles')
        .values({ id, first_name: name.split(' ')[0] as string, last_name: name.split(' ')[1] as string })
        .execute();
    }
    await db
      .updateTable('profiles')
      .set({ is_provider: true, is_stripe_connected: true, stripe_connect_id: 'acct_bench' })
      .where('id', '=', hostId)
      .execute();
    const token = randomBytes(24).toString('hex');
    await db
      .insertInto('session')
      .values({
        id: randomUUID(),
        token,
        userId: hostId,
        expiresAt: new Date(now.getTime() + 400 * 24 * HOUR),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const bathroomIds: string[] = [];
    for (let index = 0; index < BATHROOMS; index++) {
      bathroomIds.push(
        await insertBathroom(db, {
          hostId,
          latitude: 40.7128,
          longitude: -74.006,
          timezone: 'America/New_York',
          title: `Bench bathroom ${index + 1}`,
        }),
      );
    }
    // One booking an hour per bathroom going back from two hours ago (completed), and the
    // upcoming ones an hour apart from the next hour on (confirmed).
    const hourNow = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
    await sql`
      insert into bookings (bathroom_id, guest_id, status, starts_at, ends_at, duration_minutes,
                            cleaning_buffer_minutes, hourly_price_cents, price_cents, amount_paid_cents,
                            confirmed_at, completed_at, created_at)
      select (${bathroomIds}::uuid[])[1 + i % ${BATHROOMS}], ${guestId}, s.status, s.starts_at,
             s.starts_at + interval '1 hour', 60, 0, s.price, s.price, s.price,
             s.starts_at - interval '1 day', case when s.status = 'completed' then s.starts_at + interval '1 hour' end,
             s.starts_at - interval '1 day'
        from generate_series(0, ${BOOKINGS - 1}) as i
       cross join lateral (select case when i < ${UPCOMING} then 'confirmed' else 'completed' end as status,
                                  case when i < ${UPCOMING}
                                       then ${hourNow}::timestamptz + (1 + i / ${BATHROOMS}) * interval '1 hour'
                                       else ${hourNow}::timestamptz - (2 + (i - ${UPCOMING}) / ${BATHROOMS}) * interval '1 hour'
                                  end as starts_at,
                                  800 + (i % 7) * 200 as price) s`.execute(db);
    const bookings = await db
      .selectFrom('bookings')
      .select(['id', 'status', 'amount_paid_cents'])
      .orderBy('starts_at', 'desc')
      .execute();
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < bookings.length; start += 1000) {
        await postSettledBookings(
          trx,
          bookings.slice(start, start + 1000).map((booking) => booking.id),
        );
      }
    });
    // A hundred completed bookings refunded a third each, as a refund request's approval would.
    const completed = bookings.filter((booking) => booking.status === 'completed');
    await db.transaction().execute(async (trx) => {
      for (const booking of completed.slice(0, 100)) {
        const amount = Math.round(booking.amount_paid_cents / 3);
        const refund = await trx
          .insertInto('booking_refunds')
          .values({
            booking_id: booking.id,
            amount_cents: amount,
            reason: 'bench',
            idempotency_key: randomUUID(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('bookings')
          .set({ amount_refunded_cents: amount })
          .where('id', '=', booking.id)
          .execute();
        await postRefund(trx, refund.id);
      }
    });
    // Ten paid payouts of the oldest thousand, with the journals the payouts service posts.
    const oldest = completed.slice(-1000);
    for (let index = 0; index < 10; index++) {
      const lines = oldest.slice(index * 100, index * 100 + 100);
      await db.transaction().execute(async (trx) => {
        const entries = await trx
          .selectFrom('ledger_entries')
          .select(['booking_id', sql<string>`-sum(amount_cents)`.as('payable')])
          .where(
            'booking_id',
            'in',
            lines.map((line) => line.id),
          )
          .where('account', '=', 'host_payable')
          .groupBy('booking_id')
          .execute();
        const total = entries.reduce((sum, entry) => sum + Number(entry.payable), 0);
        const sentAt = new Date(now.getTime() - (10 - index) * 7 * 24 * HOUR);
        const payout = await trx
          .insertInto('payouts')
          .values({
            host_id: hostId,
            amount_cents: total,
            destination_account_id: 'acct_bench',
            status: 'paid',
            transfer_id: `tr_bench_${index}`,
            created_at: sentAt,
            sent_at: sentAt,
            updated_at: sentAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('payout_bookings')
          .values(
            entries.map((entry) => ({
              payout_id: payout.id,
              booking_id: entry.booking_id as string,
              amount_cents: Number(entry.payable),
            })),
          )
          .execute();
        const base = { hostId, payoutId: payout.id };
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:start`,
          kind: 'payout_start',
          entries: [
            { account: 'host_payable', amountCents: total },
            { account: 'payout_in_transit', amountCents: -total },
          ],
        });
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:paid`,
          kind: 'payout_paid',
          entries: [
            { account: 'payout_in_transit', amountCents: total },
            { account: 'cash', amountCents: -total },
          ],
        });
      });
    }
    const audit = await auditLedger(db);
    if (audit.unbalancedBookings.length || audit.unbalancedJournals.length)
      throw new Error('ledger unbalanced');
    const totals = await hostLedgerTotals(db, hostId);
    const rows = await sql<{ n: string }>`select count(*) as n from ledger_entries`.execute(db);
    const fmt = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const summary =
      `seeded ${bookings.length} bookings, ${rows.rows[0]?.n} ledger entries: ` +
      `pending ${fmt(totals.pendingCents)}, payable ${fmt(totals.payableCents)}, paid ${fmt(totals.paidCents)}, refunded ${fmt(totals.refundedCents)}`;
    return { token, hostId, summary };
  }
}
