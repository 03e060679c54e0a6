import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import { splitCapture, splitRefund } from './ledger-math.ts';
import {
  type Executor,
  findBookingMoney,
  findHostPartOfRefund,
  findRefundAmount,
  insertJournal,
  insertSettledJournals,
  listReleasableCancellations,
  listUnbalancedBookings,
  listUnbalancedJournals,
  sumHostLedger,
  sumPlatformLedgerSince,
} from './ledger-repository.ts';

/**
 * The ledger's bookkeeping of a booking's money (ADR 128). Each function posts one event's
 * journal in the caller's transaction, the one that records the event itself, and is safe to call
 * twice (the journal's key is the event's).
 */

/** A payment arrived for the booking: cash in, the commission the platform's, the rest pending. */
export async function postCapture(trx: Transaction<Database>, bookingId: string): Promise<boolean> {
  const booking = await findBookingMoney(trx, bookingId);
  if (!booking || booking.amount_paid_cents <= 0) return false;
  const { commissionCents, hostShareCents } = splitCapture(booking.amount_paid_cents, booking.commission_bps);
  return insertJournal(trx, {
    key: `capture:${bookingId}`,
    kind: 'capture',
    hostId: booking.host_id,
    bookingId,
    entries: [
      { account: 'cash', amountCents: booking.amount_paid_cents },
      { account: 'commission', amountCents: -commissionCents },
      { account: 'host_pending', amountCents: -hostShareCents },
    ],
  });
}

/**
 * A refund was committed to the guest: cash out, the host's share reduced in proportion (from
 * pending, or from payable once the booking's earnings were released, even if already paid: the
 * next payout nets it), the commission gives back the rest.
 */
export async function postRefund(trx: Transaction<Database>, refundId: string): Promise<boolean> {
  const refund = await findRefundAmount(trx, refundId);
  if (!refund) return false;
  const booking = await findBookingMoney(trx, refund.booking_id);
  if (!booking?.captured) return false;
  const { hostShareCents } = splitCapture(booking.amount_paid_cents, booking.commission_bps);
  const { hostPartCents, commissionPartCents } = splitRefund({
    paidCents: booking.amount_paid_cents,
    hostShareCents,
    refundedBeforeCents: Number(booking.refunded_cents),
    hostPartBeforeCents: Number(booking.host_refunded_cents),
    refundCents: refund.amount_cents,
  });
  return insertJournal(trx, {
    key: `refund:${refundId}`,
    kind: 'refund',
    hostId: booking.host_id,
    bookingId: booking.id,
    entries: [
      { account: 'cash', amountCents: -refund.amount_cents },
      { account: booking.released ? 'host_payable' : 'host_pending', amountCents: hostPartCents },
      { account: 'commission', amountCents: commissionPartCents },
    ],
  });
}

/** The booking is over (completed, or cancelled and past its end): what is pending becomes payable. */
export async function postRelease(trx: Transaction<Database>, bookingId: string): Promise<boolean> {
  const booking = await findBookingMoney(trx, bookingId);
  if (!booking?.captured || booking.released) return false;
  const pending = -Number(booking.pending_cents);
  return insertJournal(trx, {
    key: `release:${bookingId}`,
    kind: 'release',
    hostId: booking.host_id,
    bookingId,
    entries: [
      { account: 'host_pending', amountCents: pending },
      { account: 'host_payable', amountCents: -pending },
    ],
  });
}

/**
 * Many paid, unrefunded bookings at once (the demo seed): each one's capture, and its release when
 * it has completed, exactly as postCapture and postRelease would post them.
 */
export const postSettledBookings = (trx: Transaction<Database>, bookingIds: string[]) =>
  insertSettledJournals(trx, bookingIds);

/** What a refund took from the host's earnings, once posted. */
export const hostPartOfRefund = (db: Executor, refundId: string) => findHostPartOfRefund(db, refundId);

export const releasableCancellations = (db: Executor, now: Date, limit: number) =>
  listReleasableCancellations(db, now, limit);

export const hostLedgerTotals = (db: Executor, hostId: string) => sumHostLedger(db, hostId);

/** Guests' payments, refunds and the commission kept since an instant, platform-wide (ADR 133). */
export const platformLedgerSince = (db: Executor, since: Date) => sumPlatformLedgerSince(db, since);

/** The ledger's own audit: every journal and every booking sums to zero. */
export async function auditLedger(db: Executor) {
  const [journals, bookings] = await Promise.all([listUnbalancedJournals(db), listUnbalancedBookings(db)]);
  return { unbalancedJournals: journals, unbalancedBookings: bookings };
}

// A payout's own journals (start, paid, failed, reversed) live with the payouts (ADR 129).
export { postPayoutFailed, postPayoutPaid, postPayoutReversed, postPayoutStart } from './payout-journals.ts';
