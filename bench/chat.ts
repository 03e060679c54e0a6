/**
 * Chat: N conversations (N guests, N hosts, each pair a confirmed booking), a socket per person
 * subscribed to its conversation and user channels, and every person sending one message a
 * second as the thread page does: a request over the open socket (ADR 149; `--send=http` sends
 * through POST /api/messages/:bookingId instead). Measures send → delivery on the other party's
 * socket, and checks that nothing is lost, duplicated, reordered or left unstored.
 * Goals: p99 < 25 ms on one PostgreSQL process, < 50 ms across two; PGlite is reported.
 *
 *   npm run bench:chat [-- --conversations=500 --seconds=60 --warmup=5 --history=20
 *                         --mode=all|pglite|postgres|postgres-two
 *                         --send=socket|http --profile=server --timeline --plans --waits]
 *   npm run bench:chat -- --reads [--mode=postgres --seconds=30 --per-conversation=200 --rate=100]
 *
 * Processes as in notify-fanout.ts (fanout-ipc.ts: IPC, one monotonic clock): this orchestrator,
 * the server(s) (lib/chat-server.ts) and two client processes (lib/chat-clients.ts), the guests'
 * and the hosts'. In postgres-two the guests are on the first server and the hosts on the second,
 * so every message crosses LISTEN/NOTIFY between processes. Latency runs from the start of the
 * send in the sender's process to the first `message.created` on the recipient's conversation
 * channel (the user channel's alert is counted beside it).
 *
 * --reads: the same conversations holding --per-conversation messages each (100,000 by default),
 * and an open loop of GETs at --rate per second from this process, half the conversation list
 * and half a 50-message page, each as a random party.
 *
 * The per-person send limit (ADR 119: 30 a minute) is raised to 120 through the server config
 * (config.messageSendLimitPerMinute), since each person sends 60 a minute here.
 *
 * All traffic goes to 127.0.0.1; everything it starts it stops, and the PostgreSQL databases it
 * creates it drops. `--profile=server` writes the servers' V8 CPU profiles to a temporary folder.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Receipts, Send } from './lib/chat-clients.ts';
import { firstStart, ms, percent, spread, timeline } from './lib/chat-report.ts';
import type { Pair } from './lib/chat-server.ts';
import { now, startWorker, type Worker } from './lib/fanout-ipc.ts';
import { describeCounts, statementCounts } from './lib/pg-counts.ts';
import { processCpuMs, stealMeter } from './lib/process-cpu.ts';
import { openLoopRequests, type RequestSpec } from './lib/request-loop.ts';
import { freePort, machine, sleep } from './lib/server.ts';
import { startWaitSampler, waitsPerSecond } from './lib/wait-sampler.ts';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const READS = args.reads === 'true';
const CONVERSATIONS = Number(args.conversations ?? 500);
const SECONDS = Number(args.seconds ?? (READS ? 30 : 60));
const PER_CONVERSATION = Number(args['per-conversation'] ?? 200);
const RATE = Number(args.rate ?? 100);
const WARMUP = Number(args.warmup ?? 5);
const HISTORY = Number(args.history ?? 20);
const SEND_LIMIT = 120;
const TIMELINE = args.timeline === 'true';
const PLANS = args.plans === 'true';
const WAITS = args.waits === 'true';
const VIA = String(args.send ?? 'socket') === 'http' ? 'http' : 'socket';
const ALL = READS ? ['postgres', 'pglite'] : ['postgres', 'postgres-two', 'pglite'];
const MODES = String(args.mode ?? 'all') === 'all' ? ALL : [String(args.mode)];
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('hex');
const LIB = path.join(import.meta.dirname, 'lib');
const profileDir = args.profile ? mkdtempSync(path.join(tmpdir(), 'privy-chat-prof-')) : null;

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
    BENCH_SEND_LIMIT_PER_MINUTE: String(SEND_LIMIT),
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Sends of one side matched with the other side's receipts. */
function deliveries(sends: Send[], receipts: Receipts) {
  const conversation = new Map(receipts.conversation);
  const user = new Map(receipts.user);
  const ok = sends.filter((s) => s.status === 201);
  const latencies: number[] = [];
  const timed: Array<[startedAt: number, latency: number]> = [];
  const fromDue: number[] = [];
  let lost = 0;
  let userLost = 0;
  for (const send of ok) {
    const at = conversation.get(send.clientId);
    if (at === undefined) lost++;
    else {
      latencies.push(at - send.startedAt);
      timed.push([send.startedAt, at - send.startedAt]);
      fromDue.push(at - send.dueAt);
    }
    if (!user.has(send.clientId)) userLost++;
  }
  const statuses: Record<number, number> = {};
  for (const send of sends) statuses[send.status] = (statuses[send.status] ?? 0) + 1;
  return {
    ok: ok.length,
    latencies,
    timed,
    fromDue,
    lost,
    userLost,
    statuses,
    http: ok.map((s) => s.doneAt - s.startedAt),
  };
}

