/**
 * The review publication race (ADR 125; docs/PERFORMANCE.md "Reviews"): N completed bookings over
 * B bathrooms, each with its host's review already written; all the guests write at once, so each
 * write publishes both reviews and recomputes its bathroom's averages in its own transaction. At
 * the end every bathroom's stored average, count and category averages must equal a fresh SQL
 * aggregate of its published reviews (a lost update would show as a difference).
 *
 *   npm run bench:reviews [-- --publications=1000 --bathrooms=20 --mode=all|pglite|postgres
 *                            --in-flight=<n, default all at once> --pool=10]
 *
 * In process, through the review service (no HTTP: the figure is the database work). PGlite runs
 * in memory; PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * in a fresh schema with the app's default pool of 10, dropped afterwards. On PostgreSQL more writes
 * in flight than connections only queue for one; past the pool's 5 s connect timeout they would
 * fail, so --in-flight bounds the queue there (default 100).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { runRace, seedRace } from '../server/domains/reviews/review-race-test-support.ts';
import { createServices } from '../server/services.ts';
import { testConfig } from '../server/test/harness.ts';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const PUBLICATIONS = Number(args.publications ?? 1000);
const BATHROOMS = Number(args.bathrooms ?? 20);
const POOL = Number(args.pool ?? 10);
const MODES = String(args.mode ?? 'all') === 'all' ? ['pglite', 'postgres'] : [String(args.mode)];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const quiet = { error: () => {}, warn: () => {}, info: () => {} };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function open(mode: string): Promise<DatabaseHandle & { drop: () => Promise<void> }> {
  if (mode === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', dataPath: 'memory://' });
    await migrateToLatest(handle.db);
    return { ...handle, drop: () => handle.close() };
  }
  const schema = `bench_reviews_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  for (const extension of ['cube', 'earthdistance', 'btree_gist'])
    await admin.query(`create extension if not exists ${extension} schema public`).catch(() => {});
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = await openDatabase(
    { kind: 'postgres', url: PG_URL },
    { searchPath: schema, poolSize: POOL },
  );
  await migrateToLatest(handle.db, { schema });
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: PG_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.query(`drop schema if exists pgboss_${schema} cascade`);
      await cleanup.end();
    },
  };
}

async function run(mode: string): Promise<string> {
  const inFlight = Number(args['in-flight'] ?? (mode === 'pglite' ? PUBLICATIONS : 100));
  const handle = await open(mode);
  const services = await createServices(testConfig(), handle, quiet);
  try {
    const scene = await seedRace(handle.db, { bathrooms: BATHROOMS, bookings: PUBLICATIONS });
    const started = performance.now();
    const latencies = await runRace(services.reviews, scene, inFlight);
    const wall = performance.now() - started;
    const { rows: differences } = await sql<{ id: string }>`
      select b.id from bathrooms b
      left join lateral (
        select round(avg(r.rating), 1) as average, count(r.id)::int as count,
               round(avg(r.cleanliness), 1) as cleanliness, round(avg(r.accuracy), 1) as accuracy,
               round(avg(r.communication), 1) as communication
        from reviews r
        where r.bathroom_id = b.id and r.side = 'guest' and r.published_at is not null and r.hidden_at is null
      ) fresh on true
      where b.id = any(${sql.val(scene.bathroomIds)}::uuid[])
        and (b.rating_average is distinct from fresh.average or b.rating_count <> fresh.count
          or b.rating_cleanliness is distinct from fresh.cleanliness
          or b.rating_accuracy is distinct from fresh.accuracy
          or b.rating_communication is distinct from fresh.communication)`.execute(handle.db);
    const counted = await sql<{ count: number }>`
      select sum(rating_count)::int as count from bathrooms where id = any(${sql.val(scene.bathroomIds)}::uuid[])`.execute(
      handle.db,
    );
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)}ms`;
    return `${mode}${mode === 'postgres' ? ` (pool ${POOL})` : ''}: ${latencies.length} publications over ${BATHROOMS} bathrooms, ${inFlight} in flight: wall ${ms(wall)} (${((latencies.length / wall) * 1000).toFixed(0)}/s), per write p50 ${ms(percentile(sorted, 50))} p99 ${ms(percentile(sorted, 99))} max ${ms(percentile(sorted, 100))}; counted ${counted.rows[0]?.count}/${PUBLICATIONS}; bathrooms differing from a fresh aggregate: ${differences.length}`;
  } finally {
    await services.close();
    await handle.drop();
  }
}

console.info(
  `${new Date().toISOString()}; Node ${process.versions.node}, ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
let failed = false;
for (const mode of MODES) {
  const line = await run(mode);
  console.info(line);
  if (!line.endsWith('fresh aggregate: 0') || !line.includes(`counted ${PUBLICATIONS}/`)) failed = true;
}
process.exit(failed ? 1 : 0);
