/*
 * The booking panel's choice is carried in the listing's URL (?date=&duration=&start=) so that a
 * reload, a shared link or the way back from signing in lands on the same choice (ADR 093). The
 * server reads it (booking-choice.server.ts); these helpers are the browser's share, without zod.
 */

import { dateTimeFormat } from '../../../common/date-format.ts';

/** Today's date on the bathroom's wall clock, 'YYYY-MM-DD'. */
export function localToday(timeZone: string, now = new Date()): string {
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The next `count` local dates from `first` ('YYYY-MM-DD', calendar arithmetic only). */
export function nextDates(first: string, count: number): string[] {
  const start = new Date(`${first}T12:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(start.getTime() + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * The days from `first` on, `count` of them, on which a bathroom has no opening hours at all
 * (`openWeekdays`: 1 = Monday … 7 = Sunday): the booking panel's date picker refuses them.
 */
export function closedDates(first: string, count: number, openWeekdays: readonly number[]): string[] {
  return nextDates(first, count).filter((date) => {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
    return !openWeekdays.includes(weekday);
  });
}

/** "Today", "Tomorrow", then "Thu 26". */
export function dateLabel(date: string, today: string): string {
  const [first, second] = nextDates(today, 2);
  if (date === first) return 'Today';
  if (date === second) return 'Tomorrow';
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = dateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(day);
  return `${weekday} ${day.getUTCDate()}`;
}

/** "3:45 PM" from the slot engine's 'HH:MM'. */
export function clock12(localTime: string): string {
  const [hours = 0, minutes = 0] = localTime.split(':').map(Number);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${suffix}`;
}

export function choiceHref(
  path: string,
  choice: { date: string; duration: number; start?: string | undefined },
) {
  const params = new URLSearchParams({ date: choice.date, duration: String(choice.duration) });
  if (choice.start) params.set('start', choice.start);
  return `${path}?${params}`;
}

/**
 * The day and length the panel is on its way to: a tap on a day or a length moves the URL, and the
 * loader that works out their free starts takes a moment. Meanwhile the panel shows that choice,
 * and a tap on a start keeps it (a start tapped right after a length must not undo the length).
 * `pending` is the location of the navigation under way, if any.
 */
export function headingChoice(
  data: { path: string; today: string; date: string; duration: number; allowedDurations: number[] },
  pending: { pathname: string; search: string } | undefined,
): { date: string; duration: number } {
  const shown = { date: data.date, duration: data.duration };
  if (!pending || pending.pathname !== data.path) return shown;
  const params = new URLSearchParams(pending.search);
  const date = params.get('date');
  const duration = Number(params.get('duration'));
  return {
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= data.today ? date : shown.date,
    duration: data.allowedDurations.includes(duration) ? duration : shown.duration,
  };
}

/**
 * The start the guest picked, for the listing's sticky bar on a phone (ADR 116): the one the URL
 * names (the loader's `start`, which falls back to the earliest free one if that was just taken),
 * or the one a tap is on its way to. The earliest start the panel chooses by itself is not one the
 * guest picked, so the bar asks them to pick a time instead.
 */
export function pickedStart(
  data: {
    path: string;
    start: { starts_at: string; local_time: string } | null;
    starts: { starts_at: string; local_time: string }[];
  },
  search: string,
  pending: { pathname: string; search: string } | undefined,
): { starts_at: string; local_time: string } | null {
  if (pending && pending.pathname === data.path) {
    const next = new URLSearchParams(pending.search).get('start');
    const tapped = next ? data.starts.find((slot) => slot.starts_at === next) : undefined;
    if (tapped) return tapped;
  }
  return new URLSearchParams(search).get('start') ? data.start : null;
}