/** Waits until each side has every message the other side stored, or 10 s of nothing new. */
async function drain(sides: Worker[], expected: number) {
  let last = -1;
  let stillSince = now();
  while (now() - stillSince < 10_000) {
    const counts = await Promise.all(sides.map((side) => side.call<number>('received')));
    const total = counts.reduce((a, b) => a + b, 0);
    if (total >= expected) return;
    if (total !== last) {
      last = total;
      stillSince = now();
    }
    await sleep(100);
  }
}

type Run = { late: number; skipped: number; seconds: number };

async function chat(
  label: string,
  servers: Worker[],
  ports: number[],
  pairs: Pair[],
  postgresCpu: () => Promise<number>,
  databaseUrl: string | undefined,
): Promise<string[]> {
  const guests = await startWorker(path.join(LIB, 'chat-clients.ts'), {
    ...process.env,
    AUTH_SECRET: SECRET,
  });
  const hosts = await startWorker(path.join(LIB, 'chat-clients.ts'), { ...process.env, AUTH_SECRET: SECRET });
  try {
    const guestPort = ports[0] as number;
    const hostPort = ports[ports.length - 1] as number;
    await guests.call('connect', {
      port: guestPort,
      members: pairs.map((p) => ({ ...p.guest, bookingId: p.bookingId })),
    });
    await hosts.call('connect', {
      port: hostPort,
      members: pairs.map((p) => ({ ...p.host, bookingId: p.bookingId })),
    });
    // Warm-up at the full rate (JIT, pools, caches), drained and forgotten before the measured run.
    const warm = await Promise.all([
      guests.call<Run>('run', { port: guestPort, seconds: WARMUP, side: 'guest', via: VIA }),
      hosts.call<Run>('run', { port: hostPort, seconds: WARMUP, side: 'host', via: VIA }),
    ]);
    const warmSent = (await guests.call<Send[]>('sends')).length + (await hosts.call<Send[]>('sends')).length;
    await drain([guests, hosts], warmSent);
    await Promise.all([guests.call('reset'), hosts.call('reset')]);
    const named: Array<[string, Worker]> = [
      ...servers.map((server, i): [string, Worker] => [
        servers.length > 1 ? `server ${i + 1}` : 'server',
        server,
      ]),
      ['guests', guests],
      ['hosts', hosts],
    ];
    await Promise.all(named.map(([, worker]) => worker.call('stalls')));
    const firstSeq = WARMUP + 1;
    const connected = await Promise.all(servers.map((server) => server.call<number>('connections')));
    const [load] = os.loadavg();
    const header = `${label} — ${pairs.length} conversations, ${pairs.length * 2} sockets (${connected.join(' + ')} per server process), ${SECONDS}s at 1 message/s per person (sent over ${VIA === 'socket' ? 'the socket' : 'HTTP'}) after a ${WARMUP}s warm-up (${warmSent} sends, ${warm[0].skipped + warm[1].skipped} skipped); load average ${load?.toFixed(2)} at start`;
    console.info(header);
    const cpuBefore = await Promise.all(servers.map((server) => server.call<number>('cpu')));
    const clientsBefore = await Promise.all([guests.call<number>('cpu'), hosts.call<number>('cpu')]);
    const pgBefore = await postgresCpu();
    const dbBefore = await (servers[0] as Worker).call<number>('countMessages');
    const steal = stealMeter();
    const sampler = WAITS && databaseUrl ? await startWaitSampler(databaseUrl) : null;
    const runs = await Promise.all([
      guests.call<Run>('run', {
        port: guestPort,
        seconds: SECONDS,
        side: 'guest',
        firstSeq,
        via: VIA,
      }),
      hosts.call<Run>('run', {
        port: hostPort,
        seconds: SECONDS,
        side: 'host',
        firstSeq,
        via: VIA,
      }),
    ]);
    const cpuAfter = await Promise.all(servers.map((server) => server.call<number>('cpu')));
    const clientsAfter = await Promise.all([guests.call<number>('cpu'), hosts.call<number>('cpu')]);
    const stolen = steal.stop();
    const waitSamples = await sampler?.stop();
    const stalls = await Promise.all(
      named.map(async ([name, worker]) => ({
        name,
        stalls: await worker.call<Array<[number, number]>>('stalls'),
      })),
    );
    const pgCpu = (await postgresCpu()) - pgBefore;
    const [guestSends, hostSends] = await Promise.all([
      guests.call<Send[]>('sends'),
      hosts.call<Send[]>('sends'),
    ]);
    const stored = [...guestSends, ...hostSends].filter((s) => s.status === 201).length;
    await drain([guests, hosts], stored);
    const [guestReceipts, hostReceipts] = await Promise.all([
      guests.call<Receipts>('receipts'),
      hosts.call<Receipts>('receipts'),
    ]);
    const g = deliveries(guestSends, hostReceipts);
    const h = deliveries(hostSends, guestReceipts);
    const latencies = [...g.latencies, ...h.latencies];
    const sent = guestSends.length + hostSends.length;
    const inDb = (await (servers[0] as Worker).call<number>('countMessages')) - dbBefore;
    const statuses = Object.entries({ ...g.statuses })
      .map(([status, n]) => `${status}×${n + (h.statuses[Number(status)] ?? 0)}`)
      .concat(
        Object.entries(h.statuses)
          .filter(([status]) => g.statuses[Number(status)] === undefined)
          .map(([status, n]) => `${status}×${n}`),
      )
      .join(' ');
    const duplicates = guestReceipts.duplicates + hostReceipts.duplicates;
    const outOfOrder = guestReceipts.outOfOrder + hostReceipts.outOfOrder;
    const spent = cpuAfter.map((after, i) => after - (cpuBefore[i] as number));
    const cpu = spent.map((value) => `${(value / 1000).toFixed(1)}s`);
    const perSend = spent.reduce((a, b) => a + b, 0) / Math.max(1, sent);
    const seconds = Math.max(runs[0].seconds, runs[1].seconds);
    // The load generators share the machine: their CPU is what the server and PostgreSQL lacked.
    const clientsCpu = clientsAfter.reduce((sum, after, i) => sum + after - (clientsBefore[i] as number), 0);
    const lines = [
      header,
      `${label}: send → other party's socket ${spread(latencies)}; delivered=${latencies.length}/${stored} lost=${g.lost + h.lost} duplicated=${duplicates} out-of-order=${outOfOrder}`,
      `  sends ${sent} (${statuses}), stored in the database ${inDb} (${inDb === stored ? 'equals' : 'DIFFERS FROM'} the 201s); user-channel alerts missing ${g.userLost + h.userLost}; answer to the sender ${spread([...g.http, ...h.http])}`,
      `  from the send's due time (its once-a-second slot; counts queueing behind a slow previous send): ${spread([...g.fromDue, ...h.fromDue])}`,
      `  ${(sent / seconds).toFixed(0)} sends/s achieved of ${pairs.length * 2} offered; late starts (> 50 ms after the due time) ${runs[0].late + runs[1].late}; skipped when time was up ${runs[0].skipped + runs[1].skipped}; ran ${seconds.toFixed(1)}s`,
      `  CPU over the run: server ${cpu.join(' + ')} (${perSend.toFixed(2)} ms a send)${pgCpu ? `, PostgreSQL backends ${(pgCpu / 1000).toFixed(1)}s (${(pgCpu / Math.max(1, sent)).toFixed(2)} ms a send)` : ''}, the two client processes ${(clientsCpu / 1000).toFixed(1)}s; stolen by the hypervisor ${percent(stolen.overall)} of the machine's CPU time (worst second ${percent(Math.max(0, ...stolen.seconds))})`,
    ];
    const timed = [...g.timed, ...h.timed];
    const waits = waitSamples && waitsPerSecond(waitSamples, firstStart(timed));
    if (TIMELINE) lines.push(...timeline(timed, stalls, stolen, waits, Date.now() - now()));
    if (PLANS) {
      type Plan = { statement: string; generic: number; custom: number };
      for (const plan of await (servers[0] as Worker).call<Plan[]>('plans'))
        lines.push(`  plans: ${plan.generic} generic, ${plan.custom} custom: ${plan.statement}`);
    }
    for (const line of lines.slice(1)) console.info(line);
    return lines;
  } finally {
    await guests.stop();
    await hosts.stop();
  }
}

