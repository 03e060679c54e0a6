import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { postRefund } from '../payouts/ledger-service.ts';
import { insertRefund } from './refunds-repository.ts';
import type { Executor } from './repository.ts';
import { findBookingMoney, findRefundByKey, findRefundProgress } from './requested-refunds-repository.ts';

/**
 * What the refunds domain (refund requests, ADR 126) runs inside its own transactions against a
 * booking: the booking's money locked, and a refund committed with the same machinery as
 * cancellation refunds (booking_refunds + amount_refunded_cents, ADR 091). Sending it is
 * BookingService.sendRefund, after the commit.
 */

export type BookingMoney = NonNullable<Awaited<ReturnType<typeof findBookingMoney>>>;

/** The booking, locked until the caller's transaction ends, so two decisions take turns. */
export const lockBookingForRefund = (trx: Transaction<Database>, bookingId: string) =>
  findBookingMoney(trx, bookingId, { lock: true });

/** The same facts without a lock, for reads. */
export const bookingForRefund = (db: Executor, bookingId: string) =>
  findBookingMoney(db, bookingId, { lock: false });

/** What is still refundable: what was paid less every refund already committed to the guest. */
export const refundableCents = (booking: Pick<BookingMoney, 'amount_paid_cents' | 'amount_refunded_cents'>) =>
  Math.max(0, booking.amount_paid_cents - booking.amount_refunded_cents);

/**
 * Commits a request's refund, once: its idempotency key is the request's, so a second call (a
 * retry, a racing approval) finds the first refund instead of adding one. Returns its id.
 */
export async function commitRequestedRefund(
  trx: Transaction<Database>,
  refund: { bookingId: string; requestId: string; amountCents: number },
): Promise<string> {
  const idempotencyKey = `refund:request:${refund.requestId}`;
  const id = await insertRefund(trx, {
    bookingId: refund.bookingId,
    amountCents: refund.amountCents,
    reason: 'refund_request',
    idempotencyKey,
  });
  if (id) {
    await postRefund(trx, id);
    return id;
  }
  const existing = await findRefundByKey(trx, idempotencyKey);
  if (!existing) throw new Error('refund request: refund neither inserted nor found');
  return existing.id;
}

/** Whether the provider has taken a refund yet, and the last error if it has not. */
export const refundProgress = (db: Executor, refundId: string) => findRefundProgress(db, refundId);
