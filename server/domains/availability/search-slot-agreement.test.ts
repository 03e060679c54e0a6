import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { isExclusionViolation } from '../../db/exclusion-violation.ts';
import type { BookingStatus } from '../../db/types.ts';
import { describeWithApp } from '../../test/harness.ts';
import { insertBooking } from '../bookings/repository.ts';
import type { OpeningRange } from './opening-hours.ts';
import { findSlotSchedule } from './repository.ts';
import { insertBathroom, insertHost } from './search-test-support.ts';
import { refusal } from './slots.ts';

/**
 * Search filters by time in SQL (search-slot-sql.ts, for speed over many bathrooms), while the slot
 * picker and booking use slots.ts. They must agree on every rule they share: opening hours (also
 * through midnight and across daylight saving), allowed durations, live bookings with both cleaning
 * buffers, and blackouts. Random bathrooms and slots, a fixed seed: a disagreement names its case.
 * (The clock rules — past, grid, 60-day horizon — belong to the picker; search leaves them out.)
 */

const CENTRE = { latitude: 40.7128, longitude: -74.006 };
const ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles'];
const DURATIONS = [15, 30, 45, 60, 90, 120];
// Around the 2027 US clock changes, and an ordinary week.
const DATES = [
  '2027-03-13',
  '2027-03-14',
  '2027-03-15',
  '2027-11-06',
  '2027-11-07',
  '2027-11-08',
  '2027-06-16',
];

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
}

const clock = (minutes: number) =>
  minutes === 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function randomHours(rng: ReturnType<typeof random>): OpeningRange[] {
  const hours: OpeningRange[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const shape = rng.int(0, 4);
    if (shape === 0) continue; // closed that day
    if (shape === 1) {
      hours.push({ weekday, opens: '00:00', closes: '24:00' });
      continue;
    }
    // One or two ranges on the quarter hour; the last sometimes runs to midnight.
    let from = rng.int(0, 40) * 15;
    for (let range = 0; range < shape - 1 && from < 1440 - 15; range++) {
      const to = rng.next() < 0.3 ? 1440 : Math.min(1440, from + rng.int(2, 40) * 15);
      hours.push({ weekday, opens: clock(from), closes: clock(to) });
      from = to + rng.int(1, 8) * 15;
    }
  }
  return hours;
}

describeWithApp('search by time agrees with the slot engine', (ctx) => {
  it('on 30 random bathrooms and 120 random slots', async () => {
    const rng = random(20261125);
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const guestId = await insertHost(db, 'Gus');
    const bathrooms: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await insertBathroom(db, {
        hostId,
        title: `Bathroom ${i}`,
        latitude: CENTRE.latitude + rng.int(-200, 200) / 10_000,
        longitude: CENTRE.longitude + rng.int(-200, 200) / 10_000,
        timezone: rng.pick(ZONES),
        allowedDurations: DURATIONS.filter(() => rng.next() < 0.7),
        hours: randomHours(rng),
      });
      await db
        .updateTable('bathrooms')
        .set({ cleaning_buffer_minutes: rng.pick([0, 5, 10, 15]) })
        .where('id', '=', id)
        .execute();
      bathrooms.push(id);
      // Bookings and blackouts scattered over the test dates, some of them not live.
      for (let k = 0; k < rng.int(0, 6); k++) {
        const day = rng.pick(DATES);
        const start = new Date(Date.parse(`${day}T00:00:00Z`) + rng.int(0, 24 * 4 + 24) * 15 * 60_000);
        const duration = rng.pick(DURATIONS);
        const status: BookingStatus = rng.pick(['confirmed', 'checked_in', 'cancelled', 'completed']);
        const booking = {
          bathroom_id: id,
          guest_id: guestId,
          status,
          starts_at: start,
          ends_at: new Date(start.getTime() + duration * 60_000),
          duration_minutes: duration,
          cleaning_buffer_minutes: rng.pick([0, 5, 10, 15]),
          hourly_price_cents: 1000,
          price_cents: Math.round((1000 * duration) / 60),
          hold_expires_at: null,
        };
        // A live booking overlapping an earlier one is refused by the database; skip it.
        await insertBooking(db, booking).catch((error) => {
          if (!isExclusionViolation(error)) throw error;
        });
      }
      if (rng.next() < 0.4) {
        const day = rng.pick(DATES);
        const start = new Date(Date.parse(`${day}T00:00:00Z`) + rng.int(0, 24 * 4) * 15 * 60_000);
        await db
          .insertInto('bathroom_blackouts')
          .values({
            bathroom_id: id,
            starts_at: start,
            ends_at: new Date(start.getTime() + rng.int(1, 24) * 15 * 60_000),
            reason: '',
          })
          .execute();
      }
    }

    const zones = new Map<string, string>();
    for (const row of await db.selectFrom('bathrooms').select(['id', 'timezone']).execute()) {
      zones.set(row.id, row.timezone);
    }
    // Each bathroom's schedule for a whole test date (and a day either side), loaded once.
    const schedules = new Map<
      string,
      NonNullable<Awaited<ReturnType<typeof findSlotSchedule>>>['schedule']
    >();
    const scheduleOn = async (id: string, date: string) => {
      const key = `${id} ${date}`;
      const known = schedules.get(key);
      if (known) return known;
      const day = Date.parse(`${date}T00:00:00Z`);
      const slot = await findSlotSchedule(db, id, {
        start: new Date(day - 86_400_000),
        end: new Date(day + 2 * 86_400_000),
      });
      if (!slot) throw new Error(`bathroom ${id} vanished`);
      schedules.set(key, slot.schedule);
      return slot.schedule;
    };

    const disagreements: string[] = [];
    for (let q = 0; q < 120; q++) {
      const date = rng.pick(DATES);
      const time = clock(rng.int(0, 95) * 15);
      const duration = rng.pick(DURATIONS);
      const response = await ctx().app.inject({
        method: 'GET',
        url: `/api/bathrooms/search?lat=${CENTRE.latitude}&lng=${CENTRE.longitude}&radius=5&limit=50&date=${date}&time=${time}&duration=${duration}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const found = new Set((response.json() as SearchResponse).results.map((result) => result.id));
      // The local date and time as an instant the way PostgreSQL reads it (a time the clocks skip
      // or repeat included), per zone, so this test compares the rules, not two conversions.
      const starts = new Map<string, Date>();
      for (const zone of ZONES) {
        const { rows } = await sql<{
          start: Date;
        }>`select (${`${date} ${time}`}::timestamp at time zone ${zone}) as start`.execute(db);
        starts.set(zone, new Date((rows[0] as { start: Date }).start));
      }
      for (const id of bathrooms) {
        const zone = zones.get(id) as string;
        const startsAt = starts.get(zone) as Date;
        // "Now" a day before, so the picker's own clock rules (past, horizon) never apply.
        const why = refusal(
          await scheduleOn(id, date),
          startsAt,
          duration,
          new Date(startsAt.getTime() - 86_400_000),
        );
        if ((why === null) !== found.has(id)) {
          disagreements.push(
            `${date} ${time} for ${duration} min at ${id} (${zone}): engine ${why ?? 'free'}, search ${found.has(id) ? 'found' : 'left out'}`,
          );
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 180_000);
});
