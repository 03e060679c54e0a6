import { existsSync } from 'node:fs';
import path from 'node:path';
import tzLookup from '@photostructure/tz-lookup';
import { MILES_TO_METERS } from '../common/constants.ts';
import { searchQuerySchema, toSearchInput } from '../common/schemas/search.ts';
import type { Db } from '../server/db/database.ts';
import { capBoxes, SEARCH_SPHERE_METERS } from '../server/domains/availability/search-area.ts';
import { compileSearch } from '../server/domains/availability/search-repository.ts';
import { slotReferenceZone } from '../server/domains/availability/search-slot-sql.ts';
import { type CompiledQuery, pgbenchScripts, runPgbench } from './lib/pgbench.ts';
import { cpuMeter } from './lib/process-cpu.ts';
import { type BenchDatabase, createPgliteDatabase, createPostgresDatabase } from './lib/search-databases.ts';
import {
  METRO,
  SEARCH_BOX,
  SEARCH_CASES,
  type SearchCase,
  SLOT_DATE,
  seedMetro,
} from './lib/search-dataset.ts';
import { startFloorServer } from './lib/search-floor.ts';
import {
  closedLoopSearch,
  openLoopSearch,
  SLOT_TIMES,
  sampleTotals,
  searchPath,
} from './lib/search-traffic.ts';
import { machine, type PrivyProcess, percentile, ROOT, sleep, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * GET /api/bathrooms/search over 100,000 bathrooms in one metro (ADR 080). For PostgreSQL and
 * PGlite in turn: a fresh database filled in bulk, the real server in its own process, then per
 * case (2 km / 5 miles × without / with a time slot) an open-loop run at a fixed rate with random
 * centres (p50/p99/max). On PostgreSQL, also the endpoint's most sustained rate against pgbench
 * running the exact SQL the repository compiles for that case (goal: ratio ≥ 0.6), and against the
 * same search service behind bare node:http (the floor for any Node endpoint on this machine).
 * Durations can be shortened for a smoke run: SEARCH_BENCH_SECONDS, SEARCH_BENCH_ROWS.
 */
const ROWS = Number(process.env.SEARCH_BENCH_ROWS ?? 100_000);
const SECONDS = Number(process.env.SEARCH_BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 2;
const RATIO_ROUND_SECONDS = Math.max(2, Math.round(SECONDS / 4));
const RATE = { postgres: 150, pglite: 40 };
const CONCURRENCY = { clients: 4, threads: 2 };
const GOAL_P99_MS = 50;
const GOAL_RATIO = 0.6;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Kind = keyof typeof RATE;
type Latency = {
  case: string;
  rate: number;
  n: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** CPU milliseconds per request: the server process (PGlite runs inside it), PostgreSQL's backends. */
  serverCpu: number;
  postgresCpu: number;
};
/** `floor`: the same search service behind bare node:http (bench/lib/search-floor-server.ts). */
type Ratio = { case: string; endpoint: number; pgbench: number; ratio: number; floor: number };
type Found = { case: string; median: number; p5: number; p95: number; kib: number };

// Sentinels for the parameters pgbench draws itself; every other parameter is written as a literal.
const SENTINEL = { lat: 12.3456789, lng: -123.4567891, duration: 45, time: '07:15' };

function inputFor(searchCase: SearchCase, sentinels = SENTINEL) {
  const radius =
    'meters' in searchCase.radius
      ? { radius_m: String(searchCase.radius.meters) }
      : { radius: String(searchCase.radius.miles) };
  const slot = searchCase.slot
    ? { date: SLOT_DATE, time: sentinels.time, duration: String(sentinels.duration) }
    : {};
  // Parsed by the route's own schema, so the input is exactly what the endpoint builds.
  return toSearchInput(
    searchQuerySchema.parse({ lat: String(sentinels.lat), lng: String(sentinels.lng), ...radius, ...slot }),
  );
}

/** The SQL the endpoint runs for a case, as pgbench scripts drawing the same random searches. */
/**
 * pgbench has no trigonometry, so its script draws the same box as search-area.ts with series:
 * cos φ to the x¹² term (error < 1e-12 at Chicago's latitude) and asin to the y⁷ term (y ≈ 0.002).
 * `boxCheck` evaluates those series here and compares them with capBoxes at the metro's edges.
 */
const cosSeries = (x: string) =>
  `1 - pow(${x}, 2) / 2 + pow(${x}, 4) / 24 - pow(${x}, 6) / 720 + pow(${x}, 8) / 40320 - pow(${x}, 10) / 3628800 + pow(${x}, 12) / 479001600`;
const asinSeries = (y: string) => `${y} + pow(${y}, 3) / 6 + 3 * pow(${y}, 5) / 40 + 15 * pow(${y}, 7) / 336`;
function boxCheck(radiusMeters: number): void {
  const angle = radiusMeters / SEARCH_SPHERE_METERS;
  const evaluate = (expression: string) => new Function('pow', `return ${expression}`)(Math.pow) as number;
  for (const latitude of [METRO.latitude - SEARCH_BOX.latitude, METRO.latitude + SEARCH_BOX.latitude]) {
    const x = (latitude * Math.PI) / 180;
    const y = Math.sin(angle) / evaluate(cosSeries(String(x)));
    const halfWidth = (evaluate(asinSeries(String(y))) * 180) / Math.PI;
    const [box] = capBoxes(latitude, METRO.longitude, radiusMeters);
    if (!box || Math.abs(box.east - METRO.longitude - halfWidth - 1e-9) > 1e-10) {
      throw new Error(`pgbench's box series disagree with capBoxes at latitude ${latitude}`);
    }
  }
}

/** The SQL the endpoint runs for a case, as pgbench scripts drawing the same random searches. */
function scriptsFor(db: Db, searchCase: SearchCase): string[] {
  const input = inputFor(searchCase);
  // Every random centre lies in the metro, whose zone the endpoint finds for each of them.
  const metroZone = () => tzLookup(METRO.latitude, METRO.longitude);
  const query: CompiledQuery = compileSearch(db, input, slotReferenceZone(input, metroZone));
  const radiusMeters = input.radiusMeters ?? input.radiusMiles * MILES_TO_METERS;
  boxCheck(radiusMeters);
  const [box, ...more] = capBoxes(SENTINEL.lat, SENTINEL.lng, radiusMeters);
  if (!box || more.length) throw new Error('the benchmark expects one search box (no pole, no antimeridian)');
  const angle = radiusMeters / SEARCH_SPHERE_METERS;
  const unit = (degrees: number) => `(random(-1000000, 1000000) / 1000000.0) * ${degrees}`;
  const slack = box.north - SENTINEL.lat - (angle * 180) / Math.PI;
  return pgbenchScripts([query], {
    numbers: new Map<unknown, string>([
      [SENTINEL.lat, 'lat'],
      [SENTINEL.lng, 'lng'],
      [SENTINEL.duration, 'dur'],
      [box.south, 'south'],
      [box.north, 'north'],
      [box.west, 'west'],
      [box.east, 'east'],
    ]),
    draws: [
      `\\set lat ${METRO.latitude} + ${unit(SEARCH_BOX.latitude)}`,
      `\\set lng ${METRO.longitude} + ${unit(SEARCH_BOX.longitude)}`,
      '\\set dur 15 * random(1, 4)',
      `\\set x :lat * pi() / 180`,
      `\\set y ${Math.sin(angle)} / (${cosSeries(':x')})`,
      `\\set halfwidth (${asinSeries(':y')}) * 180 / pi()`,
      `\\set south :lat - ${(angle * 180) / Math.PI + slack}`,
      `\\set north :lat + ${(angle * 180) / Math.PI + slack}`,
      `\\set west :lng - :halfwidth - ${slack}`,
      `\\set east :lng + :halfwidth + ${slack}`,
    ],
    ...(searchCase.slot ? { text: { sentinel: SENTINEL.time, values: SLOT_TIMES } } : {}),
  });
}

async function explainMainQueries(bench: BenchDatabase): Promise<void> {
  const centre = { lat: METRO.latitude, lng: METRO.longitude, duration: 30, time: '12:00' };
  for (const searchCase of SEARCH_CASES.filter((item) => item.name.startsWith('5 mi'))) {
    const query = compileSearch(
      bench.handle.db,
      inputFor(searchCase, centre),
      slotReferenceZone(inputFor(searchCase, centre), tzLookup),
    );
    const plan = await bench.handle.pool?.query(
      `explain (analyze, buffers, costs off) ${query.sql}`,
      query.parameters as unknown[],
    );
    console.info(`\nEXPLAIN ANALYZE, ${searchCase.name}, centred on ${METRO.name} (slot 12:00, 30 min):`);
    console.info((plan?.rows ?? []).map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
  }
}

async function startServer(bench: BenchDatabase, attempt = 1): Promise<PrivyProcess> {
  // A production process (NODE_ENV and APP_ENV, as bench/lib/server.ts starts it); without a web
  // build it serves the API alone, which needs APP_ENV=development to start (ADR 023).
  const built = existsSync(path.join(ROOT, 'build', 'server', 'index.js'));
  const server = await spawnPrivy({
    ...('databaseUrl' in bench.server
      ? { databaseUrl: bench.server.databaseUrl }
      : { dataDir: bench.server.dataDir }),
    env: { SEED_DEMO: 'false', ...(built ? {} : { APP_ENV: 'development' }) },
  });
  try {
    await waitFor200(`${server.baseUrl}/healthz`, 120_000, server.child);
    return server;
  } catch (error) {
    await server.stop();
    // build/ is shared: another engineer's build may remove it between our look and the import.
    if (attempt < 3 && server.output().includes('build/')) {
      console.warn(`  the server did not start while build/ was changing; trying again (${attempt})`);
      await sleep(10_000);
      return startServer(bench, attempt + 1);
    }
    console.error(server.output());
    throw error;
  }
}

async function latencyRuns(
  kind: Kind,
  server: PrivyProcess,
  bench: BenchDatabase,
): Promise<{ latency: Latency[]; found: Found[] }> {
  const latency: Latency[] = [];
  const found: Found[] = [];
  const serverCpu = cpuMeter(async () => [server.child.pid as number]);
  const postgresCpu = cpuMeter(async () => {
    if (kind !== 'postgres' || !bench.handle.pool) return [];
    const { rows } = await bench.handle.pool.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  });
  for (const searchCase of SEARCH_CASES) {
    const nextPath = () => searchPath(searchCase);
    const sample = await sampleTotals(server.baseUrl, nextPath, 20);
    const totals = [...sample.totals].sort((a, b) => a - b);
    const bytes = [...sample.bytes].sort((a, b) => a - b);
    found.push({
      case: searchCase.name,
      median: percentile(totals, 50),
      p5: percentile(totals, 5),
      p95: percentile(totals, 95),
      kib: percentile(bytes, 50) / 1024,
    });
    const rate = RATE[kind];
    await openLoopSearch({
      baseUrl: server.baseUrl,
      nextPath,
      ratePerSecond: rate,
      durationMs: WARMUP_SECONDS * 1000,
    });
    await serverCpu.start();
    await postgresCpu.start();
    const run = await openLoopSearch({
      baseUrl: server.baseUrl,
      nextPath,
      ratePerSecond: rate,
      durationMs: SECONDS * 1000,
    });
    const cpu = { server: await serverCpu.stop(), postgres: await postgresCpu.stop() };
    const sorted = run.samples.map((item) => item.latencyMs).sort((a, b) => a - b);
    const row = {
      case: searchCase.name,
      rate,
      n: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      errors: run.samples.filter((item) => !item.ok).length,
      serverCpu: cpu.server / run.samples.length,
      postgresCpu: cpu.postgres / run.samples.length,
    };
    latency.push(row);
    console.info(
      `  ${kind} ${row.case.padEnd(12)} ${rate}/s × ${SECONDS} s: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ` +
        `max ${row.max.toFixed(1)} ms, errors ${row.errors}/${row.n}; CPU per request: server ${row.serverCpu.toFixed(2)} ms` +
        `${kind === 'postgres' ? `, PostgreSQL ${row.postgresCpu.toFixed(2)} ms` : ''}; results found: median ${found.at(-1)?.median}`,
    );
  }
  return { latency, found };
}

/** Endpoint vs pgbench, same concurrency, rounds in A-B-B-A order so drifting background load hits both. */
async function ratioRuns(bench: BenchDatabase, server: PrivyProcess): Promise<Ratio[]> {
  const url = 'databaseUrl' in bench.server ? bench.server.databaseUrl : '';
  const floor = await startFloorServer(url);
  try {
    const ratios: Ratio[] = [];
    for (const searchCase of SEARCH_CASES) {
      const scripts = scriptsFor(bench.handle.db, searchCase);
      const sql = async () =>
        // The endpoint prepares its search statement once per connection (ADR 102); so does pgbench.
        (
          await runPgbench({
            url,
            scripts,
            ...CONCURRENCY,
            seconds: RATIO_ROUND_SECONDS,
            protocol: 'prepared',
          })
        ).tps;
      const loop = (port: number) => async () => {
        const result = await closedLoopSearch({
          port,
          nextPath: () => searchPath(searchCase),
          connections: CONCURRENCY.clients,
          durationMs: RATIO_ROUND_SECONDS * 1000,
        });
        if (result.failures) throw new Error(`${searchCase.name}: ${result.failures} failed searches`);
        return result.perSecond;
      };
      const endpoint = loop(Number(new URL(server.baseUrl).port));
      const bare = loop(floor.port);
      const a1 = await sql();
      const b1 = await endpoint();
      const c1 = await bare();
      const c2 = await bare();
      const b2 = await endpoint();
      const a2 = await sql();
      const row = {
        case: searchCase.name,
        endpoint: (b1 + b2) / 2,
        pgbench: (a1 + a2) / 2,
        floor: (c1 + c2) / 2,
        ratio: 0,
      };
      row.ratio = row.endpoint / row.pgbench;
      ratios.push(row);
      console.info(
        `  ratio ${row.case.padEnd(12)} endpoint ${b1.toFixed(0)}/${b2.toFixed(0)} req/s, pgbench ${a1.toFixed(0)}/${a2.toFixed(0)} tps → ${row.ratio.toFixed(2)}; ` +
          `bare node:http ${c1.toFixed(0)}/${c2.toFixed(0)} req/s (endpoint ÷ bare ${(row.endpoint / row.floor).toFixed(2)})`,
      );
    }
    return ratios;
  } finally {
    floor.stop();
  }
}

// Ctrl-C still drops the database and stops the server (the finally blocks below do not run then).
let interrupted: (() => Promise<void>) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    console.error(`\n${signal}: cleaning up`);
    await interrupted?.().catch(() => {});
    process.exit(130);
  });
}

