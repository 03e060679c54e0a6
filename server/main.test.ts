import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/seed-demo.ts';
import { ensureSnapshot } from './test/snapshots.ts';

/**
 * The real process, started the way `npm start` starts it: these tests cover what only exists in
 * main.ts (signals, start-up output, seeding switch).
 */
const MAIN = path.resolve(import.meta.dirname, 'main.ts');

type Server = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  /** Resolves once a line matching `pattern` has been printed (stdout or stderr). */
  waitForOutput: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
};

const running: Server[] = [];
const folders: string[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(extraEnv: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-main-'));
  folders.push(dataDir);
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      APP_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const waiter of waiters.filter((item) => item.pattern.test(output))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: Server = {
    child,
    baseUrl,
    output: () => output,
    waitForOutput: (pattern) =>
      pattern.test(output)
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ pattern, resolve })),
            exited.then((code) => {
              throw new Error(`server exited (${code}) before printing ${pattern}:\n${output}`);
            }),
          ]),
    exited,
  };
  running.push(server);
  await server.waitForOutput(/Privy is running at/);
  return server;
}

function signIn(baseUrl: string, email: string) {
  return fetch(`${baseUrl}/api/account/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
}

/** True once the port refuses new connections (the server stopped listening). */
async function refusesConnections(baseUrl: string): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await fetch(`${baseUrl}/healthz`, { headers: { connection: 'close' } });
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

// A whole process boots an in-memory PostgreSQL: generous limits for a busy CI machine.
// PGlite's own start-up paths: the PostgreSQL-only run (`npm run test:pg`) would only repeat them.
describe.skipIf(process.env.TEST_DATABASE_ONLY === 'postgres')(
  'node server/main.ts',
  { timeout: 120_000 },
  () => {
    it('seeds the demo accounts on first start and prints how to sign in', async () => {
      const server = await startServer({});
      await server.waitForOutput(/gus@privy\.test/);
      expect(server.output()).toContain(`Demo accounts (password for all: ${DEMO_PASSWORD})`);
      for (const account of DEMO_ACCOUNTS)
        expect(server.output()).toMatch(new RegExp(`${account.role} +${account.email}`));
      const response = await signIn(server.baseUrl, 'admin@privy.test');
      expect(response.status).toBe(200);
      const cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      const me = await fetch(`${server.baseUrl}/api/account/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).profile.is_admin).toBe(true);
    });

    it('starts a new database from the stored snapshot instead of creating it (ADR 079)', async () => {
      // What `npm run build` and the test setup store; a no-op when it is there for these migrations.
      const snapshot = await ensureSnapshot('migrated');
      const server = await startServer({ SEED_DEMO: 'false' });
      expect(server.output()).toMatch(
        /"snapshot":"migrated","key":"[0-9a-f]{64}","msg":"database loaded from snapshot"/,
      );
      expect(server.output()).toContain(snapshot.key);
      expect(server.output()).not.toContain('"msg":"database migrated"');
      // The loaded database is fully usable: an account can be registered.
      const response = await fetch(`${server.baseUrl}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ email: 'from.snapshot@example.com', password: 'a fine password' }),
      });
      expect(response.status).toBe(200);
    });

    it('finishes an in-flight request on SIGTERM, closes the database and exits 0', async () => {
      // Debug level logs each request's arrival, which tells this test the upload is in flight.
      const server = await startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'debug' });
      // SEED_DEMO=false: nothing was seeded or printed.
      expect(server.output()).not.toContain('Demo accounts');
      expect((await signIn(server.baseUrl, 'admin@privy.test')).status).toBe(401);

      // A registration whose body is still being uploaded when the signal arrives. The padding is
      // JSON whitespace, so the body stays valid and the request does real work once complete.
      const head = '{"email":"late.arrival@example.com","password":"a fine password"';
      const tail = `${' '.repeat(256 * 1024)}}`;
      const { port } = new URL(server.baseUrl);
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/account/register',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(head) + Buffer.byteLength(tail),
          origin: server.baseUrl,
          'x-request-id': 'slow-upload',
        },
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('response', (incoming) => {
          let body = '';
          incoming.on('data', (chunk) => {
            body += chunk;
          });
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
      request.write(head);
      await server.waitForOutput(/"requestId":"slow-upload","req":/);

      server.child.kill('SIGTERM');
      await server.waitForOutput(/"msg":"shutting down"/);
      // The server stops taking new connections while the upload is still open...
      expect(await refusesConnections(server.baseUrl)).toBe(true);
      expect(server.child.exitCode).toBeNull();

      // ...and the upload, once finished, is handled in full before the database closes.
      request.end(tail);
      const answer = await response;
      expect(answer.status).toBe(200);
      // The account was written: the answer describes it (and it needed the database to do so).
      expect(answer.body).toContain('late.arrival@example.com');

      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutdown complete: requests finished, database closed');
      expect(server.output()).not.toMatch(/"level":50|shutdown failed|took too long/);
    });
  },
);
