import { describe, expect, it } from 'vitest';
import type { BookingDetail } from '../../../common/schemas/booking-pages.ts';
import { bookingTimeline } from './booking-timeline.ts';

const base = {
  created_at: '2027-03-01T10:00:00.000Z',
  hold_expires_at: '2027-03-01T10:15:00.000Z',
  confirmed_at: '2027-03-01T10:02:00.000Z',
  checked_in_at: null,
  completed_at: null,
  cancelled_at: null,
  refunds: [],
} as unknown as BookingDetail;

describe('booking timeline', () => {
  it('shows what is done and what is still to come for a confirmed booking', () => {
    expect(bookingTimeline({ ...base, status: 'confirmed' }).map((step) => [step.label, step.done])).toEqual([
      ['Booked', true],
      ['Paid and confirmed', true],
      ['Checked in', false],
      ['Completed', false],
    ]);
  });

  it('ends a cancelled booking with its cancellation and refund', () => {
    const cancelled = {
      ...base,
      status: 'cancelled',
      cancelled_at: '2027-03-02T09:00:00.000Z',
      refunds: [{ amount_cents: 1250, status: 'succeeded', created_at: '2027-03-02T09:00:00.000Z' }],
    } as BookingDetail;
    expect(bookingTimeline(cancelled).map((step) => step.label)).toEqual([
      'Booked',
      'Paid and confirmed',
      'Cancelled',
      'Refunded $12.50',
    ]);
  });

  it('says which refunds are back and which are still pending or delayed, as the provider said', () => {
    const cancelled = {
      ...base,
      status: 'cancelled',
      cancelled_at: '2027-03-02T09:00:00.000Z',
      refunds: [
        { amount_cents: 600, status: 'pending', created_at: '2027-03-02T09:00:00.000Z' },
        { amount_cents: 250, status: 'failed', created_at: '2027-03-02T09:05:00.000Z' },
      ],
    } as BookingDetail;
    expect(
      bookingTimeline(cancelled)
        .slice(3)
        .map((step) => step.label),
    ).toEqual([
      'Refund of $6.00 pending',
      'Refund of $2.50 delayed: the card issuer refused it, and our team is sending it again',
    ]);
  });

  it('shows the refund of a payment that arrived after its hold ran out', () => {
    const late = {
      ...base,
      status: 'expired',
      confirmed_at: null,
      refunds: [{ amount_cents: 800, status: 'succeeded', created_at: '2027-03-01T10:20:00.000Z' }],
    } as BookingDetail;
    expect(bookingTimeline(late).map((step) => step.label)).toEqual([
      'Booked',
      'Hold expired unpaid; the time was released',
      'Refunded $8.00',
    ]);
  });

  it('says an unpaid hold ran out', () => {
    const expired = { ...base, status: 'expired', confirmed_at: null } as BookingDetail;
    expect(bookingTimeline(expired).map((step) => step.label)).toEqual([
      'Booked',
      'Hold expired unpaid; the time was released',
    ]);
  });
});
