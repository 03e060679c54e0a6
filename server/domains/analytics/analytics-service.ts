import {
  type AnalyticsChart,
  type AnalyticsPeriod,
  type AnalyticsQuery,
  type AnalyticsReport,
  addDays,
  analyticsPeriods,
  type DailyPoint,
  type DailyTotals,
} from '../../../common/schemas/analytics.ts';
import type { Db } from '../../db/database.ts';
import { analyticsCsv } from './analytics-csv.ts';
import {
  firstFactDay,
  insertSearchEvents,
  lastRolledDay,
  rollUpDays,
  type SplitRange,
  selectDaily,
  selectEmptySpots,
  selectOccupancy,
  selectTopBathrooms,
  selectTopCities,
  withoutJit,
} from './repository.ts';
import { createSearchRecorder, type SearchFact } from './search-recorder.ts';

type Logger = {
  error: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

const TOP_LIMIT = 10;
const EMPTY_SPOT_LIMIT = 200;
/** A first rollup over a long history runs a month per transaction. */
const ROLLUP_CHUNK_DAYS = 31;

const utcToday = (now: Date) => now.toISOString().slice(0, 10);

/** Which days of a period the rollup answers, and which are read live (ADR 138). */
export function splitPeriod(period: AnalyticsPeriod, rolledThrough: string | null): SplitRange {
  const end = addDays(period.to, 1);
  const firstLive = rolledThrough && rolledThrough >= period.from ? addDays(rolledThrough, 1) : period.from;
  const rolledEnd = firstLive < end ? firstLive : end;
  return {
    rolled: rolledEnd > period.from ? { from: period.from, to: rolledEnd } : null,
    live: firstLive < end ? { from: firstLive, to: end } : null,
  };
}

function toPoint(row: Awaited<ReturnType<typeof selectDaily>>[number]): DailyPoint {
  return {
    day: row.day,
    bookings: row.bookings,
    revenueCents: Number(row.revenue_cents),
    commissionCents: Number(row.commission_cents),
    cancellations: row.cancellations,
    refunds: row.refunds,
    refundedCents: Number(row.refunded_cents),
    searches: row.searches,
    emptySearches: row.empty_searches,
    newGuests: row.new_guests,
    newHosts: row.new_hosts,
  };
}

function totalsOf(points: DailyPoint[]): DailyTotals {
  const totals: DailyTotals = {
    bookings: 0,
    revenueCents: 0,
    commissionCents: 0,
    cancellations: 0,
    refunds: 0,
    refundedCents: 0,
    searches: 0,
    emptySearches: 0,
    newGuests: 0,
    newHosts: 0,
  };
  for (const point of points) {
    for (const key of Object.keys(totals) as (keyof DailyTotals)[]) totals[key] += point[key];
  }
  return totals;
}

export function createAnalyticsService(deps: { db: Db; log: Logger; now: () => Date }) {
  const { db } = deps;
  const recorder = createSearchRecorder({
    insert: (rows) => insertSearchEvents(db, rows),
    log: deps.log,
    now: deps.now,
  });

  async function report(query: AnalyticsQuery): Promise<AnalyticsReport> {
    const { current, previous } = analyticsPeriods(query, utcToday(deps.now()));
    const rolledThrough = await lastRolledDay(db);
    const split = splitPeriod(current, rolledThrough);
    const [daily, previousDaily, cities, bathrooms, occupancy, spots] = await Promise.all([
      withoutJit(db, (trx) => selectDaily(trx, split)),
      withoutJit(db, (trx) => selectDaily(trx, splitPeriod(previous, rolledThrough))),
      withoutJit(db, (trx) => selectTopCities(trx, split, TOP_LIMIT)),
      withoutJit(db, (trx) => selectTopBathrooms(trx, split, TOP_LIMIT)),
      withoutJit(db, (trx) => selectOccupancy(trx, split)),
      withoutJit(db, (trx) => selectEmptySpots(trx, split, EMPTY_SPOT_LIMIT)),
    ]);
    const points = daily.map(toPoint);
    const previousPoints = previousDaily.map(toPoint);
    return {
      current,
      previous,
      daily: points,
      previousDaily: previousPoints,
      totals: totalsOf(points),
      previousTotals: totalsOf(previousPoints),
      topCities: cities.map((row) => ({
        city: row.city,
        stateCode: row.state_code,
        bookings: row.bookings,
        revenueCents: Number(row.revenue_cents),
      })),
      topBathrooms: bathrooms.map((row) => ({
        bathroomId: row.id,
        title: row.title,
        city: row.city,
        bookings: row.bookings,
        revenueCents: Number(row.revenue_cents),
      })),
      occupancy,
      emptySpots: spots.map((spot) => ({
        latitude: spot.lat_e2 / 100,
        longitude: spot.lng_e2 / 100,
        searches: spot.searches,
      })),
      rolledUpThrough: rolledThrough,
    };
  }

  return {
    /** Never throws and never waits on the database (ADR 138). */
    recordSearch(fact: SearchFact): void {
      try {
        recorder.record(fact);
      } catch (error) {
        deps.log.error({ err: error }, 'search analytics: could not buffer a search');
      }
    },
    flushSearches: () => recorder.flush(),
    report,
    async csv(chart: AnalyticsChart, query: AnalyticsQuery) {
      const answer = await report(query);
      return {
        filename: `privy-${chart}-${answer.current.from}-to-${answer.current.to}.csv`,
        body: analyticsCsv(chart, answer),
      };
    },
    /**
     * Closes every UTC day before today into the rollup tables: from the last closed day (rolled
     * again, for entries that committed just after midnight) or the first fact on a new install.
     */
    async rollUp(): Promise<{ from: string; to: string } | null> {
      const today = utcToday(deps.now());
      const last = await lastRolledDay(db);
      const start = last ?? (await firstFactDay(db)) ?? addDays(today, -1);
      const from = start < today ? start : addDays(today, -1);
      for (let day = from; day < today; day = addDays(day, ROLLUP_CHUNK_DAYS)) {
        const chunkEnd = addDays(day, ROLLUP_CHUNK_DAYS);
        const to = chunkEnd < today ? chunkEnd : today;
        await db.transaction().execute((trx) => rollUpDays(trx, { from: day, to }));
      }
      return { from, to: today };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

export function defineAnalyticsJobs(
  jobs: {
    define: (definition: {
      name: string;
      cron?: string;
      retryLimit?: number;
      handler: () => Promise<void>;
    }) => void;
  },
  analytics: AnalyticsService,
) {
  jobs.define({
    name: 'analytics.rollup',
    // Hourly, so a day is closed within the hour after midnight UTC; today is always read live.
    cron: '7 * * * *',
    retryLimit: 2,
    handler: async () => {
      await analytics.rollUp();
    },
  });
}

export type { AnalyticsChart };
