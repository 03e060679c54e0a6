import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/seed/seed-demo.ts';
import { openLoopRequests, type RequestSpec, type Sample } from './lib/request-loop.ts';
import { machine, percentile, ROOT, sleep, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * A light mixed load on one server, as a day of real traffic looks: searches, anonymous and
 * signed-in home pages, and sign-ins (each a password hash) all at once, on the embedded database
 * and on PostgreSQL. Reports p50/p99 per stream and the server's event-loop delay; the goal is
 * p99 < 100 ms for search and both kinds of `/` (docs/PERFORMANCE.md, "Mixed load").
 *
 *   npm run bench:mixed -- [--seconds=60] [--database=pglite|postgres|both] [--profile]
 *
 * --profile writes a CPU profile of the server (`--cpu-prof`) to bench/profiles/.
 */
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value] = arg.replace(/^--/, '').split('=');
    return [name as string, value ?? 'true'];
  }),
);
const SECONDS = Number(args.get('seconds') ?? 60);
const WARM_UP_SECONDS = 5;
const DATABASES =
  (args.get('database') ?? 'both') === 'both' ? ['pglite', 'postgres'] : [args.get('database')];
const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GOAL_P99_MS = 100;

if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
  console.error('The web app is not built: run `npm run bench:mixed` (it builds first).');
  process.exit(1);
}

/** Random centres around Austin, where the demo catalogue has 18 bathrooms and more nearby. */
function searchPath(): string {
  const lat = 30.2672 + (Math.random() * 2 - 1) * 0.05;
  const lng = -97.7431 + (Math.random() * 2 - 1) * 0.05;
  return `/api/bathrooms/search?lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&radius=5`;
}

async function signIn(baseUrl: string, email: string): Promise<{ status: number; cookie: string }> {
  const response = await fetch(`${baseUrl}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { status: response.status, cookie };
}

type Stream = { name: string; ratePerSecond: number; next: () => RequestSpec; gated: boolean };

function streams(baseUrl: string, cookie: string): Stream[] {
  const signInBody = JSON.stringify({ email: 'gina@privy.test', password: DEMO_PASSWORD });
  return [
    { name: 'search', ratePerSecond: 20, next: () => ({ path: searchPath() }), gated: true },
    { name: 'anonymous /', ratePerSecond: 5, next: () => ({ path: '/' }), gated: true },
    { name: 'signed-in /', ratePerSecond: 3, next: () => ({ path: '/', headers: { cookie } }), gated: true },
    {
      name: 'sign-in',
      ratePerSecond: 1 / 7,
      gated: false,
      next: () => ({
        method: 'POST',
        path: '/api/account/sign-in',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: signInBody,
      }),
    },
  ];
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `privy_mixed_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const summary = (samples: Sample[]) => {
  const sorted = samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
  const failed = samples.filter((sample) => sample.status !== 200).length;
  return {
    count: samples.length,
    failed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
  };
};

async function loopReport(server: {
  child: import('node:child_process').ChildProcess;
  output: () => string;
}) {
  const before = server.output().length;
  server.child.kill('SIGUSR2');
  for (let tries = 0; tries < 50; tries++) {
    const match = /LOOP (\{.*\})/.exec(server.output().slice(before));
    if (match)
      return JSON.parse(match[1] as string) as { p50: number; p99: number; max: number; mean: number };
    await sleep(20);
  }
  return null;
}

console.info(`bench:mixed: ${machine()}; ${SECONDS} s per database after ${WARM_UP_SECONDS} s of warm-up`);
const results: string[] = [];
for (const kind of DATABASES) {
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : null;
  const server = await spawnPrivy({
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    env: { LOG_LEVEL: 'warn' },
    nodeArgs: [
      '--import',
      path.join(ROOT, 'bench', 'lib', 'loop-probe.ts'),
      ...(args.has('profile')
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'bench', 'profiles')}`]
        : []),
    ],
  });
  try {
    await waitFor200(`${server.baseUrl}/readyz`, 180_000, server.child);
    const session = await signIn(server.baseUrl, 'gus@privy.test');
    if (session.status !== 200)
      throw new Error(`sign-in for the signed-in stream answered ${session.status}`);
    const load = streams(server.baseUrl, session.cookie);
    const run = (seconds: number) =>
      Promise.all(
        load.map((stream) =>
          openLoopRequests({
            baseUrl: server.baseUrl,
            ratePerSecond: stream.ratePerSecond,
            durationMs: seconds * 1000,
            next: stream.next,
          }),
        ),
      );
    await run(WARM_UP_SECONDS);
    await loopReport(server); // starts the loop's histogram afresh for the measured run
    const samples = await run(SECONDS);
    const loop = await loopReport(server);
    console.info(`\n${kind}:`);
    console.info('  stream        requests  failed   p50 ms   p99 ms   max ms');
    for (const [index, stream] of load.entries()) {
      const { count, failed, p50, p99, max } = summary(samples[index] as Sample[]);
      const verdict = stream.gated ? (p99 < GOAL_P99_MS ? '  met' : '  MISSED') : '';
      console.info(
        `  ${stream.name.padEnd(13)} ${String(count).padStart(8)} ${String(failed).padStart(7)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ${max.toFixed(0).padStart(8)}${verdict}`,
      );
      if (stream.gated) results.push(`${kind} ${stream.name} p99 ${p99.toFixed(0)} ms`);
    }
    if (loop) {
      console.info(`  event-loop delay: p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms`);
      results.push(`${kind} loop p99 ${loop.p99} ms`);
    }
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
    await postgres?.drop();
  }
}
console.info(`\nRESULT bench:mixed ${results.join('; ')} (goal p99 < ${GOAL_P99_MS} ms)`);
