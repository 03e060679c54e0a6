import { describe, expect, it } from 'vitest';
import { earningsCsv } from './earnings-csv.ts';
import {
  coveringRange,
  localDate,
  monthLabel,
  nextMonth,
  periodLabel,
  periodStarts,
  weekStart,
} from './earnings-periods.ts';

/** The calendar arithmetic and the CSV of /earnings (ADR 132), on the host's wall clock. */
describe('earnings periods', () => {
  it('reads the date on the host’s wall clock, not in UTC', () => {
    // 03:30 UTC on Dec 1 is still Nov 30 in New York, already Dec 1 in Tokyo.
    const instant = new Date('2026-12-01T03:30:00Z');
    expect(localDate(instant, 'America/New_York')).toBe('2026-11-30');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-12-01');
  });

  it('starts weeks on Monday, like PostgreSQL’s date_trunc', () => {
    expect(weekStart('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(weekStart('2026-03-04')).toBe('2026-03-02');
  });

  it('lists the last periods oldest first, across years and daylight saving', () => {
    expect(periodStarts('week', '2026-11-05', 3)).toEqual(['2026-10-19', '2026-10-26', '2026-11-02']);
    expect(periodStarts('month', '2026-02-15', 4)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(periodStarts('week', '2026-01-01', 12)).toHaveLength(12);
    expect(periodLabel('week', '2026-11-02')).toBe('Nov 2');
    expect(periodLabel('month', '2025-12-01')).toBe('Dec 2025');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });

  it('covers every zone’s local days with a day either side', () => {
    expect(nextMonth('2026-12')).toBe('2027-01-01');
    const range = coveringRange('2026-11-01', nextMonth('2026-11'));
    expect(range.from.toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-12-02T00:00:00.000Z');
  });
});

describe('earnings CSV', () => {
  it('quotes every field, keeps amounts as numbers, and never lets a title run as a formula', () => {
    const csv = earningsCsv(
      [
        {
          id: 'b1',
          bathroomId: 'r1',
          bathroomTitle: '@SUM(A1) "best" loo',
          startsAt: '2026-11-20T15:00:00.000Z',
          bookingStatus: 'completed',
          commissionPercent: 12.5,
          grossCents: 1200,
          commissionCents: 150,
          refundedCents: 400,
          netCents: 650,
          earningsStatus: 'paid',
          payoutId: 'p1',
        },
      ],
      'America/New_York',
    );
    const [header, line] = csv.split('\r\n');
    expect(header?.startsWith('"Booking","Date","Bathroom"')).toBe(true);
    expect(line).toBe(
      '"b1","Fri, Nov 20, 2026, 10:00 AM EST","\'@SUM(A1) ""best"" loo","completed","12.5","12.00","1.50","4.00","6.50","Paid","p1"',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
