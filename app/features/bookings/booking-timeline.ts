import { formatUsd } from '../../../common/money.ts';
import type { BookingDetail } from '../../../common/schemas/booking-pages.ts';

export type TimelineStep = { label: string; at: string | null; done: boolean };

/**
 * A booking's life so far, in order, then what is still to come (not done): booked, paid and
 * confirmed, checked in, completed; or how it ended (cancelled, expired) and what was refunded.
 */
export function bookingTimeline(booking: BookingDetail): TimelineStep[] {
  const steps: TimelineStep[] = [{ label: 'Booked', at: booking.created_at, done: true }];
  if (booking.status === 'expired') {
    steps.push({
      label: 'Hold expired unpaid; the time was released',
      at: booking.hold_expires_at,
      done: true,
    });
    // A payment that arrived after the hold ended is given back.
    return [...steps, ...refundSteps(booking)];
  }
  steps.push({ label: 'Paid and confirmed', at: booking.confirmed_at, done: booking.confirmed_at !== null });
  if (booking.status === 'cancelled') {
    steps.push({ label: 'Cancelled', at: booking.cancelled_at, done: true });
  } else {
    steps.push({ label: 'Checked in', at: booking.checked_in_at, done: booking.checked_in_at !== null });
    steps.push({ label: 'Completed', at: booking.completed_at, done: booking.completed_at !== null });
  }
  return [...steps, ...refundSteps(booking)];
}

/** Each refund as the payment provider last described it; only a succeeded one is "refunded". */
function refundSteps(booking: BookingDetail): TimelineStep[] {
  return booking.refunds.map((refund) => {
    const amount = formatUsd(refund.amount_cents);
    const label =
      refund.status === 'succeeded'
        ? `Refunded ${amount}`
        : refund.status === 'failed'
          ? `Refund of ${amount} delayed: the card issuer refused it, and our team is sending it again`
          : `Refund of ${amount} pending`;
    return { label, at: refund.created_at, done: true };
  });
}
