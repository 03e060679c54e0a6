/**
 * /admin/analytics over 1,000,000 bookings and 5,000,000 recorded searches (ADR 138;
 * docs/PERFORMANCE.md "Admin analytics"). Goal: every chart's query p99 < 200 ms on PostgreSQL.
 *
 * Creates the database bench_analytics on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * migrates it, and seeds it with SQL generate_series: 20,000 accounts, 5,000 bathrooms in 250
 * cities, 1,000,000 paid bookings over the last two years up to now (5% cancelled and refunded),
 * each with its capture (and refund) journal on the ledger, 5,000 approved provider requests and
 * 5,000,000 searches (10% found nothing). Then closes the days with the rollup job's own code and
 * times each chart query the page runs (today read live, like the page) for 30- and 90-day periods.
 *
 *   npm run bench:analytics            seed, roll up, measure
 *   npm run bench:analytics -- reuse   measure again on the seeded database
 */
import pg from 'pg';
import { addDays, analyticsPeriods } from '../common/schemas/analytics.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createAnalyticsService, splitPeriod } from '../server/domains/analytics/analytics-service.ts';
import {
  lastRolledDay,
  selectDaily,
  selectEmptySpots,
  selectOccupancy,
  selectTopBathrooms,
  selectTopCities,
  withoutJit,
} from '../server/domains/analytics/repository.ts';
import { machine, percentile } from './lib/server.ts';

const BOOKINGS = 1_000_000;
const SEARCHES = 5_000_000;
const BATHROOMS = 5_000;
const USERS = 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const GOAL_P99_MS = 200;

const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'bench_analytics';
const databaseUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
const reuse = process.argv[2] === 'reuse';
console.info(`bench:analytics (PostgreSQL); ${machine()}`);

if (!reuse) {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
}

const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
const { db } = database;
const quiet = { error: console.error, info: () => {}, warn: console.warn };
const analytics = createAnalyticsService({ db, log: quiet, now: () => new Date() });

