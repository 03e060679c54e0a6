import { formatUsd } from './money.ts';

/**
 * Who gets what back when a booking is cancelled (PRODUCT.md, "Booking life"): a guest 60 minutes
 * or more before the start gets everything, less than that half, after the start nothing (a refund
 * request may still be filed); a host or an admin cancelling always refunds in full. Shared by the
 * server, which refunds it, and the booking page, which shows it before the guest confirms.
 */

export const FULL_REFUND_NOTICE_MINUTES = 60;

export type CancellingParty = 'guest' | 'host' | 'admin' | 'system';
export type RefundPolicy = 'full' | 'half' | 'none';

export type CancellationTerms = { policy: RefundPolicy; refundCents: number };

export function cancellationTerms(input: {
  party: CancellingParty;
  now: Date;
  startsAt: Date;
  /** What was paid and not yet given back, in cents. */
  refundableCents: number;
  /** The free-cancellation window admins set (ADR 140); PRODUCT.md's 60 minutes by default. */
  freeCancellationMinutes?: number;
}): CancellationTerms {
  const freeMinutes = input.freeCancellationMinutes ?? FULL_REFUND_NOTICE_MINUTES;
  const refundable = Math.max(0, input.refundableCents);
  if (input.party !== 'guest') return { policy: 'full', refundCents: refundable };
  const minutesAhead = (input.startsAt.getTime() - input.now.getTime()) / 60_000;
  if (minutesAhead >= freeMinutes) return { policy: 'full', refundCents: refundable };
  // Half, rounded half up to the cent: 1,001 cents gives back 501.
  if (minutesAhead > 0) return { policy: 'half', refundCents: Math.round(refundable / 2) };
  return { policy: 'none', refundCents: 0 };
}

/** The sentence a guest or host reads before confirming a cancellation. */
export function describeTerms(
  terms: CancellationTerms,
  party: CancellingParty,
  freeCancellationMinutes: number = FULL_REFUND_NOTICE_MINUTES,
): string {
  if (party !== 'guest') {
    return terms.refundCents > 0
      ? `The guest gets a full refund of ${formatUsd(terms.refundCents)}.`
      : 'Nothing was paid, so there is nothing to refund.';
  }
  switch (terms.policy) {
    case 'full':
      return terms.refundCents > 0
        ? `You get a full refund of ${formatUsd(terms.refundCents)}.`
        : 'Nothing was paid, so there is nothing to refund.';
    case 'half':
      return `It starts in less than ${freeCancellationMinutes} minutes, so you get half back: ${formatUsd(terms.refundCents)}.`;
    case 'none':
      return 'It has already started, so there is no refund. You can still ask for one from the booking page.';
  }
}
