import type { Executor } from './repository.ts';

/** The SQL behind requested-refunds.ts: a booking's money, locked, and one refund's progress. */

export async function findBookingMoney(db: Executor, bookingId: string, options: { lock: boolean }) {
  const query = db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'k.id',
      'k.guest_id',
      'b.host_id',
      'k.bathroom_id',
      'b.title as bathroom_title',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.confirmed_at',
      'k.amount_paid_cents',
      'k.amount_refunded_cents',
      'k.payment_intent_id',
    ])
    .where('k.id', '=', bookingId);
  return (options.lock ? query.forUpdate('k') : query).executeTakeFirst();
}

export async function findRefundByKey(db: Executor, idempotencyKey: string) {
  return db
    .selectFrom('booking_refunds')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function findRefundProgress(db: Executor, refundId: string) {
  return db
    .selectFrom('booking_refunds')
    .select(['id', 'status', 'provider_refund_id', 'last_error', 'amount_cents'])
    .where('id', '=', refundId)
    .executeTakeFirst();
}
