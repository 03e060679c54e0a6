/**
 * The calendar arithmetic of /earnings (ADR 132), on the host's wall clock: dates are 'YYYY-MM-DD'
 * strings worked on as UTC midnights, so no zone or daylight saving shift can move a day.
 */

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const localDates = new Map<string, Intl.DateTimeFormat>();

/** The date of an instant on a zone's wall clock. */
export function localDate(instant: Date, timeZone: string): string {
  let format = localDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    localDates.set(timeZone, format);
  }
  return format.format(instant);
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);

/** Monday of the day's week (weeks start on Monday, as PostgreSQL's date_trunc('week') does). */
export function weekStart(day: string): string {
  const date = asDate(day);
  return asDay(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY_MS));
}

export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The `count` periods up to and including today's, oldest first. */
export function periodStarts(unit: 'week' | 'month', today: string, count: number): string[] {
  const starts: string[] = [];
  if (unit === 'week') {
    const monday = asDate(weekStart(today)).getTime();
    for (let back = count - 1; back >= 0; back--) starts.push(asDay(new Date(monday - back * 7 * DAY_MS)));
  } else {
    const year = Number(today.slice(0, 4));
    const month = Number(today.slice(5, 7)) - 1;
    for (let back = count - 1; back >= 0; back--) {
      starts.push(asDay(new Date(Date.UTC(year, month - back, 1))));
    }
  }
  return starts;
}

/** "Nov 23" for a week, "Nov 2026" for a month. */
export function periodLabel(unit: 'week' | 'month', start: string): string {
  const month = MONTHS[Number(start.slice(5, 7)) - 1];
  return unit === 'week' ? `${month} ${Number(start.slice(8, 10))}` : `${month} ${start.slice(0, 4)}`;
}

/**
 * UTC instants that surely hold every moment of the local days [firstDay, lastDay): a day either
 * side covers any zone's offset. Callers keep only the rows whose local date falls inside.
 */
export function coveringRange(firstDay: string, endDay: string): { from: Date; to: Date } {
  return {
    from: new Date(asDate(firstDay).getTime() - DAY_MS),
    to: new Date(asDate(endDay).getTime() + DAY_MS),
  };
}

/** The first day of the month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return asDay(new Date(Date.UTC(year, index, 1)));
}

export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}
