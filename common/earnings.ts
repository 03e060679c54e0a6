import { z } from 'zod';
import { bookingPriceCents } from './booking-price.ts';
import { BOOKING_GRID_MINUTES, DEFAULT_COMMISSION_PERCENT } from './constants.ts';
import {
  ALLOWED_DURATIONS,
  type CLEANING_BUFFERS,
  cleaningBufferSchema,
  DEFAULT_OPENING_HOURS,
  DEFAULT_PRICE_CENTS,
  priceDollarsSchema,
} from './schemas/properties.ts';

/**
 * The host earnings estimate behind /earn-money-bathroom and the examples on
 * /bathroom-rental-income. Everything is integer cents; the assumptions are in ADR 078.
 */

export const WEEKS_PER_YEAR = 52;
export const MONTHS_PER_YEAR = 12;

export type BookingLength = (typeof ALLOWED_DURATIONS)[number];
export type CleaningBuffer = (typeof CLEANING_BUFFERS)[number];

export type EarningsInput = {
  hourlyPriceCents: number;
  hoursPerDay: number;
  daysPerWeek: number;
  /** Share of the possible back-to-back bookings that guests actually book, 0–100. */
  occupancyPercent: number;
  bookingMinutes: BookingLength;
  cleaningBufferMinutes: CleaningBuffer;
  /** Privy's commission; the platform default unless an admin has changed it. */
  commissionPercent?: number;
};

export type EarningsPeriod = { grossCents: number; feeCents: number; netCents: number };

export type EarningsEstimate = {
  bookingPriceCents: number;
  feePerBookingCents: number;
  netPerBookingCents: number;
  /** Most bookings that fit one open day back to back, cleaning breaks included. */
  maxBookingsPerDay: number;
  maxBookingsPerWeek: number;
  /** Expected bookings a week (maxBookingsPerWeek × occupancy); may be fractional. */
  bookingsPerWeek: number;
  week: EarningsPeriod;
  month: EarningsPeriod;
  year: EarningsPeriod;
};

const openingSpanHours = (opens: string, closes: string) =>
  (Number(closes.slice(0, 2)) * 60 +
    Number(closes.slice(3)) -
    Number(opens.slice(0, 2)) * 60 -
    Number(opens.slice(3))) /
  60;

/** What a new listing looks like (PRODUCT.md defaults) with a cautious occupancy. */
export const DEFAULT_EARNINGS_INPUT = {
  hourlyPriceCents: DEFAULT_PRICE_CENTS,
  hoursPerDay: openingSpanHours(DEFAULT_OPENING_HOURS.opens, DEFAULT_OPENING_HOURS.closes),
  daysPerWeek: 7,
  occupancyPercent: 10,
  bookingMinutes: 30,
  cleaningBufferMinutes: 0,
} as const satisfies EarningsInput;

// A booking's price has one definition (PRODUCT.md), kept zod-free for the pages that show it.
export { bookingPriceCents };

/** Privy's commission on one booking, in whole cents (half a cent rounds up). */
export function commissionCents(priceCents: number, commissionPercent = DEFAULT_COMMISSION_PERCENT): number {
  const basisPoints = Math.round(commissionPercent * 100);
  return Math.round((priceCents * basisPoints) / 10_000);
}

/**
 * Back-to-back bookings in one open day: each takes its length plus the cleaning break, rounded up
 * to the next quarter hour (the next start must sit on the grid); the last one must end by closing,
 * its break may run past it.
 */
export function maxBookingsPerDay(
  hoursPerDay: number,
  bookingMinutes: number,
  cleaningBufferMinutes: number,
): number {
  const openMinutes = Math.round(hoursPerDay * 60);
  if (openMinutes < bookingMinutes) return 0;
  const cycle =
    Math.ceil((bookingMinutes + cleaningBufferMinutes) / BOOKING_GRID_MINUTES) * BOOKING_GRID_MINUTES;
  return Math.floor((openMinutes - bookingMinutes) / cycle) + 1;
}

/**
 * One period's money from a per-booking amount: `hundredthBookings` is the expected bookings a
 * week × 100 (an integer, since occupancy is a whole percent), `weeks` is `numerator/denominator`.
 * Rounding happens once, at the end, so a year is not twelve rounded months.
 */
function periodOf(
  priceCents: number,
  feeCents: number,
  hundredthBookings: number,
  weeksNumerator: number,
  weeksDenominator: number,
): EarningsPeriod {
  const scale = 100 * weeksDenominator;
  const grossCents = Math.round((priceCents * hundredthBookings * weeksNumerator) / scale);
  const feeTotal = Math.round((feeCents * hundredthBookings * weeksNumerator) / scale);
  return { grossCents, feeCents: feeTotal, netCents: grossCents - feeTotal };
}

