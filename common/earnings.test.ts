import { describe, expect, it } from 'vitest';
import {
  bookingPriceCents,
  checkEarningsForm,
  commissionCents,
  DEFAULT_EARNINGS_FORM,
  DEFAULT_EARNINGS_INPUT,
  type EarningsInput,
  earningsCalculatorHref,
  earningsFormFromParams,
  earningsFormOf,
  estimateEarnings,
  maxBookingsPerDay,
} from './earnings.ts';

const input = (overrides: Partial<EarningsInput> = {}): EarningsInput => ({
  ...DEFAULT_EARNINGS_INPUT,
  ...overrides,
});

describe('earnings estimate', () => {
  it('estimates a new listing with the default inputs, in cents', () => {
    // $10/h, 08:00–20:00 every day, 30-minute bookings, no break, 10% booked.
    const estimate = estimateEarnings(DEFAULT_EARNINGS_INPUT);
    expect(estimate.bookingPriceCents).toBe(500);
    expect(estimate.feePerBookingCents).toBe(75);
    expect(estimate.netPerBookingCents).toBe(425);
    expect(estimate.maxBookingsPerDay).toBe(24);
    expect(estimate.maxBookingsPerWeek).toBe(168);
    expect(estimate.bookingsPerWeek).toBe(16.8);
    expect(estimate.week).toEqual({ grossCents: 8400, feeCents: 1260, netCents: 7140 });
    expect(estimate.month).toEqual({ grossCents: 36_400, feeCents: 5460, netCents: 30_940 });
    expect(estimate.year).toEqual({ grossCents: 436_800, feeCents: 65_520, netCents: 371_280 });
  });

  it('prices a booking by the PRODUCT.md rule, rounding to the nearest cent', () => {
    expect(bookingPriceCents(100, 15)).toBe(25);
    expect(bookingPriceCents(101, 45)).toBe(76); // 75.75
    expect(bookingPriceCents(102, 15)).toBe(26); // 25.5 rounds up
    expect(bookingPriceCents(20_000, 120)).toBe(40_000);
  });

  it('takes the commission per booking in whole cents, half a cent rounding up', () => {
    expect(commissionCents(30)).toBe(5); // 15% of 30¢ is 4.5¢
    expect(commissionCents(76)).toBe(11); // 11.4¢
    expect(commissionCents(500, 0)).toBe(0);
    expect(commissionCents(500, 50)).toBe(250);
    expect(commissionCents(500, 12.5)).toBe(63); // 62.5¢
    const estimate = estimateEarnings(input({ hourlyPriceCents: 120, bookingMinutes: 15 }));
    expect(estimate.bookingPriceCents).toBe(30);
    expect(estimate.feePerBookingCents).toBe(5);
    expect(estimate.netPerBookingCents).toBe(25);
  });

  it('uses the commission it is given (an admin may change it)', () => {
    const free = estimateEarnings(input({ commissionPercent: 0 }));
    expect(free.week).toEqual({ grossCents: 8400, feeCents: 0, netCents: 8400 });
    const half = estimateEarnings(input({ commissionPercent: 50 }));
    expect(half.week).toEqual({ grossCents: 8400, feeCents: 4200, netCents: 4200 });
  });

  it('fits bookings back to back, rounding each cleaning break up to the quarter-hour grid', () => {
    expect(maxBookingsPerDay(12, 30, 0)).toBe(24);
    // 30 min + 5 min break: the next start is 45 minutes later, the same as with a 15-minute break.
    expect(maxBookingsPerDay(12, 30, 5)).toBe(16);
    expect(maxBookingsPerDay(12, 30, 15)).toBe(16);
    // The last booking must end by closing; its break may run past it.
    expect(maxBookingsPerDay(12, 15, 5)).toBe(24);
    expect(maxBookingsPerDay(1, 60, 15)).toBe(1);
    expect(maxBookingsPerDay(24, 120, 0)).toBe(12);
    expect(maxBookingsPerDay(24, 15, 0)).toBe(96);
  });

  it('earns nothing when no booking fits the day or nobody books', () => {
    const tooShort = estimateEarnings(input({ hoursPerDay: 1, bookingMinutes: 120 }));
    expect(tooShort.maxBookingsPerDay).toBe(0);
    expect(tooShort.year).toEqual({ grossCents: 0, feeCents: 0, netCents: 0 });
    const quiet = estimateEarnings(input({ occupancyPercent: 0 }));
    expect(quiet.bookingsPerWeek).toBe(0);
    expect(quiet.month).toEqual({ grossCents: 0, feeCents: 0, netCents: 0 });
  });

  it('rounds each period once, so fee plus net is always the gross', () => {
    // 25¢ bookings, 4 a week possible, 1% booked: 0.04 bookings a week.
    const tiny = estimateEarnings(
      input({
        hourlyPriceCents: 100,
        bookingMinutes: 15,
        hoursPerDay: 1,
        daysPerWeek: 1,
        occupancyPercent: 1,
      }),
    );
    expect(tiny.feePerBookingCents).toBe(4); // 3.75¢
    expect(tiny.week).toEqual({ grossCents: 1, feeCents: 0, netCents: 1 });
    expect(tiny.month).toEqual({ grossCents: 4, feeCents: 1, netCents: 3 }); // 4.33¢ and 0.69¢
    expect(tiny.year).toEqual({ grossCents: 52, feeCents: 8, netCents: 44 }); // not 12 rounded months
    for (const hourlyPriceCents of [100, 101, 999, 1234, 19_999]) {
      for (const occupancyPercent of [1, 7, 33, 99]) {
        const estimate = estimateEarnings(input({ hourlyPriceCents, occupancyPercent, bookingMinutes: 45 }));
        for (const period of [estimate.week, estimate.month, estimate.year]) {
          expect(Number.isInteger(period.grossCents)).toBe(true);
          expect(Number.isInteger(period.feeCents)).toBe(true);
          expect(period.feeCents + period.netCents).toBe(period.grossCents);
        }
      }
    }
  });

  it('handles the largest inputs in safe integers', () => {
    const most = estimateEarnings({
      hourlyPriceCents: 20_000,
      hoursPerDay: 24,
      daysPerWeek: 7,
      occupancyPercent: 100,
      bookingMinutes: 15,
      cleaningBufferMinutes: 0,
    });
    expect(most.maxBookingsPerWeek).toBe(672);
    expect(most.week.grossCents).toBe(3_360_000);
    expect(most.year.grossCents).toBe(174_720_000);
    expect(most.year.netCents).toBe(148_512_000);
  });
});

