import { BOOKING_HORIZON_DAYS } from '../../../common/constants.ts';
import { isOpen, type OpeningRange, SLOT_GRID_MINUTES } from './opening-hours.ts';
import { addDays, minutesToTime, offsetMinutes, wallClock, zonedToUtc } from './zoned-time.ts';

/**
 * The slot engine (ADR 090): which starts a bathroom can still sell. Pure: the caller loads the
 * schedule, the live bookings and the blackouts (availability/repository.ts `findSlotSchedule`),
 * so the listing's slot picker and booking creation (inside its transaction) ask the same rules.
 */

/** Bookings open up to this many days ahead (PRODUCT.md: Time and availability); the pickers share it. */
export { BOOKING_HORIZON_DAYS };

const GRID_MS = SLOT_GRID_MINUTES * 60_000;
const MINUTE_MS = 60_000;

export type Interval = { start: Date; end: Date };

export type SlotSchedule = {
  timezone: string;
  openingHours: OpeningRange[];
  allowedDurations: number[];
  /** This bathroom's cleaning buffer now: what a new booking would copy. */
  cleaningBufferMinutes: number;
  /** Live bookings' blocked ranges: [start, end + their own buffer). */
  bookings: Interval[];
  /** Blackouts: nothing may be booked inside them. */
  blackouts: Interval[];
};

export type SlotRefusal =
  | 'duration'
  | 'too_long'
  | 'off_grid'
  | 'past'
  | 'too_soon'
  | 'too_far'
  | 'closed'
  | 'taken'
  | 'blackout';

/**
 * The marketplace's rules admins set at /admin/settings (ADR 140): how soon a booking may start
 * and how long it may last. The defaults are PRODUCT.md's (notice 0, the longest duration offered).
 */
export type BookingRules = { minimumNoticeMinutes: number; maxBookingMinutes: number };
export const DEFAULT_BOOKING_RULES: BookingRules = { minimumNoticeMinutes: 0, maxBookingMinutes: 120 };

export type Slot = {
  /** UTC instant, ISO 8601. */
  startsAt: string;
  /** The bathroom's wall clock, 'HH:MM' (twice the same on a fall-back night: see utcOffset). */
  localTime: string;
  /** The zone's offset at that start, '-04:00'. */
  utcOffset: string;
};

const overlaps = (a: Interval, startMs: number, endMs: number) =>
  a.start.getTime() < endMs && startMs < a.end.getTime();

/**
 * Now plus the minimum notice, rounded up to the grid: notice 0 still lets a guest take the slot
 * starting now.
 */
export function earliestStart(now: Date, minimumNoticeMinutes = 0): Date {
  return new Date(Math.ceil((now.getTime() + minimumNoticeMinutes * MINUTE_MS) / GRID_MS) * GRID_MS);
}

/** The last instant a booking may start (60 days from now). */
export function latestStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000);
}

/** The window of time the busy lists must cover for starts on a local date. */
export function dayWindow(dateLocal: string, timezone: string): Interval | null {
  const start = firstInstantOf(dateLocal, timezone);
  const end = firstInstantOf(addDays(dateLocal, 1), timezone);
  return start && end ? { start, end } : null;
}

/** The first instant of a local date (midnight, or whenever the clock first shows that date). */
function firstInstantOf(dateLocal: string, timezone: string): Date | null {
  for (let minutes = 0; minutes < 1440; minutes += SLOT_GRID_MINUTES) {
    const instant = zonedToUtc(dateLocal, minutes, timezone);
    if (instant) return instant;
  }
  return null;
}

/**
 * Why this start cannot be sold, or null when it can: the duration is one the host allows, the
 * start is on the grid, not before now (rounded up), not beyond the horizon; the bathroom is open
 * for the whole booking; no blackout touches it; and the booking with its own cleaning buffer
 * [start, end + buffer) meets no live booking's [start, end + buffer) — exactly the database's
 * exclusion rule, which stays the final word under concurrency.
 */
export function refusal(
  schedule: SlotSchedule,
  start: Date,
  durationMinutes: number,
  now: Date,
  rules: BookingRules = DEFAULT_BOOKING_RULES,
): SlotRefusal | null {
  if (!schedule.allowedDurations.includes(durationMinutes)) return 'duration';
  if (durationMinutes > rules.maxBookingMinutes) return 'too_long';
  const startMs = start.getTime();
  if (!Number.isFinite(startMs) || startMs % GRID_MS !== 0) return 'off_grid';
  if (startMs < earliestStart(now).getTime()) return 'past';
  if (startMs < earliestStart(now, rules.minimumNoticeMinutes).getTime()) return 'too_soon';
  if (startMs > latestStart(now).getTime()) return 'too_far';
  if (!isOpen(schedule, start, durationMinutes)) return 'closed';
  const endMs = startMs + durationMinutes * MINUTE_MS;
  if (schedule.blackouts.some((blackout) => overlaps(blackout, startMs, endMs))) return 'blackout';
  const blockedEnd = endMs + schedule.cleaningBufferMinutes * MINUTE_MS;
  if (schedule.bookings.some((booking) => overlaps(booking, startMs, blockedEnd))) return 'taken';
  return null;
}

function offsetLabel(instant: Date, timezone: string): string {
  const offset = offsetMinutes(instant, timezone);
  const sign = offset < 0 ? '-' : '+';
  return `${sign}${minutesToTime(Math.abs(offset))}`;
}

/**
 * Every start on a local date at which a booking of `durationMinutes` can be sold. The day is
 * walked in real time from its first instant to the next day's, so a spring-forward day has 23
 * hours of grid and a fall-back day 25 (its repeated hour offered twice, told apart by the offset).
 */
export function freeStarts(
  schedule: SlotSchedule,
  dateLocal: string,
  durationMinutes: number,
  now: Date,
  rules: BookingRules = DEFAULT_BOOKING_RULES,
): Slot[] {
  const window = dayWindow(dateLocal, schedule.timezone);
  if (!window) return [];
  const slots: Slot[] = [];
  for (let ms = window.start.getTime(); ms < window.end.getTime(); ms += GRID_MS) {
    const start = new Date(ms);
    if (refusal(schedule, start, durationMinutes, now, rules) !== null) continue;
    slots.push({
      startsAt: start.toISOString(),
      localTime: minutesToTime(wallClock(start, schedule.timezone).minutes),
      utcOffset: offsetLabel(start, schedule.timezone),
    });
  }
  return slots;
}

/** Is the local date one a guest may book on: from today (in the zone) to the horizon? */
export function isBookableDate(dateLocal: string, timezone: string, now: Date): boolean {
  const today = wallClock(now, timezone).date;
  const last = wallClock(latestStart(now), timezone).date;
  return dateLocal >= today && dateLocal <= last;
}