/** The estimate for one set of inputs. Assumes checked inputs (see earningsQuerySchema). */
export function estimateEarnings(input: EarningsInput): EarningsEstimate {
  const commissionPercent = input.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;
  const price = bookingPriceCents(input.hourlyPriceCents, input.bookingMinutes);
  // The commission is taken per booking, as the payout does, so it is rounded per booking too.
  const fee = commissionCents(price, commissionPercent);
  const perDay = maxBookingsPerDay(input.hoursPerDay, input.bookingMinutes, input.cleaningBufferMinutes);
  const perWeek = perDay * input.daysPerWeek;
  const hundredthBookings = perWeek * Math.round(input.occupancyPercent);
  return {
    bookingPriceCents: price,
    feePerBookingCents: fee,
    netPerBookingCents: price - fee,
    maxBookingsPerDay: perDay,
    maxBookingsPerWeek: perWeek,
    bookingsPerWeek: hundredthBookings / 100,
    week: periodOf(price, fee, hundredthBookings, 1, 1),
    month: periodOf(price, fee, hundredthBookings, WEEKS_PER_YEAR, MONTHS_PER_YEAR),
    year: periodOf(price, fee, hundredthBookings, WEEKS_PER_YEAR, 1),
  };
}

// ---- The calculator's inputs, as they arrive from the form or the URL (all text) ----

/** Blank means "not given"; anything else is read as a number (NaN fails the schema's message). */
const numberFromText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : Number(text);
};

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z.preprocess(
    numberFromText,
    z
      .number({ error: `Enter ${label}.` })
      .int(`Use a whole number of ${unit}.`)
      .min(min, `Enter ${min} to ${max} ${unit}.`)
      .max(max, `Enter ${min} to ${max} ${unit}.`),
  );

export const EARNINGS_FIELDS = ['price', 'hours', 'days', 'occupancy', 'length', 'buffer'] as const;
export type EarningsField = (typeof EARNINGS_FIELDS)[number];
export type EarningsForm = Record<EarningsField, string>;

/** The calculator's fields; the price has the same limits and messages as a listing's price. */
export const earningsQuerySchema = z.strictObject({
  price: z.preprocess(numberFromText, priceDollarsSchema),
  hours: wholeNumber('the hours you are open each day', 1, 24, 'hours'),
  days: wholeNumber('the days you are open each week', 1, 7, 'days'),
  occupancy: wholeNumber('how busy you expect to be', 0, 100, 'percent'),
  length: z.preprocess(
    numberFromText,
    z.literal(ALLOWED_DURATIONS, {
      error: `Choose a booking length of ${ALLOWED_DURATIONS.join(', ')} minutes.`,
    }),
  ),
  buffer: z.preprocess(numberFromText, cleaningBufferSchema),
});

/** The form's text for a set of inputs (the price in dollars, as a host types it). */
export function earningsFormOf(input: EarningsInput): EarningsForm {
  return {
    price: (input.hourlyPriceCents / 100).toFixed(input.hourlyPriceCents % 100 === 0 ? 0 : 2),
    hours: String(input.hoursPerDay),
    days: String(input.daysPerWeek),
    occupancy: String(input.occupancyPercent),
    length: String(input.bookingMinutes),
    buffer: String(input.cleaningBufferMinutes),
  };
}

export const DEFAULT_EARNINGS_FORM: EarningsForm = earningsFormOf(DEFAULT_EARNINGS_INPUT);

export type EarningsCheck =
  | { ok: true; input: EarningsInput }
  | { ok: false; errors: Partial<Record<EarningsField, string>> };

/** Checks the form's text; on success the input is ready for estimateEarnings. */
export function checkEarningsForm(form: EarningsForm, commissionPercent?: number): EarningsCheck {
  const parsed = earningsQuerySchema.safeParse(form);
  if (!parsed.success) {
    const errors: Partial<Record<EarningsField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as EarningsField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const value = parsed.data;
  return {
    ok: true,
    input: {
      hourlyPriceCents: Math.round(value.price * 100),
      hoursPerDay: value.hours,
      daysPerWeek: value.days,
      occupancyPercent: value.occupancy,
      bookingMinutes: value.length,
      cleaningBufferMinutes: value.buffer,
      ...(commissionPercent === undefined ? {} : { commissionPercent }),
    },
  };
}

/** The form from a URL: known fields only, the defaults for any not given (a shared link, a no-JS submit). */
export function earningsFormFromParams(params: URLSearchParams): EarningsForm {
  const form = { ...DEFAULT_EARNINGS_FORM };
  for (const field of EARNINGS_FIELDS) {
    const value = params.get(field);
    if (value !== null) form[field] = value.slice(0, 20);
  }
  return form;
}

/** A link to the calculator with these inputs filled in. */
export function earningsCalculatorHref(input: EarningsInput, path = '/earn-money-bathroom'): string {
  return `${path}?${new URLSearchParams(earningsFormOf(input)).toString()}`;
}