async function step(label: string, text: string) {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
  console.info(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (!reuse) {
  await migrateToLatest(db);
  console.info('seeding');
  await step(
    `${USERS.toLocaleString('en-US')} accounts`,
    `insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
       select 'u' || i, 'Person ' || i, 'p' || i || '@bench.test', true,
         now() - (i % 730) * interval '1 day', now() from generate_series(1, ${USERS}) i;
     insert into profiles (id, first_name, is_provider, created_at, updated_at)
       select 'u' || i, 'Person', i <= ${BATHROOMS}, now() - (i % 730) * interval '1 day' - (i % 24) * interval '1 hour', now()
       from generate_series(1, ${USERS}) i;
     insert into provider_requests (user_id, first_name, last_name, email, status, decided_at, created_at)
       select 'u' || i, 'Person', 'Host', 'p' || i || '@bench.test', 'approved',
         now() - (i % 730) * interval '1 day', now() - (i % 730) * interval '1 day' - interval '1 day'
       from generate_series(1, ${BATHROOMS}) i;`,
  );
  await step(
    `${BATHROOMS.toLocaleString('en-US')} bathrooms in 250 cities`,
    `insert into bathrooms (id, host_id, status, title, location, latitude, longitude, public_latitude,
       public_longitude, city, state_code, country_code, timezone, hourly_price_cents)
     select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'u' || i, 'published',
       'Bathroom ' || i, '{"lat":0,"lon":0,"formatted":"bench"}'::jsonb,
       30 + (i % 250) * 0.07, -120 + (i % 250) * 0.2, 30 + (i % 250) * 0.07, -120 + (i % 250) * 0.2,
       'City ' || (i % 250), 'ST', 'US',
       (array['America/New_York','America/Chicago','America/Denver','America/Los_Angeles'])[1 + i % 4], 1200
     from generate_series(1, ${BATHROOMS}) i;`,
  );
  // Two years up to now, evenly; every 20th booking cancelled and refunded three hours after it was paid.
  await step(
    `${BOOKINGS.toLocaleString('en-US')} bookings`,
    `insert into bookings (id, bathroom_id, guest_id, status, starts_at, ends_at, duration_minutes,
       cleaning_buffer_minutes, hourly_price_cents, price_cents, amount_paid_cents, amount_refunded_cents,
       confirmed_at, cancelled_at, completed_at, created_at, updated_at)
     select ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid,
       ('00000000-0000-4000-8000-' || lpad((1 + i % ${BATHROOMS})::text, 12, '0'))::uuid,
       'u' || (1 + i % ${USERS}),
       case when i % 20 = 0 then 'cancelled' else 'completed' end,
       t + interval '5 hours', t + interval '5 hours 30 minutes', 30, 0, 2400, 1200, 1200,
       case when i % 20 = 0 then 1200 else 0 end,
       t, case when i % 20 = 0 then t + interval '3 hours' end,
       case when i % 20 = 0 then null else t + interval '5 hours 30 minutes' end, t, t
     from (select i, now() - interval '730 days' + (i::double precision / ${BOOKINGS}) * interval '730 days' as t
           from generate_series(1, ${BOOKINGS}) i) s;`,
  );
  // The balance check is a deferred trigger per row; the journals below balance by construction.
  await step(
    'ledger journals (capture for each, refund for the cancelled)',
    `alter table ledger_entries disable trigger user;
     insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
       select 'capture:' || b.id, 'capture', a.account, 'u' || (1 + i % ${BATHROOMS}), b.id, a.amount, b.confirmed_at
       from (select id, confirmed_at, row_number() over () as i from bookings) b
       cross join (values ('cash', 1200), ('commission', -180), ('host_pending', -1020)) a(account, amount);
     insert into ledger_entries (journal_key, kind, account, host_id, booking_id, amount_cents, created_at)
       select 'refund:' || b.id, 'refund', a.account, 'u1', b.id, a.amount, b.cancelled_at
       from bookings b
       cross join (values ('cash', -1200), ('commission', 180), ('host_pending', 1020)) a(account, amount)
       where b.status = 'cancelled';
     alter table ledger_entries enable trigger user;`,
  );
  await step(
    `${SEARCHES.toLocaleString('en-US')} searches`,
    `insert into search_events (searched_hour, lat_e2, lng_e2, result_count, kind)
     select date_trunc('hour', now() - interval '730 days' + (i::double precision / ${SEARCHES}) * interval '730 days'),
       3000 + (i % 997) * 2, -12000 + (i % 1009) * 4,
       case when i % 10 = 0 then 0 else 1 + i % 20 end,
       case when i % 7 = 0 then 'go_now' else 'search' end
     from generate_series(1, ${SEARCHES}) i;`,
  );
  await step('analyze', 'analyze');
  const started = performance.now();
  const rolled = await analytics.rollUp();
  console.info(
    `  rollup of ${rolled?.from} to ${rolled?.to} (first run, whole history): ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const again = performance.now();
  await analytics.rollUp();
  console.info(`  rollup again (the hourly run: yesterday): ${(performance.now() - again).toFixed(0)} ms`);
  // Autovacuum does this to an insert-only table soon after (PostgreSQL 13+); the rollups' covering
  // keys are read index-only once the visibility map is set.
  for (const table of [
    'analytics_daily',
    'analytics_daily_bathrooms',
    'analytics_daily_hours',
    'analytics_daily_empty_spots',
  ]) {
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
  }
}

const today = new Date().toISOString().slice(0, 10);
const rolledThrough = await lastRolledDay(db);
console.info(`rolled up through ${rolledThrough}; today ${today} read live; ${RUNS} runs each`);

type Query = { name: string; run: () => Promise<unknown> };
function queriesFor(days: number): Query[] {
  const { current, previous } = analyticsPeriods({ from: addDays(today, -(days - 1)), to: today }, today);
  const split = splitPeriod(current, rolledThrough);
  return [
    // Each as the report runs it: in its own transaction with JIT off.
    { name: 'daily series (current)', run: () => withoutJit(db, (trx) => selectDaily(trx, split)) },
    {
      name: 'daily series (previous)',
      run: () => withoutJit(db, (trx) => selectDaily(trx, splitPeriod(previous, rolledThrough))),
    },
    { name: 'top cities', run: () => withoutJit(db, (trx) => selectTopCities(trx, split, 10)) },
    { name: 'top bathrooms', run: () => withoutJit(db, (trx) => selectTopBathrooms(trx, split, 10)) },
    { name: 'occupancy heat map', run: () => withoutJit(db, (trx) => selectOccupancy(trx, split)) },
    { name: 'empty-search spots', run: () => withoutJit(db, (trx) => selectEmptySpots(trx, split, 200)) },
    {
      name: 'whole report (all of the above)',
      run: () => analytics.report({ from: current.from, to: current.to }),
    },
    {
      name: 'one CSV (bookings-revenue)',
      run: () => analytics.csv('bookings-revenue', { from: current.from, to: current.to }),
    },
  ];
}

const rows: string[] = [];
let worst = 0;
for (const days of [30, 90]) {
  for (const query of queriesFor(days)) {
    for (let warm = 0; warm < 3; warm++) await query.run();
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      await query.run();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    if (!query.name.startsWith('whole') && !query.name.startsWith('one CSV')) worst = Math.max(worst, p99);
    rows.push(`| ${days} days | ${query.name} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
    console.info(
      `  ${days} days  ${query.name.padEnd(32)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms`,
    );
  }
}

// For context: the same 30-day daily series read from the raw tables alone (no rollup).
const raw = splitPeriod(analyticsPeriods({}, today).current, null);
const rawTimes: number[] = [];
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  await withoutJit(db, (trx) => selectDaily(trx, raw));
  rawTimes.push(performance.now() - started);
}
rawTimes.sort((a, b) => a - b);
console.info(
  `  context: 30-day daily series from raw tables only: p50 ${percentile(rawTimes, 50).toFixed(0)} ms (5 runs)`,
);

console.info('\n| period | query | p50 | p99 |\n| --- | --- | --- | --- |');
for (const row of rows) console.info(row);
console.info(
  `\nworst chart query p99 ${worst.toFixed(1)} ms (goal < ${GOAL_P99_MS} ms): ${worst < GOAL_P99_MS ? 'met' : 'MISSED'}`,
);
await database.close();
process.exit(worst < GOAL_P99_MS ? 0 : 1);
