import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';

/**
 * One metro's worth of published bathrooms for the search benchmarks, written with a handful of
 * set-based SQL statements (no per-row round trips), so 100,000 rows take seconds on PostgreSQL.
 * The same SQL runs on PGlite.
 */

export const METRO = {
  name: 'Chicago',
  latitude: 41.8781,
  longitude: -87.6298,
  timezone: 'America/Chicago',
  /** Bathrooms lie within this distance of the centre, evenly spread (Chicagoland is wider still). */
  radiusKm: 50,
} as const;

/** Searches are centred uniformly in a square this far either side of the metro centre. */
export const SEARCH_HALF_SIDE_KM = 30;
const KM_PER_DEGREE_LAT = 111.32;
export const KM_PER_DEGREE_LNG = KM_PER_DEGREE_LAT * Math.cos((METRO.latitude * Math.PI) / 180);
export const SEARCH_BOX = {
  latitude: SEARCH_HALF_SIDE_KM / KM_PER_DEGREE_LAT,
  longitude: SEARCH_HALF_SIDE_KM / KM_PER_DEGREE_LNG,
};

/**
 * Weekly opening hours, one pattern per bathroom (picked from a byte of its id): the common shop
 * day, round the clock, office hours with a short Saturday, a lunch break, and a night venue
 * whose Friday and Saturday ranges run on past midnight (the case the search's '24:00' rule serves).
 */
const HOURS_PATTERNS: { share: number; ranges: [number[], string, string][] }[] = [
  { share: 6, ranges: [[[1, 2, 3, 4, 5, 6, 7], '08:00', '20:00']] },
  { share: 3, ranges: [[[1, 2, 3, 4, 5, 6, 7], '00:00', '24:00']] },
  {
    share: 5,
    ranges: [
      [[1, 2, 3, 4, 5], '07:00', '19:00'],
      [[6], '09:00', '17:00'],
    ],
  },
  {
    share: 3,
    ranges: [
      [[1, 2, 3, 4, 5, 6, 7], '09:00', '12:00'],
      [[1, 2, 3, 4, 5, 6, 7], '13:00', '18:00'],
    ],
  },
  {
    share: 3,
    ranges: [
      [[1, 2, 3, 4], '10:00', '22:00'],
      [[5, 6], '18:00', '24:00'],
      [[6, 7], '00:00', '02:00'],
      [[7], '12:00', '20:00'],
    ],
  },
];

function hoursValues(): string {
  const rows: string[] = [];
  let from = 0;
  for (const pattern of HOURS_PATTERNS) {
    const to = from + pattern.share;
    for (const [weekdays, opens, closes] of pattern.ranges) {
      for (const weekday of weekdays)
        rows.push(`(${from}, ${to}, ${weekday}, '${opens}'::time, '${closes}'::time)`);
    }
    from = to;
  }
  return `(values ${rows.join(', ')}) as pattern(lo, hi, weekday, opens, closes)`;
}
const PATTERN_SLOTS = HOURS_PATTERNS.reduce((sum, pattern) => sum + pattern.share, 0);

/**
 * Inserts a host and `rows` published bathrooms spread evenly over a disc of METRO.radiusKm, with
 * opening hours, a cover photo for 9 in 10 and ratings for 7 in 10, in one transaction; then
 * VACUUM ANALYZE, as autovacuum leaves a table in steady state (statistics, and the visibility map
 * that lets the search answer from its covering index).
 */
