/**
 * Wall-clock arithmetic in an IANA zone with nothing but Intl, which ships the tz database with
 * Node and every browser: no library can be more up to date than the runtime's own tables.
 */

export type WallClock = {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the zone (an unknown one would throw deep inside a request). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(instant: Date, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return values as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/**
 * Offsets already worked out, by zone and second. formatToParts costs tens of microseconds, and the
 * slot engine asks for the same few instants over and over (a day's slot list walks 96 starts; every
 * attempt on a slot checks its start and end). The zone rules do not change while the process runs.
 */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 100_000;

/** How far the zone's wall clock is ahead of UTC at this instant, in minutes. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const second = Math.floor(instant.getTime() / 1000);
  const key = `${timeZone} ${second}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((asUtc - second * 1000) / 60_000);
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const p = parts(instant, timeZone);
  const date = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { date, minutes: p.hour * 60 + p.minute, weekday: isoWeekday(date) };
}

/**
 * The instant a local date and time names in the zone, or null when the clock skips it (the hour
 * lost when DST starts). In the repeated hour when DST ends, the first (earlier) instant wins.
 */
export function zonedToUtc(date: string, minutes: number, timeZone: string): Date | null {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // Try the offsets in force a day either side; whichever round-trips is the answer.
  const candidates = new Set([
    offsetMinutes(new Date(naive - 86_400_000), timeZone),
    offsetMinutes(new Date(naive + 86_400_000), timeZone),
    offsetMinutes(new Date(naive), timeZone),
  ]);
  const matches = [...candidates]
    .map((offset) => new Date(naive - offset * 60_000))
    .filter((instant) => {
      const back = wallClock(instant, timeZone);
      return back.date === date && back.minutes === minutes;
    })
    .sort((a, b) => a.getTime() - b.getTime());
  return matches[0] ?? null;
}

/** 'HH:MM' or 'HH:MM:SS' (PostgreSQL `time`, including '24:00') → minutes since midnight. */
export function timeToMinutes(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
