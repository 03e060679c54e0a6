import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionCents } from '../../../common/earnings.ts';
import { commissionOf, splitCapture, splitRefund } from './ledger-math.ts';

describe('ledger arithmetic', () => {
  it('rounds the commission half up, as the earnings calculator does', () => {
    expect(commissionOf(1_000, 1500)).toBe(150);
    expect(commissionOf(1_003, 1500)).toBe(150); // 150.45
    expect(commissionOf(1_010, 1500)).toBe(152); // 151.5 rounds up
    expect(commissionOf(999, 0)).toBe(0);
    expect(commissionOf(999, 5000)).toBe(500); // 499.5
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 50 }), (paid, percent) => {
        expect(commissionOf(paid, percent * 100)).toBe(commissionCents(paid, percent));
      }),
    );
  });

  it('splits a payment into commission and host share that add up', () => {
    expect(splitCapture(1_250, 1500)).toEqual({ commissionCents: 188, hostShareCents: 1_062 });
  });

  it('takes a full refund entirely, host and commission both', () => {
    expect(
      splitRefund({
        paidCents: 1_250,
        hostShareCents: 1_062,
        refundedBeforeCents: 0,
        hostPartBeforeCents: 0,
        refundCents: 1_250,
      }),
    ).toEqual({ hostPartCents: 1_062, commissionPartCents: 188 });
  });

  it('takes a partial refund from the host in proportion', () => {
    // Half of $12.50 back: the host gives back half their $10.62 share, rounded (531).
    expect(
      splitRefund({
        paidCents: 1_250,
        hostShareCents: 1_062,
        refundedBeforeCents: 0,
        hostPartBeforeCents: 0,
        refundCents: 625,
      }),
    ).toEqual({ hostPartCents: 531, commissionPartCents: 94 });
  });

  it('rounds many small refunds exactly like one refund of their sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { minLength: 1, maxLength: 8 }),
        (paid, bps, pieces) => {
          const { hostShareCents } = splitCapture(paid, bps);
          let refunded = 0;
          let hostParts = 0;
          for (const piece of pieces) {
            const refundCents = Math.min(piece, paid - refunded);
            if (refundCents <= 0) break;
            const split = splitRefund({
              paidCents: paid,
              hostShareCents,
              refundedBeforeCents: refunded,
              hostPartBeforeCents: hostParts,
              refundCents,
            });
            expect(split.hostPartCents).toBeGreaterThanOrEqual(0);
            expect(split.commissionPartCents).toBeGreaterThanOrEqual(0);
            expect(split.hostPartCents + split.commissionPartCents).toBe(refundCents);
            refunded += refundCents;
            hostParts += split.hostPartCents;
          }
          const once = splitRefund({
            paidCents: paid,
            hostShareCents,
            refundedBeforeCents: 0,
            hostPartBeforeCents: 0,
            refundCents: refunded,
          });
          expect(hostParts).toBe(once.hostPartCents);
          expect(hostParts).toBeLessThanOrEqual(hostShareCents);
          if (refunded === paid) expect(hostParts).toBe(hostShareCents);
        },
      ),
    );
  });
});
