/**
 * Notification fan-out: one notification each to N connected users (N WebSockets), from the start
 * of the notify to its receipt in the client. Goal: p99 < 100 ms, 100% delivered.
 *
 *   npm run bench:fanout [-- --users=1000 --rounds=5 --mode=all|pglite|postgres|postgres-two
 *                            --profile=server]
 *
 * Three processes kinds, so no side borrows another's event loop: this orchestrator (starts,
 * asks, computes), the Privy server process(es) (bench/lib/fanout-server.ts: the app as
 * server/main.ts builds it, and the notifier, as a request handler would be) and one client
 * process holding all N sockets (bench/lib/fanout-clients.ts). Timestamps are taken on the
 * machine's monotonic clock in the server (start of the notify) and in the client (receipt); see
 * fanout-ipc.ts. Runs:
 *   pglite        one server on the persisted PGlite in a fresh DATA_DIR, as `npm start` runs it
 *   postgres      one server on PostgreSQL (its own LISTEN brings the events back)
 *   postgres-two  two servers on one PostgreSQL, half the sockets on each; the first notifies,
 *                 so the second's half crosses LISTEN/NOTIFY between processes
 * Shapes: "burst" — one transaction notifies all N users (as notifyAdmins does), latency from its
 * start, repeated --rounds times; "stream" — N notify() calls back to back, each latency from its
 * own call. The notification type emails, so each run also writes N email copies to the outbox.
 *
 * All traffic goes to 127.0.0.1; everything it starts it stops, and PostgreSQL databases it
 * creates it drops. `--profile=server` writes the server's V8 CPU profile to a temporary folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { now, percentile, startWorker, type Worker } from './lib/fanout-ipc.ts';
import { freePort, sleep } from './lib/server.ts';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const USERS = Number(args.users ?? 1000);
const ROUNDS = Number(args.rounds ?? 5);
const MODES =
  String(args.mode ?? 'all') === 'all' ? ['pglite', 'postgres', 'postgres-two'] : [String(args.mode)];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('hex');
const LIB = path.join(import.meta.dirname, 'lib');
const profileDir = args.profile ? mkdtempSync(path.join(tmpdir(), 'privy-fanout-prof-')) : null;
const windows: Array<[number, number]> = [];

type Stamp = number | null;

function summarise(label: string, latencies: number[], users: number, extra: string) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = ((100 * sorted.length) / users).toFixed(1);
  const ms = (value: number) => `${value.toFixed(1)}ms`;
  return `${label}: delivered=${sorted.length}/${users} (${pct}%) p50=${ms(percentile(sorted, 50))} p99=${ms(percentile(sorted, 99))} max=${ms(percentile(sorted, 100))}${extra}`;
}

/**
 * The orchestrator asks each process for its clock and keeps the reading with the shortest round
 * trip: if both really read one clock, server minus client is within that round trip.
 */
async function clockCheck(server: Worker, clients: Worker): Promise<string> {
  const offset = async (worker: Worker) => {
    let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
    for (let i = 0; i < 20; i++) {
      const sent = now();
      const theirs = await worker.call<number>('clock');
      const back = now();
      if (back - sent < best.rtt) best = { rtt: back - sent, offset: theirs - (sent + back) / 2 };
    }
    return best;
  };
  const s = await offset(server);
  const c = await offset(clients);
  return `clock check: server−client ${(s.offset - c.offset).toFixed(3)}ms ± ${((s.rtt + c.rtt) / 2).toFixed(3)}ms`;
}

async function waitForEmails(server: Worker): Promise<string> {
  const started = now();
  while (now() - started < 120_000) {
    if ((await server.call<number>('emailsPending')) === 0)
      return `email copies all written ${((now() - started) / 1000).toFixed(1)}s after the notify returned`;
    await sleep(100);
  }
  return `email copies still pending after 120s: ${await server.call<number>('emailsPending')}`;
}

