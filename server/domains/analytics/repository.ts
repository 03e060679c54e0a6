import { type Kysely, sql, type Transaction } from 'kysely';
import type { SearchKind } from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { bathroomFacts, dailyFacts, emptySpotFacts, hourFacts } from './rollup-sql.ts';

export type Executor = Kysely<Database> | Transaction<Database>;
/** A half-open range of UTC days [from, to). */
export type DayRange = { from: string; to: string };

export type SearchEventRow = {
  searched_hour: Date;
  lat_e2: number;
  lng_e2: number;
  result_count: number;
  kind: SearchKind;
};

export async function insertSearchEvents(db: Executor, rows: SearchEventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('search_events').values(rows).execute();
}

/**
 * Runs a report read with PostgreSQL's JIT compilation off: these queries take milliseconds, and
 * when a plan's estimated cost crosses jit_above_cost, compiling it took 100–300 ms (bench:analytics,
 * ADR 138). SET LOCAL keeps the change to this one transaction.
 */
export function withoutJit<T>(db: Db, read: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local jit = off`.execute(trx);
    return read(trx);
  });
}

/** The last day the rollup has closed, or null before its first run. */
export async function lastRolledDay(db: Executor): Promise<string | null> {
  const { rows } = await sql<{
    day: string | null;
  }>`select max(day)::text as day from analytics_daily`.execute(db);
  return rows[0]?.day ?? null;
}

/** The first day any fact exists on, so a first rollup starts there rather than at the epoch. */
export async function firstFactDay(db: Executor): Promise<string | null> {
  const { rows } = await sql<{ day: string | null }>`
    select (least(
      (select min(confirmed_at) from bookings),
      (select min(created_at) from ledger_entries),
      (select min(searched_hour) from search_events),
      (select min(created_at) from profiles)
    ) at time zone 'UTC')::date::text as day`.execute(db);
  return rows[0]?.day ?? null;
}

/** Replaces the rollup rows of the days in range with what the raw tables say now. */
export async function rollUpDays(trx: Executor, range: DayRange): Promise<void> {
  const days = sql`day >= ${range.from}::date and day < ${range.to}::date`;
  for (const table of [
    'analytics_daily',
    'analytics_daily_bathrooms',
    'analytics_daily_hours',
    'analytics_daily_empty_spots',
  ]) {
    await sql`delete from ${sql.table(table)} where ${days}`.execute(trx);
  }
  await sql`
    insert into analytics_daily (day, bookings, revenue_cents, commission_cents, cancellations, refunds,
      refunded_cents, searches, empty_searches, new_guests, new_hosts)
    ${dailyFacts(range)}`.execute(trx);
  await sql`
    insert into analytics_daily_bathrooms (day, bathroom_id, bookings, revenue_cents)
    ${bathroomFacts(range)}`.execute(trx);
  await sql`
    insert into analytics_daily_hours (day, weekday, hour, bookings) ${hourFacts(range)}`.execute(trx);
  await sql`
    insert into analytics_daily_empty_spots (day, lat_e2, lng_e2, searches) ${emptySpotFacts(range)}`.execute(
    trx,
  );
}

/**
 * A read over [from, to): the closed days from the rollup, the rest (today, or days the job has not
 * reached) live from the raw tables with the same SELECT the rollup runs.
 */
export type SplitRange = { rolled: DayRange | null; live: DayRange | null };

type DailyRow = {
  day: string;
  bookings: number;
  revenue_cents: string | number;
  commission_cents: string | number;
  cancellations: number;
  refunds: number;
  refunded_cents: string | number;
  searches: number;
  empty_searches: number;
  new_guests: number;
  new_hosts: number;
};

const DAILY_COLUMNS = sql`day::text as day, bookings, revenue_cents, commission_cents, cancellations,
  refunds, refunded_cents, searches, empty_searches, new_guests, new_hosts`;

export async function selectDaily(db: Executor, split: SplitRange): Promise<DailyRow[]> {
  const parts = [];
  if (split.rolled) {
    parts.push(sql`select ${DAILY_COLUMNS} from analytics_daily
      where day >= ${split.rolled.from}::date and day < ${split.rolled.to}::date`);
  }
  if (split.live) parts.push(sql`select ${DAILY_COLUMNS} from (${dailyFacts(split.live)}) live`);
  if (parts.length === 0) return [];
  const { rows } = await sql<DailyRow>`${sql.join(parts, sql` union all `)} order by day`.execute(db);
  return rows;
}

/** The union of rolled and live rows of one fact table, as a FROM source named `facts`. */
function factsSource(
  table: string,
  columns: string[],
  live: (range: DayRange) => ReturnType<typeof sql>,
  split: SplitRange,
) {
  const list = sql.join(columns.map((column) => sql.ref(column)));
  const parts = [];
  if (split.rolled) {
    parts.push(sql`select ${list} from ${sql.table(table)}
      where day >= ${split.rolled.from}::date and day < ${split.rolled.to}::date`);
  }
  if (split.live) parts.push(sql`select ${list} from (${live(split.live)}) live`);
  return parts.length ? sql`(${sql.join(parts, sql` union all `)})` : null;
}

export async function selectTopCities(db: Executor, split: SplitRange, limit: number) {
  const facts = factsSource(
    'analytics_daily_bathrooms',
    ['bathroom_id', 'bookings', 'revenue_cents'],
    bathroomFacts,
    split,
  );
  if (!facts) return [];
  const { rows } = await sql<{ city: string; state_code: string; bookings: number; revenue_cents: string }>`
    select r.city, r.state_code, sum(f.bookings)::int as bookings, sum(f.revenue_cents)::bigint as revenue_cents
    from (
      select bathroom_id, sum(bookings) as bookings, sum(revenue_cents) as revenue_cents
      from ${facts} f group by bathroom_id
    ) f join bathrooms r on r.id = f.bathroom_id
    group by r.city, r.state_code
    order by bookings desc, revenue_cents desc, r.city
    limit ${limit}`.execute(db);
  return rows;
}

export async function selectTopBathrooms(db: Executor, split: SplitRange, limit: number) {
  const facts = factsSource(
    'analytics_daily_bathrooms',
    ['bathroom_id', 'bookings', 'revenue_cents'],
    bathroomFacts,
    split,
  );
  if (!facts) return [];
  const { rows } = await sql<{
    id: string;
    title: string;
    city: string;
    bookings: number;
    revenue_cents: string;
  }>`
    select r.id, r.title, r.city, top.bookings, top.revenue_cents
    from (
      select bathroom_id, sum(bookings)::int as bookings, sum(revenue_cents)::bigint as revenue_cents
      from ${facts} f group by bathroom_id
      order by bookings desc, revenue_cents desc, bathroom_id
      limit ${limit}
    ) top join bathrooms r on r.id = top.bathroom_id
    order by top.bookings desc, top.revenue_cents desc, r.id`.execute(db);
  return rows;
}

export async function selectOccupancy(db: Executor, split: SplitRange) {
  const facts = factsSource('analytics_daily_hours', ['weekday', 'hour', 'bookings'], hourFacts, split);
  if (!facts) return [];
  const { rows } = await sql<{ weekday: number; hour: number; bookings: number }>`
    select weekday::int as weekday, hour::int as hour, sum(bookings)::int as bookings
    from ${facts} f group by weekday, hour order by weekday, hour`.execute(db);
  return rows;
}

export async function selectEmptySpots(db: Executor, split: SplitRange, limit: number) {
  const facts = factsSource(
    'analytics_daily_empty_spots',
    ['lat_e2', 'lng_e2', 'searches'],
    emptySpotFacts,
    split,
  );
  if (!facts) return [];
  const { rows } = await sql<{ lat_e2: number; lng_e2: number; searches: number }>`
    select lat_e2, lng_e2, sum(searches)::int as searches
    from ${facts} f group by lat_e2, lng_e2
    order by searches desc, lat_e2, lng_e2 limit ${limit}`.execute(db);
  return rows;
}
