import { formatUsd } from '../../../common/money.ts';

/**
 * What a booking's refunds amount to, as the payment provider has told us (ADR 091, "Refunds"):
 * `settledCents` is back with the guest; `pendingCents` is committed to them but not back yet
 * (the provider has not finished it, or failed it and it is being sent again).
 */
export function refundSummary(booking: {
  amount_refunded_cents: number;
  amount_refund_settled_cents: number;
}) {
  const settledCents = booking.amount_refund_settled_cents;
  return { settledCents, pendingCents: Math.max(0, booking.amount_refunded_cents - settledCents) };
}

/** The list row's note: " · $12.00 refunded", " · refund of $6.00 pending", both, or nothing. */
export function refundNote(booking: { amount_refunded_cents: number; amount_refund_settled_cents: number }) {
  const { settledCents, pendingCents } = refundSummary(booking);
  return [
    settledCents > 0 ? ` · ${formatUsd(settledCents)} refunded` : '',
    pendingCents > 0 ? ` · refund of ${formatUsd(pendingCents)} pending` : '',
  ].join('');
}