describe('earnings calculator inputs', () => {
  it('accepts the defaults and turns dollars into cents', () => {
    expect(checkEarningsForm(DEFAULT_EARNINGS_FORM)).toEqual({ ok: true, input: DEFAULT_EARNINGS_INPUT });
    const checked = checkEarningsForm({ ...DEFAULT_EARNINGS_FORM, price: ' 12.35 ' }, 20);
    expect(checked.ok && checked.input).toMatchObject({ hourlyPriceCents: 1235, commissionPercent: 20 });
  });

  it('refuses prices outside a listing’s limits with the listing’s messages', () => {
    const errorFor = (price: string) => {
      const checked = checkEarningsForm({ ...DEFAULT_EARNINGS_FORM, price });
      return checked.ok ? null : checked.errors.price;
    };
    expect(errorFor('0.99')).toBe('The hourly price must be at least $1.');
    expect(errorFor('200.01')).toBe('The hourly price can be at most $200.');
    expect(errorFor('10.005')).toBe('Use dollars and cents.');
    expect(errorFor('')).toBe('Enter an hourly price.');
    expect(errorFor('ten')).toBe('Enter an hourly price.');
    expect(errorFor('1')).toBeNull();
    expect(errorFor('200')).toBeNull();
  });

  it('names each field that is out of range', () => {
    const checked = checkEarningsForm({
      price: '10',
      hours: '25',
      days: '0',
      occupancy: '101',
      length: '20',
      buffer: '7',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['buffer', 'days', 'hours', 'length', 'occupancy']);
    expect(checked.errors.hours).toBe('Enter 1 to 24 hours.');
    expect(checked.errors.length).toMatch(/15, 30, 45, 60, 90, 120 minutes/);
    const fractional = checkEarningsForm({ ...DEFAULT_EARNINGS_FORM, hours: '7.5' });
    expect(fractional.ok ? null : fractional.errors.hours).toBe('Use a whole number of hours.');
  });

  it('reads a shared link: known fields only, defaults for the rest', () => {
    const form = earningsFormFromParams(new URLSearchParams('price=25&occupancy=40&utm_source=mail'));
    expect(form).toEqual({ ...DEFAULT_EARNINGS_FORM, price: '25', occupancy: '40' });
    expect(checkEarningsForm(form).ok).toBe(true);
  });

  it('links to the calculator with the same inputs it estimates', () => {
    const example = input({
      hourlyPriceCents: 1250,
      occupancyPercent: 35,
      bookingMinutes: 15,
      cleaningBufferMinutes: 5,
    });
    const href = earningsCalculatorHref(example);
    expect(href).toBe('/earn-money-bathroom?price=12.50&hours=12&days=7&occupancy=35&length=15&buffer=5');
    const form = earningsFormFromParams(new URL(href, 'http://privy.test').searchParams);
    expect(form).toEqual(earningsFormOf(example));
    expect(checkEarningsForm(form)).toEqual({ ok: true, input: example });
  });
});
