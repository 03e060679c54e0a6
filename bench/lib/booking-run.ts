/**
 * What the booking benchmarks share: one server process (bench/lib/booking-server.ts) on a fresh
 * PGlite folder or a fresh PostgreSQL database (created here, dropped afterwards), signed session
 * cookies, and a plain keep-alive HTTP client that times each request from send to full answer.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { now, percentile, startWorker, type Worker } from './fanout-ipc.ts';
import { freePort } from './server.ts';

export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Guest = { id: string; token: string };
export type BookingServer = { worker: Worker; port: number; secret: string; stop: () => Promise<void> };

export const parseArgs = () =>
  Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('='))) as Record<
    string,
    string | undefined
  >;

export const modes = (arg: string | undefined) =>
  (arg ?? 'all') === 'all' ? ['postgres', 'pglite'] : [String(arg)];

/** Starts the server on `mode` ('postgres' | 'pglite'); `dbName` names the PostgreSQL database. */
export async function startBookingServer(
  mode: string,
  dbName: string,
  extraEnv: Record<string, string> = {},
  execArgv: string[] = [],
): Promise<BookingServer> {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-booking-bench-'));
  const port = await freePort();
  let admin: pg.Client | undefined;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    AUTH_SECRET: secret,
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (mode === 'postgres') {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    env.DATABASE_URL = PG_URL.replace(/\/[^/]*$/, `/${dbName}`);
  } else if (mode !== 'pglite') {
    throw new Error(`unknown mode ${mode}: use postgres or pglite`);
  }
  const worker = await startWorker(path.join(import.meta.dirname, 'booking-server.ts'), env, execArgv);
  return {
    worker,
    port,
    secret,
    stop: async () => {
      await worker.stop();
      rmSync(dataDir, { recursive: true, force: true });
      if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

/** better-auth's signed session cookie: HMAC-SHA256 of the token, base64, URL-encoded. */
export function sessionCookie(secret: string, token: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `privy.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

export type Answer = { status: number; body: string; ms: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One POST with a JSON or raw body; `ms` from the call to the last byte of the answer. */
export function post(
  port: number,
  pathName: string,
  body: string,
  headers: Record<string, string>,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = now();
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathName,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          // The server's own address (its APP_URL, see startBookingServer): a write carrying a
          // session cookie must say where it comes from (ADR 106).
          origin: `http://127.0.0.1:${port}`,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: now() - started,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Opens `count` keep-alive connections up front, so a burst measures requests, not TCP handshakes. */
export async function warmConnections(port: number, count: number) {
  await Promise.all(
    Array.from({ length: count }, () =>
      post(port, '/api/bookings', '{}', {}).catch(() => ({ status: 0, body: '', ms: 0 })),
    ),
  );
}

export function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export const machineLine = () =>
  `${new Date().toISOString()}; Node ${process.versions.node}, ${os.availableParallelism()} cores, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/** A quarter-hour grid start `days` from now at `hourUtc`:`minutes` UTC. */
export function gridStart(days: number, hourUtc: number, minutes = 0): Date {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hourUtc, minutes, 0, 0);
  return day;
}
