import type { BookingDetail } from '../../../common/schemas/booking-pages.ts';

export type TimelineStep = { label: string; at: string | null; done: boolean };

const usd = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

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
    return steps;
  }
  steps.push({ label: 'Paid and confirmed', at: booking.confirmed_at, done: booking.confirmed_at !== null });
  if (booking.status === 'cancelled') {
    steps.push({ label: 'Cancelled', at: booking.cancelled_at, done: true });
  } else {
    steps.push({ label: 'Checked in', at: booking.checked_in_at, done: booking.checked_in_at !== null });
    steps.push({ label: 'Completed', at: booking.completed_at, done: booking.completed_at !== null });
  }
  for (const refund of booking.refunds) {
    const state = refund.status === 'succeeded' ? 'Refunded' : 'Refund on its way:';
    steps.push({ label: `${state} ${usd(refund.amount_cents)}`, at: refund.created_at, done: true });
  }
  return steps;
}
