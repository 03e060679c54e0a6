import { describe, expect, it } from 'vitest';
import { cancellationTerms, describeTerms } from './cancellation-policy.ts';

const start = new Date('2027-03-14T15:00:00Z');
const minutesBefore = (minutes: number) => new Date(start.getTime() - minutes * 60_000);

describe('cancellation terms', () => {
  it('gives a guest everything 60 minutes or more ahead, half inside the hour, nothing after the start', () => {
    const terms = (minutes: number) =>
      cancellationTerms({
        party: 'guest',
        now: minutesBefore(minutes),
        startsAt: start,
        refundableCents: 1001,
      });
    expect(terms(24 * 60)).toEqual({ policy: 'full', refundCents: 1001 });
    expect(terms(60)).toEqual({ policy: 'full', refundCents: 1001 });
    expect(terms(59)).toEqual({ policy: 'half', refundCents: 501 });
    expect(terms(1)).toEqual({ policy: 'half', refundCents: 501 });
    expect(terms(0)).toEqual({ policy: 'none', refundCents: 0 });
    expect(terms(-10)).toEqual({ policy: 'none', refundCents: 0 });
  });

  it('refunds in full whenever a host, an admin or the system cancels, even after the start', () => {
    for (const party of ['host', 'admin', 'system'] as const) {
      expect(
        cancellationTerms({ party, now: minutesBefore(-5), startsAt: start, refundableCents: 900 }),
      ).toEqual({
        policy: 'full',
        refundCents: 900,
      });
    }
  });

  it('never refunds more than is left to refund', () => {
    expect(
      cancellationTerms({ party: 'guest', now: minutesBefore(90), startsAt: start, refundableCents: -5 }),
    ).toEqual({
      policy: 'full',
      refundCents: 0,
    });
  });

  it('says what the refund will be in dollars', () => {
    expect(describeTerms({ policy: 'full', refundCents: 1250 }, 'guest')).toBe(
      'You get a full refund of $12.50.',
    );
    expect(describeTerms({ policy: 'half', refundCents: 625 }, 'guest')).toContain('half back: $6.25');
    expect(describeTerms({ policy: 'none', refundCents: 0 }, 'guest')).toContain('no refund');
    expect(describeTerms({ policy: 'full', refundCents: 1250 }, 'host')).toBe(
      'The guest gets a full refund of $12.50.',
    );
  });
});
