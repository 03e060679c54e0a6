import { sql, type Transaction } from 'kysely';
import type { BookingRefundStatus, Database } from '../../db/types.ts';
import type { Executor } from './repository.ts';

/**
 * The SQL of booking refunds (ADR 091, "Refunds"). `bookings.amount_refunded_cents` is everything
 * committed to the guest, `amount_refund_settled_cents` what the provider says is back; each
 * refund's row carries the provider's word.
 */

/** A refund promised to a booking's guest: recorded, and counted against what was paid, at once. */
export async function insertRefund(
  trx: Transaction<Database>,
  refund: { bookingId: string; amountCents: number; reason: string; idempotencyKey: string },
): Promise<string | null> {
  const row = await trx
    .insertInto('booking_refunds')
    .values({
      booking_id: refund.bookingId,
      amount_cents: refund.amountCents,
      reason: refund.reason,
      idempotency_key: refund.idempotencyKey,
      updated_at: sql<Date>`now()`,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  await trx
    .updateTable('bookings')
    .set({ amount_refunded_cents: sql<number>`amount_refunded_cents + ${refund.amountCents}::int` })
    .where('id', '=', refund.bookingId)
    .execute();
  return row.id;
}

/** A refund with what sending it and telling people about it need. */
export async function findRefund(db: Executor, refundId: string) {
  return refundWithBooking(db).where('r.id', '=', refundId).executeTakeFirst();
}
export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

function refundWithBooking(db: Executor) {
  return db
    .selectFrom('booking_refunds as r')
    .innerJoin('bookings as k', 'k.id', 'r.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'r.id',
      'r.booking_id',
      'r.amount_cents',
      'r.reason',
      'r.idempotency_key',
      'r.status',
      'r.round',
      'r.attempts',
      'r.provider_refund_id',
      'r.admins_notified_at',
      'k.payment_intent_id',
      'k.guest_id',
      'k.bathroom_id',
      'b.title as bathroom_title',
    ]);
}

/**
 * The refund an event is about, locked for the event's transaction: by the provider's refund id,
 * else by our reference (the provider may speak before its answer to our call has been stored).
 */
export async function lockRefundForEvent(
  trx: Transaction<Database>,
  match: { providerRefundId: string; id: string | null },
) {
  const known = await refundWithBooking(trx)
    .where('r.provider_refund_id', '=', match.providerRefundId)
    .forUpdate('r')
    .executeTakeFirst();
  if (known || !match.id) return known;
  return refundWithBooking(trx).where('r.id', '=', match.id).forUpdate('r').executeTakeFirst();
}

/**
 * Writes what the provider said of a refund (the caller has locked it and checked the move is
 * allowed) and keeps the booking's settled amount in step: up when it succeeds, down when a
 * succeeded refund fails after all.
 */
export async function setRefundStatus(
  trx: Transaction<Database>,
  refund: Pick<RefundRow, 'id' | 'booking_id' | 'amount_cents' | 'status'>,
  change: { status: BookingRefundStatus; providerRefundId: string; failureReason: string | null },
) {
  await trx
    .updateTable('booking_refunds')
    .set({
      status: change.status,
      provider_refund_id: sql<string>`coalesce(provider_refund_id, ${change.providerRefundId})`,
      updated_at: sql<Date>`now()`,
      ...(change.status === 'failed'
        ? { last_error: `refund failed: ${change.failureReason ?? 'no reason given'}`.slice(0, 500) }
        : {}),
    })
    .where('id', '=', refund.id)
    .execute();
  const delta =
    change.status === 'succeeded' && refund.status !== 'succeeded'
      ? refund.amount_cents
      : change.status !== 'succeeded' && refund.status === 'succeeded'
        ? -refund.amount_cents
        : 0;
  if (delta !== 0) {
    await trx
      .updateTable('bookings')
      .set({ amount_refund_settled_cents: sql<number>`amount_refund_settled_cents + ${delta}::int` })
      .where('id', '=', refund.booking_id)
      .execute();
  }
}

/** Our call reached the provider, which took the refund: remember its id for this round. */
export async function recordRefundAccepted(
  db: Executor,
  refund: { id: string; round: number },
  providerRefundId: string,
) {
  await db
    .updateTable('booking_refunds')
    .set({
      provider_refund_id: sql<string>`coalesce(provider_refund_id, ${providerRefundId})`,
      attempts: sql<number>`attempts + 1`,
      last_error: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', refund.id)
    .where('round', '=', refund.round)
    .execute();
}

/** Our call failed (refused, or no answer): the refund stays pending, to be sent again with its key. */
export async function recordRefundCallFailed(
  db: Executor,
  refund: { id: string; round: number },
  error: string,
) {
  return db
    .updateTable('booking_refunds')
    .set({
      attempts: sql<number>`attempts + 1`,
      last_error: error.slice(0, 500),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', refund.id)
    .where('round', '=', refund.round)
    .returning(['attempts'])
    .executeTakeFirst();
}

/** Claims the one ADMIN_REFUND_FAILED notice of a refund; false when admins were told already. */
export async function claimRefundFailureNotice(db: Executor, refundId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('booking_refunds')
    .set({ admins_notified_at: sql<Date>`now()` })
    .where('id', '=', refundId)
    .where('admins_notified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * A refund the provider failed for good starts its next round: pending again, no provider refund,
 * and (from its round) a new idempotency key. Guarded, so two sweeps start one round.
 */
export async function startNextRefundRound(db: Executor, refund: { id: string; round: number }) {
  const updated = await db
    .updateTable('booking_refunds')
    .set({
      round: refund.round + 1,
      status: 'pending',
      provider_refund_id: null,
      attempts: 0,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', refund.id)
    .where('status', '=', 'failed')
    .where('round', '=', refund.round)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * What the retry sweep works on, oldest first: refunds the provider has not accepted yet (never
 * sent, refused or unanswered: same key again), refunds it failed for good (next round, new key),
 * and accepted refunds still pending long after (asked about, in case an event was lost).
 */
export async function listRefundsToRetry(
  db: Executor,
  options: { maxAttempts: number; maxRounds: number; before: Date; pendingBefore: Date },
) {
  return db
    .selectFrom('booking_refunds')
    .select(['id', 'status', 'round', 'provider_refund_id'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('status', '=', 'pending'),
          eb('provider_refund_id', 'is', null),
          eb('attempts', '<', options.maxAttempts),
          eb('updated_at', '<', options.before),
        ]),
        eb.and([
          eb('status', '=', 'failed'),
          eb('round', '<', options.maxRounds - 1),
          eb('updated_at', '<', options.before),
        ]),
        eb.and([
          eb('status', '=', 'pending'),
          eb('provider_refund_id', 'is not', null),
          eb('updated_at', '<', options.pendingBefore),
        ]),
      ]),
    )
    .orderBy('created_at')
    .limit(100)
    .execute();
}

export async function listBookingRefunds(db: Executor, bookingId: string) {
  return db
    .selectFrom('booking_refunds')
    .select(['id', 'amount_cents', 'status', 'reason', 'created_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at')
    .execute();
}
