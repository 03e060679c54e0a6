/**
 * The ledger's arithmetic (ADR 128), in integer cents. Half a cent rounds up, as the earnings
 * calculator does (common/earnings.ts), so the estimate and the ledger agree.
 */

/** Privy's commission on a payment at a rate in basis points (1500 = 15%). */
export function commissionOf(paidCents: number, commissionBps: number): number {
  return Math.floor((paidCents * commissionBps + 5_000) / 10_000);
}

/** How a payment splits between the platform and the host. */
export function splitCapture(paidCents: number, commissionBps: number) {
  const commissionCents = commissionOf(paidCents, commissionBps);
  return { commissionCents, hostShareCents: paidCents - commissionCents };
}

/**
 * The host's part of one refund: their share shrinks in proportion to what has been refunded in
 * all, so that many small refunds round exactly like one big one and never take more than the
 * share. The platform's commission gives back the rest of the refund.
 */
export function splitRefund(input: {
  paidCents: number;
  hostShareCents: number;
  /** Refunded before this one, and the host's part of those. */
  refundedBeforeCents: number;
  hostPartBeforeCents: number;
  refundCents: number;
}): { hostPartCents: number; commissionPartCents: number } {
  const { paidCents, hostShareCents, refundedBeforeCents, hostPartBeforeCents, refundCents } = input;
  if (paidCents <= 0) return { hostPartCents: 0, commissionPartCents: refundCents };
  const refundedAfter = Math.min(paidCents, refundedBeforeCents + refundCents);
  const hostTotal = Math.floor((2 * refundedAfter * hostShareCents + paidCents) / (2 * paidCents));
  const hostPartCents = Math.max(0, hostTotal - hostPartBeforeCents);
  return { hostPartCents, commissionPartCents: refundCents - hostPartCents };
}