async function reads(label: string, server: Worker, port: number, pairs: Pair[]): Promise<string[]> {
  const stored = await server.call<number>('fill', { perConversation: PER_CONVERSATION });
  const parties = pairs.flatMap((p) => [
    { ...p.guest, bookingId: p.bookingId },
    { ...p.host, bookingId: p.bookingId },
  ]);
  // The session cookie as chat-clients.ts signs it.
  const cookie = (token: string) =>
    `privy.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`)}`;
  const pick = () => parties[Math.floor(Math.random() * parties.length)] as (typeof parties)[number];
  const list = (): RequestSpec => ({
    path: '/api/messages/conversations',
    headers: { cookie: cookie(pick().token) },
  });
  const page = (): RequestSpec => {
    const party = pick();
    return { path: `/api/messages/${party.bookingId}?limit=50`, headers: { cookie: cookie(party.token) } };
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  // Two open loops at half the rate each, so each kind keeps its own figures.
  const load = (durationMs: number) =>
    Promise.all([
      openLoopRequests({ baseUrl, ratePerSecond: RATE / 2, durationMs, next: list }),
      openLoopRequests({ baseUrl, ratePerSecond: RATE / 2, durationMs, next: page }),
    ]);
  // A short warm-up, so the figures are of a running server rather than its first queries.
  await load(3000);
  const [average] = os.loadavg();
  const header = `${label} — ${stored.toLocaleString('en-US')} messages in ${pairs.length} conversations, ${RATE} GET/s for ${SECONDS}s (half the conversation list, half a 50-message page); load average ${average?.toFixed(2)} at start`;
  console.info(header);
  const cpuBefore = await server.call<number>('cpu');
  const [lists, pages] = await load(SECONDS * 1000);
  const cpu = (await server.call<number>('cpu')) - cpuBefore;
  const all = [...lists, ...pages];
  const failed = all.filter((s) => s.status !== 200).length;
  const lines = [
    header,
    `${label}: all GETs ${spread(all.map((s) => s.latencyMs))}; ${all.length} requests, ${failed} not 200; server CPU ${(cpu / all.length).toFixed(2)}ms a request`,
    `  GET /api/messages/conversations ${spread(lists.map((s) => s.latencyMs))}`,
    `  GET /api/messages/:bookingId?limit=50 ${spread(pages.map((s) => s.latencyMs))}`,
  ];
  for (const line of lines.slice(1)) console.info(line);
  return lines;
}

async function run(mode: string): Promise<string[]> {
  const label =
    { pglite: 'one process, PGlite', postgres: 'one process, PostgreSQL' }[mode] ??
    'two processes, PostgreSQL';
  const processes = mode === 'postgres-two' ? 2 : 1;
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  let dbName = '';
  if (mode !== 'pglite') {
    dbName = `privy_chat_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    databaseUrl = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  }
  const dataDirs: string[] = [];
  const servers: Worker[] = [];
  try {
    const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const ports: number[] = [];
    // One after the other: the first migrates, the next starts on the migrated schema.
    for (let i = 0; i < processes; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-chat-'));
      dataDirs.push(dataDir);
      const port = await freePort();
      servers.push(
        await startWorker(path.join(LIB, 'chat-server.ts'), serverEnv(port, dataDir, databaseUrl), execArgv),
      );
      ports.push(port);
    }
    const seedStarted = now();
    const pairs = await (servers[0] as Worker).call<Pair[]>('seed', { conversations: CONVERSATIONS });
    console.info(`${label}: ${pairs.length} conversations seeded in ${ms(now() - seedStarted)}`);
    // CPU of the PostgreSQL backends serving this database (their pids change as pools grow).
    const postgresCpu = async () => {
      if (!admin) return 0;
      const { rows } = await admin.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [dbName],
      );
      return rows.reduce((sum, row) => sum + processCpuMs(row.pid), 0);
    };
    if (READS) return await reads(label, servers[0] as Worker, ports[0] as number, pairs);
    // A running site's history (and its table statistics): on an empty, never-analysed messages
    // table the unread count plans badly (see docs/PERFORMANCE.md, Chat).
    if (HISTORY) await (servers[0] as Worker).call('fill', { perConversation: HISTORY });
    const before = databaseUrl ? await statementCounts(databaseUrl) : null;
    const lines = await chat(label, servers, ports, pairs, postgresCpu, databaseUrl);
    if (before && databaseUrl) {
      // The statistics collector flushes about once a second.
      await sleep(1500);
      const after = await statementCounts(databaseUrl);
      lines.push(`  PostgreSQL over warm-up and run (from pg_stat_*): ${describeCounts(before, after)}`);
      console.info(lines.at(-1));
    }
    return lines;
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

const started = new Date().toISOString();
const where = machine();
const results: string[] = [];
for (const mode of MODES) results.push(...(await run(mode)), '');
console.info(
  `\n${READS ? 'chat reads' : 'chat'} (${started}; ${where}, ${os.cpus()[0]?.model})\n${results.join('\n')}`,
);
if (profileDir) console.info(`server CPU profiles in ${profileDir}`);