export async function seedMetro(db: Db, rows: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select setseed(0.42)`.execute(trx);
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values ('bench-host', 'Bench Host', 'bench-host@example.test', true, now(), now())`.execute(trx);
    await sql`create temporary table bench_ids on commit drop as
      select g, gen_random_uuid() as id from generate_series(1, ${rows}::int) g`.execute(trx);
    // Hours first, then each bathroom with its week column from the schema's own view, instead of
    // the triggers rewriting 100,000 fresh rows. Triggers and foreign-key checks are off for that
    // (superuser only): the rows are consistent by construction. The no-overlap constraint goes:
    // its GiST index costs minutes on 800,000 ranges in PGlite and no search reads it.
    await sql`alter table bathroom_opening_hours drop constraint bathroom_opening_hours_no_overlap`.execute(
      trx,
    );
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`
      insert into bathroom_opening_hours (bathroom_id, weekday, opens, closes)
      select ids.id, pattern.weekday, pattern.opens, pattern.closes
      from bench_ids ids
      join ${sql.raw(hoursValues())}
        on get_byte(uuid_send(ids.id), 15) % ${PATTERN_SLOTS}::int >= pattern.lo
       and get_byte(uuid_send(ids.id), 15) % ${PATTERN_SLOTS}::int < pattern.hi`.execute(trx);
    await sql`
      insert into bathrooms (id, host_id, status, title, location, latitude, longitude, public_latitude,
        public_longitude, city, state_code, country_code, timezone, hourly_price_cents, allowed_durations,
        amenities, accessibility, rating_average, rating_count, published_at, open_week_minutes)
      select ids.id, 'bench-host', 'published', 'Bathroom ' || g || ' in ' || ${METRO.name},
        '{"lat":0,"lon":0,"formatted":"bench"}', p.lat, p.lng,
        -- The public point is the exact one moved a little (as the listing service does).
        p.lat + (random() - 0.5) * 0.004, p.lng + (random() - 0.5) * 0.005,
        ${METRO.name}, 'IL', 'US', ${METRO.timezone},
        500 + (g * 37) % 4500,
        case when g % 5 = 0 then '{15,30}'::smallint[] else '{15,30,45,60,90,120}'::smallint[] end,
        (array['{sink,towels}', '{sink,towels,soap,mirror}', '{sink,shower,towels}', '{sink}'])[1 + g % 4]::text[],
        case when g % 3 = 0 then '{grab_bars,step_free_entrance}'::text[] when g % 3 = 1 then '{}'::text[] else '{grab_bars}'::text[] end,
        case when g % 10 < 7 then round((3 + random() * 2)::numeric, 1) end,
        case when g % 10 < 7 then 1 + g % 60 else 0 end,
        now(), coalesce(weeks.ranges, '{}')
      from bench_ids ids
      left join bathroom_open_weeks weeks on weeks.bathroom_id = ids.id
      -- (g * 0 ties the lateral to each row; otherwise PostgreSQL draws one point for all of them.)
      cross join lateral (select ${METRO.radiusKm}::float8 * sqrt(random() + g * 0) as km,
        2 * pi() * random() as angle) polar
      cross join lateral (select ${METRO.latitude}::float8 + polar.km * sin(polar.angle) / ${KM_PER_DEGREE_LAT}::float8 as lat,
        ${METRO.longitude}::float8 + polar.km * cos(polar.angle) / ${KM_PER_DEGREE_LNG}::float8 as lng) p`.execute(
      trx,
    );
    await sql`
      insert into bathroom_photos (bathroom_id, position, key_1x, key_2x, width, height, alt)
      select id, 0, 'images/bathroom/' || id || '@1x.webp', 'images/bathroom/' || id || '@2x.webp', 1200, 900,
        case when get_byte(uuid_send(id), 14) % 2 = 0 then 'A bright bathroom with a window' else '' end
      from bench_ids where get_byte(uuid_send(id), 13) % 10 <> 0`.execute(trx);
  });
  await sql`vacuum analyze`.execute(db);
}

export type SearchCase = {
  name: string;
  radius: { miles: number } | { meters: number };
  slot: boolean;
};

export const SEARCH_CASES: SearchCase[] = [
  { name: '2 km', radius: { meters: 2000 }, slot: false },
  { name: '2 km + slot', radius: { meters: 2000 }, slot: true },
  { name: '5 mi', radius: { miles: 5 }, slot: false },
  { name: '5 mi + slot', radius: { miles: 5 }, slot: true },
];

/** The slot searches ask for Monday 7 June 2027 (a fixed date), a quarter hour 07:00–20:45, 15–60 min. */
export const SLOT_DATE = '2027-06-07';
export const SLOT_HOURS = { first: 7, last: 20 };
export const SLOT_DURATIONS = [15, 30, 45, 60];
