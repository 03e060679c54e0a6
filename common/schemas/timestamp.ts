import { z } from 'zod';

/**
 * Every date and time a client sends is one of these (ADR 104). An instant must be an ISO 8601
 * date-time with its offset, and fall in the years 2000–2100 (UTC): nothing Privy does lies
 * outside them, and years PostgreSQL or JavaScript cannot hold (0000, 9999 + offsets, ±275760)
 * used to reach SQL and answer 500. A calendar date ('YYYY-MM-DD') must exist and fall in the
 * same years. Out of range answers 400 naming the field.
 */

export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;
export const YEAR_RANGE_MESSAGE = `Choose a date between ${EARLIEST_YEAR} and ${LATEST_YEAR}.`;

const inYearRange = (year: number) => year >= EARLIEST_YEAR && year <= LATEST_YEAR;

/** An ISO date-time with an offset ('2027-03-14T15:00:00Z', '…+01:00'), 2000–2100 in UTC. */
export function timestampSchema(message: string) {
  return z.iso.datetime({ offset: true, error: message }).refine(
    (value) => {
      // zod runs this check even when the format check failed: what is not an ISO date-time is left to that.
      const time = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
      return Number.isNaN(time) || inYearRange(new Date(time).getUTCFullYear());
    },
    { message: YEAR_RANGE_MESSAGE },
  );
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Whether 'YYYY-MM-DD' names a day that exists (2027-02-30 does not). */
export function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** A calendar day 'YYYY-MM-DD' that exists, 2000–2100. */
export function calendarDateSchema(message: string) {
  return z
    .string({ error: message })
    .regex(DATE_PATTERN, message)
    .superRefine((value, ctx) => {
      // zod runs this check even after the pattern failed; that message is enough then.
      if (!DATE_PATTERN.test(value)) return;
      if (!isRealDate(value))
        ctx.addIssue({ code: 'custom', message: 'That date does not exist.', input: value });
      else if (!inYearRange(Number(value.slice(0, 4)))) {
        ctx.addIssue({ code: 'custom', message: YEAR_RANGE_MESSAGE, input: value });
      }
    });
}
