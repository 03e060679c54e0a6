import { dateTimeFormat } from '../../../common/date-format.ts';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';

/**
 * The host's week calendar (ADR 092): one row per bathroom, one column per local day. A booking
 * sits on the day it starts in its own bathroom's zone, which is the day its host and guest see.
 */

export type WeekRow = { bathroomId: string; title: string; days: BookingListItem[][] };

/** Seven 'YYYY-MM-DD' dates from `first` (calendar arithmetic in UTC, which has no daylight saving). */
export function weekDates(first: string): string[] {
  const start = Date.parse(`${first}T12:00:00Z`);
  return Array.from({ length: 7 }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The same week shifted by whole weeks: the calendar's previous and next buttons. */
export function shiftWeek(first: string, weeks: number): string {
  return new Date(Date.parse(`${first}T12:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
}

/** The local date an instant falls on in a zone, 'YYYY-MM-DD'. */
export function localDate(instant: string | Date, timeZone: string): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/**
 * Rows for every bathroom named (even those with no booking this week, so the host sees the free
 * ones too), then any other bathroom a booking belongs to (an admin's view), by title.
 */
export function weekGrid(
  bookings: readonly BookingListItem[],
  first: string,
  bathrooms: readonly { value: string; label: string }[] = [],
): { dates: string[]; rows: WeekRow[] } {
  const dates = weekDates(first);
  const rows = new Map<string, WeekRow>();
  const rowFor = (bathroomId: string, title: string) => {
    let row = rows.get(bathroomId);
    if (!row) {
      row = { bathroomId, title, days: dates.map(() => []) };
      rows.set(bathroomId, row);
    }
    return row;
  };
  for (const bathroom of bathrooms) rowFor(bathroom.value, bathroom.label);
  for (const booking of [...bookings].sort((a, b) => a.starts_at.localeCompare(b.starts_at))) {
    const column = dates.indexOf(localDate(booking.starts_at, booking.timezone));
    if (column === -1) continue;
    rowFor(booking.bathroom_id, booking.bathroom_title).days[column]?.push(booking);
  }
  return { dates, rows: [...rows.values()].sort((a, b) => a.title.localeCompare(b.title)) };
}

/** "Mon 30" for a column head. */
export function dayHeading(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = dateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(day);
  return `${weekday} ${day.getUTCDate()}`;
}

/** "10:00 AM" in the bathroom's zone, for a booking inside a day cell. */
export function startTime(booking: Pick<BookingListItem, 'starts_at' | 'timezone'>): string {
  return dateTimeFormat('en-US', {
    timeZone: booking.timezone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(booking.starts_at));
}
