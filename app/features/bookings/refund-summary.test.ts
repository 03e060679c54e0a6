import { describe, expect, it } from 'vitest';
import { refundNote, refundSummary } from './refund-summary.ts';

describe('refund summary', () => {
  it('calls refunded only what the provider says is back; the rest is pending', () => {
    expect(refundSummary({ amount_refunded_cents: 1200, amount_refund_settled_cents: 0 })).toEqual({
      settledCents: 0,
      pendingCents: 1200,
    });
    expect(refundSummary({ amount_refunded_cents: 1200, amount_refund_settled_cents: 700 })).toEqual({
      settledCents: 700,
      pendingCents: 500,
    });
  });

  it('writes the list row note for each case', () => {
    const note = (committed: number, settled: number) =>
      refundNote({ amount_refunded_cents: committed, amount_refund_settled_cents: settled });
    expect(note(0, 0)).toBe('');
    expect(note(1200, 1200)).toBe(' · $12.00 refunded');
    expect(note(600, 0)).toBe(' · refund of $6.00 pending');
    expect(note(1200, 700)).toBe(' · $7.00 refunded · refund of $5.00 pending');
  });
});
