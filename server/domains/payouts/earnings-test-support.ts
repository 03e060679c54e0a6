import type { TestContext } from '../../test/harness.ts';
import { createBookingSweep } from '../bookings/booking-sweep.ts';
import { insertJournal } from './ledger-repository.ts';

/** Helpers shared by the earnings tests (ADR 132). */

/** Runs the bookings sweep as if it were `now`: bookings over by then complete and release. */
export function sweepAt(ctx: () => TestContext, now: Date) {
  const { services } = ctx();
  return createBookingSweep({
    db: services.db,
    notifications: services.notifications,
    messaging: services.messaging,
    reviews: services.reviews,
    now: () => now,
  }).sweep();
}

/**
 * A payout as the payouts service records it (the contract's journals): the payable balance of
 * these bookings moves to in transit, then out (paid) or back (failed).
 */
export async function recordPayout(
  ctx: () => TestContext,
  hostId: string,
  lines: { bookingId: string; amountCents: number }[],
  outcome: 'pending' | 'paid' | 'failed',
) {
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return ctx()
    .services.db.transaction()
    .execute(async (trx) => {
      const payout = await trx
        .insertInto('payouts')
        .values({
          host_id: hostId,
          amount_cents: total,
          destination_account_id: `acct_test_${hostId}`,
          status: outcome,
          updated_at: new Date(),
          ...(outcome === 'paid' ? { sent_at: new Date(), transfer_id: `tr_${hostId}_${total}` } : {}),
          ...(outcome === 'failed' ? { failed_at: new Date(), last_error: 'declined' } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('payout_bookings')
        .values(
          lines.map((line) => ({
            payout_id: payout.id,
            booking_id: line.bookingId,
            amount_cents: line.amountCents,
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
      if (outcome === 'paid') {
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:paid`,
          kind: 'payout_paid',
          entries: [
            { account: 'payout_in_transit', amountCents: total },
            { account: 'cash', amountCents: -total },
          ],
        });
      }
      if (outcome === 'failed') {
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:failed`,
          kind: 'payout_failed',
          entries: [
            { account: 'payout_in_transit', amountCents: total },
            { account: 'host_payable', amountCents: -total },
          ],
        });
      }
      return payout.id;
    });
}