async function measure(label: string, servers: Worker[], clients: Worker, userIds: string[]) {
  const [notifier] = servers as [Worker];
  const lines: string[] = [];
  const pooled: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { startedAt, committedAt, cpuMs } = await notifier.call<{
      startedAt: number;
      committedAt: number;
      cpuMs: number;
    }>('burst', { userIds });
    const {
      received,
      wrong,
      cpuMs: clientCpuMs,
    } = await clients.call<{ received: Record<string, Stamp>; wrong: number; cpuMs: number }>('collect', {
      timeoutMs: 10_000,
    });
    const lastWrite = Math.max(
      ...(await Promise.all(servers.map((server) => server.call<number>('lastWrite')))),
    );
    const latencies = userIds.map((id) => received[id]).filter((t): t is number => t != null);
    // With --profile, these windows (monotonic ms, the clock V8's profile timestamps use, in µs)
    // pick the burst out of the whole run's profile.
    if (profileDir) windows.push([startedAt, Math.max(...latencies)]);
    pooled.push(...latencies.map((t) => t - startedAt));
    lines.push(
      summarise(
        `${label}, burst ${round}`,
        latencies.map((t) => t - startedAt),
        userIds.length,
        `; committed after ${(committedAt - startedAt).toFixed(1)}ms, notifier CPU ${cpuMs.toFixed(0)}ms, last socket write ${(lastWrite - startedAt).toFixed(1)}ms, client CPU ${clientCpuMs.toFixed(0)}ms${wrong ? `; ${wrong} WRONG` : ''}`,
      ),
    );
    console.info(lines.at(-1));
    lines.push(`  ${await waitForEmails(notifier)}`);
    console.info(lines.at(-1));
  }
  lines.push(summarise(`${label}, burst, all ${ROUNDS} rounds`, pooled, userIds.length * ROUNDS, ''));
  console.info(lines.at(-1));

  const { sentAt, doneAt, cpuMs } = await notifier.call<{ sentAt: number[]; doneAt: number; cpuMs: number }>(
    'stream',
    { userIds },
  );
  const { received, wrong } = await clients.call<{ received: Record<string, Stamp>; wrong: number }>(
    'collect',
    { timeoutMs: 10_000 },
  );
  for (const server of servers) await server.call('lastWrite');
  const latencies = userIds
    .map((id, i) => (received[id] == null ? null : (received[id] as number) - (sentAt[i] as number)))
    .filter((t): t is number => t !== null);
  lines.push(
    summarise(
      `${label}, stream`,
      latencies,
      userIds.length,
      `; ${userIds.length} notify() calls took ${(doneAt - (sentAt[0] as number)).toFixed(0)}ms, notifier CPU ${cpuMs.toFixed(0)}ms${wrong ? `; ${wrong} WRONG` : ''}`,
    ),
  );
  console.info(lines.at(-1));
  lines.push(`  ${await waitForEmails(notifier)}`);
  console.info(lines.at(-1));
  return lines;
}

function serverEnv(port: number, dataDir: string, databaseUrl?: string) {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

async function run(mode: string): Promise<string[]> {
  const [load] = os.loadavg();
  const label =
    { pglite: 'one process, PGlite', postgres: 'one process, PostgreSQL' }[mode] ??
    'two processes, PostgreSQL';
  const processes = mode === 'postgres-two' ? 2 : 1;
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  let dbName = '';
  if (mode !== 'pglite') {
    dbName = `privy_fanout_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const dataDirs: string[] = [];
  const servers: Worker[] = [];
  let clients: Worker | undefined;
  try {
    const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const ports: number[] = [];
    // One after the other: the first migrates, the next starts on the migrated schema.
    for (let i = 0; i < processes; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-fanout-'));
      dataDirs.push(dataDir);
      const port = await freePort();
      servers.push(
        await startWorker(
          path.join(LIB, 'fanout-server.ts'),
          serverEnv(port, dataDir, databaseUrl),
          execArgv,
        ),
      );
      ports.push(port);
    }
    clients = await startWorker(path.join(LIB, 'fanout-clients.ts'), { ...process.env, AUTH_SECRET: SECRET });
    const users = await (servers[0] as Worker).call<Array<{ id: string; token: string }>>('seed', {
      count: USERS,
    });
    await clients.call('connect', { users, ports });
    const connected = await Promise.all(servers.map((server) => server.call<number>('connections')));
    const header = `${label} — ${USERS} sockets (${connected.join(' + ')} per server process), load average ${load?.toFixed(2)} at start; ${await clockCheck(servers[0] as Worker, clients)}`;
    console.info(header);
    return [
      header,
      ...(await measure(
        label,
        servers,
        clients,
        users.map((u) => u.id),
      )),
    ];
  } finally {
    await clients?.stop();
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const results: string[] = [];
for (const mode of MODES) results.push(...(await run(mode)), '');
console.info(
  `\nnotify fan-out (${new Date().toISOString()}; Node ${process.versions.node}, ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, ${os.cpus()[0]?.model})\n${results.join('\n')}`,
);
if (profileDir) {
  console.info(`server CPU profiles in ${profileDir}; bursts (monotonic ms, first notify → last receipt):`);
  console.info(JSON.stringify(windows));
}
