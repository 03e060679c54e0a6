import { bookingPriceCents } from '../../../common/earnings.ts';
import {
  GO_NOW_DURATION_MINUTES,
  GO_NOW_LIMIT,
  GO_NOW_RADIUS_MILES,
  GO_NOW_WINDOW_MINUTES,
  type GoNowResult,
} from '../../../common/schemas/go-now.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';
import type { Db } from '../../db/database.ts';
import type { AvailabilityService } from './availability-service.ts';
import { SLOT_GRID_MINUTES } from './opening-hours.ts';
import { findSlotSchedule } from './repository.ts';
import { type BookingRules, DEFAULT_BOOKING_RULES, earliestStart, refusal } from './slots.ts';
import { minutesToTime, wallClock } from './zoned-time.ts';

/**
 * Go now (ADR 093): the nearest bathrooms a guest can walk into within a quarter
 * of an hour. No slot engine of its own: search's time filter finds the candidates nearest first,
 * and slots.ts `refusal` (the rule booking creation applies) has the last word on each.
 */

/** How many nearest candidates per start the search reads before the slot engine checks them. */
const CANDIDATES = 30;
const GRID_MS = SLOT_GRID_MINUTES * 60_000;

/** The grid starts Go now offers: now rounded up to the grid, and the next ones up to now + 15 min. */
export function goNowStarts(now: Date, minimumNoticeMinutes = 0): Date[] {
  const last = now.getTime() + GO_NOW_WINDOW_MINUTES * 60_000;
  const starts: Date[] = [];
  for (let ms = earliestStart(now, minimumNoticeMinutes).getTime(); ms <= last; ms += GRID_MS)
    starts.push(new Date(ms));
  return starts;
}

export async function findGoNow(
  deps: {
    db: Db;
    availability: Pick<AvailabilityService, 'search'>;
    timezoneAt: (latitude: number, longitude: number) => string;
    /** The admins' minimum notice and longest booking (ADR 140). */
    rules?: BookingRules;
  },
  point: { latitude: number; longitude: number },
  now = new Date(),
): Promise<GoNowResult[]> {
  const rules = deps.rules ?? DEFAULT_BOOKING_RULES;
  const starts = goNowStarts(now, rules.minimumNoticeMinutes);
  if (!starts.length) return [];
  const zone = deps.timezoneAt(point.latitude, point.longitude);
  // Search's time filter takes a wall-clock date and time; in the centre's zone it names the same
  // instant for nearly every bathroom around. One in another zone is read at its own wall clock, so
  // it may be a wrong candidate, and the slot engine below drops it.
  const pages = await Promise.all(
    starts.map((start) => {
      const clock = wallClock(start, zone);
      return deps.availability.search({
        latitude: point.latitude,
        longitude: point.longitude,
        radiusMiles: GO_NOW_RADIUS_MILES,
        date: clock.date,
        time: minutesToTime(clock.minutes),
        durationMinutes: GO_NOW_DURATION_MINUTES,
        filters: { accessibility: [], amenities: [] },
        sort: 'distance',
        limit: CANDIDATES,
        offset: 0,
      });
    }),
  );
  const candidates = new Map<string, SearchResult>();
  for (const page of pages) for (const result of page.results) candidates.set(result.id, result);
  const nearest = [...candidates.values()].sort((a, b) => a.distance_miles - b.distance_miles);

  const first = starts[0] as Date;
  const window = { start: first, end: new Date(first.getTime() + GO_NOW_WINDOW_MINUTES * 60_000 * 2) };
  const check = async (candidate: SearchResult): Promise<GoNowResult | null> => {
    const found = await findSlotSchedule(deps.db, candidate.id, window);
    if (found?.status !== 'published') return null;
    const start = starts.find(
      (at) => refusal(found.schedule, at, GO_NOW_DURATION_MINUTES, now, rules) === null,
    );
    if (!start) return null;
    return {
      id: candidate.id,
      title: candidate.title,
      city: candidate.city,
      state_code: candidate.state_code,
      timezone: found.timezone,
      distance_miles: candidate.distance_miles,
      hourly_price_cents: found.hourly_price_cents,
      price_cents: bookingPriceCents(found.hourly_price_cents, GO_NOW_DURATION_MINUTES),
      duration_minutes: GO_NOW_DURATION_MINUTES,
      starts_at: start.toISOString(),
      local_time: minutesToTime(wallClock(start, found.timezone).minutes),
    };
  };

  // Nearest first, a batch of ten at a time: nearly always the first batch is the answer.
  const results: GoNowResult[] = [];
  for (let index = 0; index < nearest.length && results.length < GO_NOW_LIMIT; index += GO_NOW_LIMIT) {
    const checked = await Promise.all(nearest.slice(index, index + GO_NOW_LIMIT).map(check));
    for (const result of checked) if (result && results.length < GO_NOW_LIMIT) results.push(result);
  }
  return results;
}
