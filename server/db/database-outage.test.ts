import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createScheduler } from '../domains/jobs/scheduler.ts';
import { TRY_AGAIN_LATER } from '../domains/realtime/gateway.ts';
import { connect, subscribe } from '../domains/realtime/socket-test-support.ts';
import { type AppServices, createServices } from '../services.ts';
import { testConfig } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { signUpAndSignIn } from '../test/sign-up.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * PostgreSQL goes away under a running server and comes back (ADR 107): every backend terminated,
 * then the server unreachable for a while. The server stays up, answers 503 meanwhile, and recovers
 * by itself. The app reaches PostgreSQL through a TCP proxy the test can cut, in a database of its
 * own, so other suites on the shared server are untouched.
 */

const url = process.env.TEST_DATABASE_URL;
const reason = url ? '' : ' (skipped: needs PostgreSQL, run with npm run test:pg)';
const quiet = { error: () => {}, warn: () => {}, info: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe.skipIf(!url)(`a database outage under load${reason}`, () => {
  const name = `privy_outage_${randomBytes(4).toString('hex')}`;
  let admin: pg.Client;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let services: AppServices;
  let app: FastifyInstance;
  let agent: TestAgent;
  let userId: string;
  const ran: string[] = [];
  let jobs: ReturnType<typeof createScheduler>;

  /** Requests keep coming during the whole outage, as they would in production. */
  const statuses = new Map<number, number>();
  let loadRunning = false;
  let load: Promise<void> = Promise.resolve();
  const startLoad = () => {
    loadRunning = true;
    const worker = async () => {
      while (loadRunning) {
        const response = await agent.get('/api/notifications/unviewed-count');
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        await sleep(10);
      }
    };
    load = Promise.all([worker(), worker(), worker()]).then(() => {});
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url as string);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(url as string);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    database = await openDatabase(
      { kind: 'postgres', url: viaProxy.toString() },
      { poolSize: 5, log: quiet },
    );
    await migrateToLatest(database.db);
    services = await createServices(testConfig(), database, quiet);
    app = Fastify({ logger: false });
    await buildApp(app, { services });
    await app.ready();
    jobs = createScheduler(database, quiet, { schema: 'pgboss_outage' });
    jobs.define<{ step: string }>({
      name: 'outage.record',
      retryLimit: 20,
      handler: async ({ step }) => void ran.push(step),
    });
    await jobs.start();
    agent = new TestAgent(app);
    ({ userId } = await signUpAndSignIn(agent, {
      email: 'outage@example.com',
      password: 'a long enough password',
    }));
  }, 60_000);

  afterAll(async () => {
    loadRunning = false;
    await load;
    await jobs?.stop().catch(() => {});
    await app?.close();
    await services?.close();
    await database?.close();
    await proxy?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('survives every backend being terminated: realtime clients are told, and all recovers', async () => {
    // Every pooled connection opened, so some sit idle when they are terminated (the case that used
    // to end the process: an idle connection's error with nobody listening).
    await Promise.all(Array.from({ length: 10 }, () => agent.get('/api/notifications')));
    startLoad();
    const socket = await connect(app, agent);
    expect(await subscribe(socket, `user:${userId}`)).toMatchObject({ type: 'subscribed' });
    const closed = new Promise<number>((resolve) => socket.socket.on('close', (code) => resolve(code)));

    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    expect(rows.length).toBeGreaterThan(0);
    // The socket's events may have been lost while the listener was away: it is closed, to reconnect.
    expect(await closed).toBe(TRY_AGAIN_LATER);

    const startedAt = Date.now();
    await until(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 5_000);
    console.info(`ready again ${Date.now() - startedAt} ms after every backend was terminated`);

    // The reconnected socket hears what is committed from now on.
    const again = await connect(app, agent);
    expect(await subscribe(again, `user:${userId}`)).toMatchObject({ type: 'subscribed' });
    const fired = await agent.post('/api/notifications/test', { notification_type: 'MESSAGE_RECEIVED' });
    expect(fired.statusCode).toBe(200);
    const event = await again.messages.next((message) => message.type === 'event', 5_000);
    expect(event).toMatchObject({ payload: { id: fired.json().notification.id } });
    again.socket.terminate();
  });

  it('answers 503 while PostgreSQL is unreachable, and is ready within 5 s of its return', async () => {
    const socket = await connect(app, agent);
    expect(await subscribe(socket, `user:${userId}`)).toMatchObject({ type: 'subscribed' });
    const closed = new Promise<number>((resolve) => socket.socket.on('close', (code) => resolve(code)));
    await proxy.cut();

    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: false });
    expect(ready.json().cause).toMatch(/^database unreachable: /);

    const api = await agent.get('/api/notifications');
    expect(api.statusCode).toBe(503);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.headers['retry-after']).toBe('5');
    expect(api.json()).toMatchObject({ error: 'service_unavailable' });
    expect(await closed).toBe(TRY_AGAIN_LATER);
    // Sockets are refused, not left half-open, until the listener is back.
    await expect(connect(app, agent)).rejects.toThrow(/503/);
    // A job sent now waits in the queue: it cannot even be stored, so the caller is told.
    await expect(jobs.send('outage.record', { step: 'during' })).rejects.toThrow();

    await sleep(2_000);
    await proxy.restore();
    const restoredAt = Date.now();
    await until(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 5_000);
    console.info(`ready again ${Date.now() - restoredAt} ms after PostgreSQL became reachable`);
    expect((await agent.get('/api/notifications')).statusCode).toBe(200);

    // Jobs resume by themselves.
    await jobs.send('outage.record', { step: 'after' });
    await until(async () => ran.includes('after'), 15_000);

    loadRunning = false;
    await load;
    // Under load throughout, the answers were 200 or 503: never a crash, never a 500.
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
  });
});
