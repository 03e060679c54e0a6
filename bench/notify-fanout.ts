/**
 * Notification fan-out: one notification each to N connected users (N sockets), from the insert
 * to its receipt in the client. Runs once with the app in this process on PGlite, and once with
 * two server processes sharing one PostgreSQL (half the sockets on each; the notifier is this
 * process, so every event crosses LISTEN/NOTIFY). Goal: p99 < 100 ms, 100% delivered.
 *
 *   npm run bench:fanout [-- --users=1000 --mode=both|pglite|postgres]
 *
 * All traffic goes to 127.0.0.1; everything it starts it stops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import WebSocket from 'ws';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { type AppServices, createServices } from '../server/services.ts';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const USERS = Number(args.users ?? 1000);
const MODE = String(args.mode ?? 'both');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = randomBytes(32).toString('hex');
const quiet = { error: () => {}, warn: () => {}, info: () => {} };

/** better-auth's signed session cookie: HMAC-SHA256 of the token, base64, URL-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64');
  return `privy.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Users with live sessions, written directly (hashing 1,000 passwords would measure scrypt). */
async function seedUsers(database: DatabaseHandle, count: number) {
  const users = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    token: randomBytes(24).toString('hex'),
    i,
  }));
  const now = new Date();
  const expires = new Date(now.getTime() + 86_400_000);
  for (let start = 0; start < users.length; start += 250) {
    const batch = users.slice(start, start + 250);
    await database.db
      .insertInto('user')
      .values(
        batch.map((u) => ({
          id: u.id,
          name: `Bench ${u.i}`,
          email: `bench-${u.id}@example.com`,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await database.db
      .insertInto('profiles')
      .values(batch.map((u) => ({ id: u.id, first_name: 'Bench', last_name: String(u.i) })))
      .execute();
    await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
      select * from unnest(${batch.map(() => randomUUID())}::text[], ${batch.map((u) => u.token)}::text[],
        ${batch.map((u) => u.id)}::text[], ${batch.map(() => expires)}::timestamptz[],
        ${batch.map(() => now)}::timestamptz[], ${batch.map(() => now)}::timestamptz[])`.execute(database.db);
  }
  return users;
}

type Client = { userId: string; socket: WebSocket; sentAt?: number; receivedAt?: number };

async function connectClients(
  users: Array<{ id: string; token: string }>,
  ports: number[],
): Promise<Client[]> {
  const clients: Client[] = [];
  const batchSize = 100;
  for (let start = 0; start < users.length; start += batchSize) {
    const batch = users.slice(start, start + batchSize);
    clients.push(
      ...(await Promise.all(
        batch.map(
          (user, index) =>
            new Promise<Client>((resolve, reject) => {
              const port = ports[(start + index) % ports.length] as number;
              const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
                headers: { cookie: sessionCookie(user.token) },
              });
              const client: Client = { userId: user.id, socket };
              socket.on('error', reject);
              socket.on('open', () =>
                socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${user.id}` })),
              );
              socket.on('message', (raw) => {
                const message = JSON.parse(String(raw)) as { type: string };
                if (message.type === 'subscribed') resolve(client);
                if (message.type === 'event' && client.receivedAt === undefined)
                  client.receivedAt = performance.now();
              });
            }),
        ),
      )),
    );
  }
  return clients;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Two shapes of load. "burst": one statement inserts a notification for every user at once (an
 * announcement); latency runs from the start of that insert. "stream": one notify() per user,
 * back to back, as independent events produce them; each latency runs from its own insert.
 */
async function measure(label: string, notifier: AppServices, clients: Client[], shape: 'burst' | 'stream') {
  const started = performance.now();
  if (shape === 'burst') {
    await notifier.notifications.notifyMany(
      clients.map((client) => ({
        userId: client.userId,
        type: 'MESSAGE_SENT' as const,
        message: 'Benchmark ping',
      })),
    );
    for (const client of clients) client.sentAt = started;
  } else {
    for (const client of clients) {
      client.sentAt = performance.now();
      await notifier.notifications.notify({
        userId: client.userId,
        type: 'MESSAGE_SENT',
        message: 'Benchmark ping',
      });
    }
  }
  const committed = performance.now() - started;
  const deadline = Date.now() + 10_000;
  while (clients.some((client) => client.receivedAt === undefined) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const latencies = clients
    .filter((c) => c.receivedAt !== undefined)
    .map((c) => (c.receivedAt as number) - (c.sentAt as number))
    .sort((a, b) => a - b);
  const delivered = latencies.length;
  const line = `${label}, ${shape}: all inserts done after ${committed.toFixed(0)}ms; users=${clients.length} delivered=${delivered} (${((100 * delivered) / clients.length).toFixed(1)}%) p50=${percentile(latencies, 50).toFixed(1)}ms p99=${percentile(latencies, 99).toFixed(1)}ms max=${percentile(latencies, 100).toFixed(1)}ms`;
  console.info(line);
  for (const client of clients) {
    client.sentAt = undefined;
    client.receivedAt = undefined;
  }
  return line;
}

async function runInProcess() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-fanout-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    AUTH_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  const services = await createServices(config, database, quiet);
  const app = Fastify({ logger: false });
  await buildApp(app, { services });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const users = await seedUsers(database, USERS);
  const clients = await connectClients(users, [port]);
  const lines = [
    await measure('one process, PGlite', services, clients, 'burst'),
    await measure('one process, PGlite', services, clients, 'stream'),
  ];
  for (const client of clients) client.socket.terminate();
  await app.close();
  await services.close();
  await database.close();
  return lines;
}

function startServer(url: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_SECRET: SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'privy-fanout-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

async function runTwoProcesses() {
  const dbName = `privy_fanout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const ports = [4101, 4102];
  const servers: ChildProcess[] = [];
  try {
    // The first process migrates; the second starts once the schema exists.
    servers.push(await startServer(url, ports[0] as number));
    servers.push(await startServer(url, ports[1] as number));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      AUTH_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: tmpdir(),
    });
    const database = await openDatabase(config.database);
    const services = await createServices(config, database, quiet);
    const users = await seedUsers(database, USERS);
    const clients = await connectClients(users, ports);
    const lines = [
      await measure('two processes, PostgreSQL', services, clients, 'burst'),
      await measure('two processes, PostgreSQL', services, clients, 'stream'),
    ];
    for (const client of clients) client.socket.terminate();
    await services.close();
    await database.close();
    return lines;
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

const lines: string[] = [];
if (MODE === 'both' || MODE === 'pglite') lines.push(...(await runInProcess()));
if (MODE === 'both' || MODE === 'postgres') lines.push(...(await runTwoProcesses()));
console.info(`\nnotify fan-out (${new Date().toISOString()}, ${USERS} users)\n${lines.join('\n')}`);
process.exit(0);
