/**
 * /earnings for a host with 10,000 bookings (ADR 132; docs/PERFORMANCE.md "Earnings"). Goal:
 * p99 < 100 ms at 20 requests/s.
 *
 * Seeds one host straight into a fresh database (five bathrooms, 10,000 paid bookings: 9,800
 * completed and payable, 200 still to come and pending, 100 refunded in part, 10 payouts of 100
 * bookings each), each booking's money posted on the ledger as the app posts it, and a live session.
 * Then starts the built server on that database as `npm start` does and sends the host's signed-in
 * GET /earnings (the whole server render: loader, totals, chart, a page of bookings, payouts) at a
 * fixed 20 requests/s for 30 s (open loop, after a 5 s warm-up), then GET /api/earnings and the CSV
 * of all 10,000 for context.
 *
 *   npm run bench:earnings              embedded PGlite (the default database)
 *   npm run bench:earnings -- postgres  PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { sessionCookie } from './lib/booking-run.ts';
import { seedEarningsHost } from './lib/earnings-seed.ts';
import { openLoop } from './lib/http-load.ts';
import { machine, percentile, ROOT, spawnPrivy, waitFor200 } from './lib/server.ts';

const BOOKINGS = 10_000;
const RATE = 20;
const DURATION_MS = 30_000;
const WARMUP_MS = 5_000;
const GOAL_P99_MS = 100;

const mode = process.argv[2] ?? 'pglite';
if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
  console.error('The web app is not built: run `npm run build` first (npm run bench:earnings does).');
  process.exit(1);
}
console.info(`bench:earnings (${mode}); ${machine()}`);

const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-earnings-bench-'));
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'privy_bench_earnings';
let databaseUrl: string | undefined;
if (mode === 'postgres') {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  databaseUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
} else if (mode !== 'pglite') {
  throw new Error(`unknown mode ${mode}: use pglite or postgres`);
}

/** The host, their guests' bookings and the ledger, written before the server opens the database. */
async function seed(): Promise<{ token: string; hostId: string }> {
  const started = performance.now();
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataPath: path.join(dataDir, 'pglite') },
  );
  try {
    await migrateToLatest(database.db);
    const seeded = await seedEarningsHost(database.db, BOOKINGS);
    console.info(`  ${seeded.summary} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return seeded;
  } finally {
    await database.close();
  }
}

const { token } = await seed();
const privy = await spawnPrivy({
  dataDir,
  ...(databaseUrl ? { databaseUrl } : {}),
  env: { AUTH_SECRET: secret, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
});
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
try {
  await waitFor200(`${privy.baseUrl}/healthz`, 120_000, privy.child);
  const headers = { cookie: sessionCookie(secret, token) };
  const page = new URL('/earnings', privy.baseUrl);
  const first = await fetch(page, { headers });
  const html = await first.text();
  // A render of the error page or the "become a host" card would be cheaper: check it is the real one.
  if (
    first.status !== 200 ||
    !html.includes('data-testid="earnings-bookings"') ||
    !html.includes('1–25 of 10,000')
  ) {
    const range = html.match(/data-testid="list-range"[^>]*>([^<]*)</)?.[1];
    throw new Error(
      `GET /earnings answered ${first.status} without the host's 10,000 bookings (range: ${range}, url: ${first.url}, title: ${html.match(/<title>([^<]*)/)?.[1]})`,
    );
  }
  // The time one request takes when nothing else is queued: the server's cost of each.
  for (const pathname of ['/earnings', '/api/earnings', '/dashboard', '/notifications']) {
    const times: number[] = [];
    for (let index = 0; index < 20; index++) {
      const started = performance.now();
      const response = await fetch(new URL(pathname, privy.baseUrl), { headers });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.info(
      `  ${pathname} one at a time: median ${fmt(percentile(times, 50))}, max ${fmt(times.at(-1) ?? 0)}`,
    );
  }
  const measure = async (url: URL, label: string, durationMs = DURATION_MS) => {
    await openLoop({ url, ratePerSecond: RATE, durationMs: WARMUP_MS, headers });
    const run = await openLoop({ url, ratePerSecond: RATE, durationMs, headers });
    const latencies = run.samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
    const errors = run.samples.filter((sample) => !sample.ok).length + run.dropped;
    const p99 = percentile(latencies, 99);
    return {
      p99,
      line:
        `${label} at ${RATE} req/s for ${durationMs / 1000} s: ${run.samples.length} requests, ` +
        `p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, p99 ${fmt(p99)}, ` +
        `max ${fmt(latencies.at(-1) ?? Number.NaN)}, errors ${errors}`,
    };
  };
  const pageRun = await measure(page, 'GET /earnings');
  console.info(`  page ${(html.length / 1024).toFixed(0)} KiB`);
  const api = await measure(new URL('/api/earnings', privy.baseUrl), 'GET /api/earnings', 10_000);
  console.info(`  ${api.line}`);
  const csvStarted = performance.now();
  const csv = await fetch(new URL('/api/earnings.csv', privy.baseUrl), { headers });
  const csvBody = await csv.text();
  console.info(
    `  GET /api/earnings.csv: ${csvBody.trim().split('\r\n').length - 1} lines, ${(csvBody.length / 1024).toFixed(0)} KiB in ${fmt(performance.now() - csvStarted)}`,
  );
  console.info(
    `RESULT bench:earnings (${mode}) ${pageRun.line} (goal p99 < ${GOAL_P99_MS} ms: ${pageRun.p99 < GOAL_P99_MS ? 'met' : 'MISSED'})`,
  );
} catch (error) {
  console.error(privy.output());
  throw error;
} finally {
  await privy.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (mode === 'postgres') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
