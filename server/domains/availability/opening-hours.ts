import {
  addDays,
  isoWeekday,
  minutesToTime,
  offsetMinutes,
  timeToMinutes,
  zonedToUtc,
} from './zoned-time.ts';

/** Bookings start on this grid (PRODUCT.md: Time and availability). */
export const SLOT_GRID_MINUTES = 15;
const DAY_MINUTES = 1440;

export type OpeningRange = {
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** 'HH:MM[:SS]' in the bathroom's zone; closes may be '24:00'. */
  opens: string;
  closes: string;
};

/** Everything the availability rules need to know about one bathroom. */
export type BathroomSchedule = {
  timezone: string;
  openingHours: OpeningRange[];
  /**
   * Time already taken, as UTC instants: live bookings (each extended by the cleaning buffer) and
   * blackouts (ADR 090), so "open" becomes "open and free" here.
   */
  busy?: { start: Date; end: Date }[];
};

type Minutes = { weekday: number; opens: number; closes: number };

function toMinutes(ranges: OpeningRange[]): Minutes[] {
  return ranges.map((range) => ({
    weekday: range.weekday,
    opens: timeToMinutes(range.opens),
    closes: timeToMinutes(range.closes),
  }));
}

/** Whole minutes on a "wall clock line": local minutes counted from 1970-01-01 00:00 local. */
function wallLine(utcMinutes: number, offset: number): number {
  return utcMinutes + offset;
}

/** The first UTC minute in (from, to] whose offset differs from the one at `from`. */
function transitionMinute(from: number, to: number, timeZone: string): number {
  const before = offsetMinutes(new Date(from * 60_000), timeZone);
  let low = from;
  let high = to;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMinutes(new Date(middle * 60_000), timeZone) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** Is the local wall-clock stretch [from, to) (on the wall line) inside the opening hours? */
function covered(from: number, to: number, hours: Minutes[]): boolean {
  let cursor = from;
  while (cursor < to) {
    const dayIndex = Math.floor(cursor / DAY_MINUTES);
    const dayStart = dayIndex * DAY_MINUTES;
    const pieceStart = cursor - dayStart;
    const pieceEnd = Math.min(to, dayStart + DAY_MINUTES) - dayStart;
    const weekday = isoWeekday(new Date(dayStart * 60_000).toISOString().slice(0, 10));
    const fits = hours.some(
      (range) => range.weekday === weekday && range.opens <= pieceStart && pieceEnd <= range.closes,
    );
    if (!fits) return false;
    cursor = dayStart + pieceEnd;
  }
  return true;
}

/**
 * Is the bathroom open for the whole of [startUtc, startUtc + duration)? The wall clock is followed
 * through any DST change inside the stretch: an hour skipped in spring is never "spent", and the
 * hour repeated in autumn must be open both times round. A range ending '24:00' continues into
 * the next day's range starting '00:00'.
 */
export function isOpen(bathroom: BathroomSchedule, startUtc: Date, durationMinutes: number): boolean {
  if (!Number.isFinite(startUtc.getTime()) || !(durationMinutes > 0)) return false;
  const hours = toMinutes(bathroom.openingHours);
  const start = Math.floor(startUtc.getTime() / 60_000);
  const end = start + durationMinutes;
  const zone = bathroom.timezone;
  const startOffset = offsetMinutes(new Date(start * 60_000), zone);
  const endOffset = offsetMinutes(new Date(end * 60_000), zone);
  let open: boolean;
  if (startOffset === endOffset) {
    open = covered(wallLine(start, startOffset), wallLine(end, startOffset), hours);
  } else {
    const change = transitionMinute(start, end, zone);
    open =
      covered(wallLine(start, startOffset), wallLine(change, startOffset), hours) &&
      covered(wallLine(change, endOffset), wallLine(end, endOffset), hours);
  }
  if (!open) return false;
  return !(bathroom.busy ?? []).some(
    (taken) => taken.start.getTime() < end * 60_000 && start * 60_000 < taken.end.getTime(),
  );
}

export type FreeStart = {
  /** The start as a UTC instant (ISO string). */
  startUtc: string;
  /** The start on the bathroom's wall clock, 'HH:MM'. */
  localTime: string;
};

/**
 * The grid start times on a local date at which a booking of `durationMinutes` fits, from `now`
 * on (minimum notice 0: the slot starting now, rounded up to the grid, still counts).
 */
export function nextFreeStarts(
  bathroom: BathroomSchedule,
  dateLocal: string,
  durationMinutes: number,
  options: { now?: Date; limit?: number } = {},
): FreeStart[] {
  const grid = SLOT_GRID_MINUTES * 60_000;
  // Minimum notice is 0: the earliest start is now, rounded up to the grid.
  const earliest = Math.ceil((options.now ?? new Date()).getTime() / grid) * grid;
  const limit = options.limit ?? 8;
  const starts: FreeStart[] = [];
  for (let minutes = 0; minutes < DAY_MINUTES && starts.length < limit; minutes += SLOT_GRID_MINUTES) {
    const instant = zonedToUtc(dateLocal, minutes, bathroom.timezone);
    if (!instant || instant.getTime() < earliest) continue;
    if (!isOpen(bathroom, instant, durationMinutes)) continue;
    starts.push({ startUtc: instant.toISOString(), localTime: minutesToTime(minutes) });
  }
  return starts;
}

/** Weekly hours grouped Monday → Sunday for display, each day's ranges in order. */
export function weeklyHours(
  ranges: OpeningRange[],
): { weekday: number; ranges: { opens: string; closes: string }[] }[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    ranges: ranges
      .filter((range) => range.weekday === weekday)
      .map((range) => ({ opens: range.opens.slice(0, 5), closes: range.closes.slice(0, 5) }))
      .sort((a, b) => a.opens.localeCompare(b.opens)),
  }));
}

export { addDays };