async function benchmark(kind: Kind) {
  const started = performance.now();
  const bench = kind === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : await createPgliteDatabase();
  let server: PrivyProcess | null = null;
  interrupted = async () => {
    await server?.stop();
    await bench.drop();
  };
  try {
    await seedMetro(bench.handle.db, ROWS);
    console.info(
      `${kind}: ${ROWS} bathrooms inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (kind === 'postgres') await explainMainQueries(bench);
    // PGlite allows one process per folder: the setup's handle closes before the server opens it.
    if (kind === 'pglite') await bench.handle.close();
    server = await startServer(bench);
    const { latency, found } = await latencyRuns(kind, server, bench);
    const ratios = kind === 'postgres' ? await ratioRuns(bench, server) : [];
    return { kind, latency, found, ratios };
  } catch (error) {
    if (server) console.error(server.output());
    throw error;
  } finally {
    interrupted = null;
    await server?.stop();
    await bench.drop();
  }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
console.info(`bench:search — ${machine()}; ${new Date().toISOString()}`);
const runs = [];
for (const kind of ['postgres', 'pglite'] as const) runs.push(await benchmark(kind));

console.info(
  '\n| case | results found (median, p5–p95), page size | PostgreSQL 150/s p50 / p99 / max | CPU per request: server + PostgreSQL | PGlite 40/s p50 / p99 / max | CPU per request: server (PGlite inside) |',
);
console.info('| --- | --- | --- | --- | --- | --- |');
const [postgres, pglite] = runs as [
  Awaited<ReturnType<typeof benchmark>>,
  Awaited<ReturnType<typeof benchmark>>,
];
for (const [index, searchCase] of SEARCH_CASES.entries()) {
  const found = postgres.found[index] as Found;
  const cell = (row: Latency | undefined) =>
    row
      ? `${fmt(row.p50)} / ${fmt(row.p99)} / ${fmt(row.max)} ms${row.errors ? ` (${row.errors} errors)` : ''}`
      : '—';
  const cpu = (row: Latency | undefined, withPostgres: boolean) =>
    row ? `${row.serverCpu.toFixed(2)}${withPostgres ? ` + ${row.postgresCpu.toFixed(2)}` : ''} ms` : '—';
  console.info(
    `| ${searchCase.name} | ${found.median} (${found.p5}–${found.p95}), ${found.kib.toFixed(1)} KiB | ${cell(postgres.latency[index])} | ` +
      `${cpu(postgres.latency[index], true)} | ${cell(pglite.latency[index])} | ${cpu(pglite.latency[index], false)} |`,
  );
}
console.info('\n| case | endpoint req/s | pgbench tps | ratio | bare node:http req/s | endpoint ÷ bare |');
console.info('| --- | --- | --- | --- | --- | --- |');
for (const row of postgres.ratios) {
  console.info(
    `| ${row.case} | ${row.endpoint.toFixed(0)} | ${row.pgbench.toFixed(0)} | ${row.ratio.toFixed(2)} | ${row.floor.toFixed(0)} | ${(row.endpoint / row.floor).toFixed(2)} |`,
  );
}
const worstP99 = Math.max(...postgres.latency.map((row) => row.p99));
const worstRatio = Math.min(...postgres.ratios.map((row) => row.ratio));
console.info(
  `\nRESULT bench:search PostgreSQL worst p99 ${fmt(worstP99)} ms (goal < ${GOAL_P99_MS} ms: ${worstP99 < GOAL_P99_MS ? 'met' : 'MISSED'}); ` +
    `worst ratio ${worstRatio.toFixed(2)} (goal ≥ ${GOAL_RATIO}: ${worstRatio >= GOAL_RATIO ? 'met' : 'MISSED'}); ` +
    `PGlite worst p99 ${fmt(Math.max(...pglite.latency.map((row) => row.p99)))} ms (no pgbench for PGlite)`,
);
