import { randomBytes } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../server/seed/seed-demo.ts';
import { startS3Server } from '../server/test/s3-server.ts';
import { startRoundRobinProxy } from './lib/round-robin-proxy.ts';
import { freePort, machine, type PrivyProcess, spawnPrivy, waitFor200 } from './lib/server.ts';

/**
 * Two server processes on one PostgreSQL and one S3-compatible bucket, behind a round-robin
 * proxy, behaving as one (ADR 111, docs/DEPLOYMENT.md): a guest signs in, uploads a picture that
 * either process serves, books and pays, and hears the confirmation live on a socket held by one
 * process while the payment went through the other. Prints each step, which process served it, and
 * the spread of requests. `npm run bench:cluster`
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `privy_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const s3 = await startS3Server('privy-cluster');

const ports = [await freePort(), await freePort()] as const;
const proxy = await startRoundRobinProxy([
  { name: 'A', port: ports[0] },
  { name: 'B', port: ports[1] },
]);
const base = `http://127.0.0.1:${proxy.port}`;
const shared = {
  APP_URL: base,
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  S3_BUCKET: s3.settings.bucket,
  S3_URL: s3.settings.endpoint as string,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  LOG_LEVEL: 'warn',
};
const servers: PrivyProcess[] = [];
const steps: string[] = [];
const step = (text: string, ms: number, servedBy: string | null) => {
  const line = `  ${text.padEnd(58)} ${ms.toFixed(0).padStart(5)} ms${servedBy ? `  (process ${servedBy})` : ''}`;
  steps.push(line);
  console.info(line);
};

try {
  console.info(`bench:cluster: ${machine()}`);
  // One after the other: the first seeds the demo catalogue, the second finds it there.
  for (const port of ports) {
    const server = await spawnPrivy({ databaseUrl, env: { ...shared, PORT: String(port) } });
    servers.push(server);
    await waitFor200(`http://127.0.0.1:${port}/readyz`, 180_000, server.child);
  }
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    const setCookies = response.headers.getSetCookie().map((value) => value.split(';')[0]);
    if (setCookies.length) cookie = setCookies.join('; ');
    const text = await response.text();
    if (response.status >= 400) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return {
      json: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null,
      ms: performance.now() - started,
      servedBy: response.headers.get('x-served-by'),
    };
  };

  const signIn = await call('POST', '/api/account/sign-in', {
    email: 'gina@privy.test',
    password: DEMO_PASSWORD,
  });
  step('sign in (gina@privy.test)', signIn.ms, signIn.servedBy);
  const me = await call('GET', '/api/account/me');
  step('read the session back', me.ms, me.servedBy);
  const userId = me.json.userId as string;

  const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([picture], { type: 'image/png' }), 'me.png');
  const upload = await call('POST', '/api/profile/picture', form);
  step('upload a profile picture', upload.ms, upload.servedBy);
  for (let read = 0; read < 2; read++) {
    const served = await call('GET', upload.json.profile_picture_url as string);
    step('load the picture from the bucket', served.ms, served.servedBy);
  }

  // The socket goes to the next process in turn; the payment is sent to the other one.
  const socket = new WebSocket(`ws://127.0.0.1:${proxy.port}/api/realtime`, {
    headers: { cookie, origin: base },
  });
  const socketProcess = proxy.upcoming();
  const messages: Array<{ type: string; event?: string; payload?: { notification_type?: string } }> = [];
  const arrived: Array<() => void> = [];
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    for (const wake of arrived.splice(0)) wake();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${userId}` }));
  const waitFor = async (match: (message: (typeof messages)[number]) => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(messages)}`);
      await new Promise<void>((resolve) => {
        arrived.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await waitFor((message) => message.type === 'subscribed', 5_000);
  step('open a live socket and subscribe', 0, socketProcess);

  const search = await call('GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=5');
  step('search near Austin', search.ms, search.servedBy);
  const results = search.json.results as Array<{ id: string }>;
  let slot: { bathroomId: string; startsAt: string } | null = null;
  for (let day = 2; day < 9 && !slot; day++) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const { id } of results) {
      const slots = await call('GET', `/api/bathrooms/${id}/slots?date=${date}&duration=30`);
      const first = (slots.json.starts as Array<{ starts_at: string }>)[0];
      if (first) {
        slot = { bathroomId: id, startsAt: first.starts_at };
        break;
      }
    }
  }
  if (!slot) throw new Error('no free 30-minute slot near Austin in the coming week');
  const booking = await call('POST', '/api/bookings', { ...slot, durationMinutes: 30 });
  step('hold a slot and open its checkout', booking.ms, booking.servedBy);
  const sessionId = (booking.json.checkoutUrl as string).split('/').pop() as string;
  if (proxy.upcoming() === socketProcess) await call('GET', '/healthz');
  const paidAt = performance.now();
  const pay = await call('POST', `/api/payments/test-checkout/${sessionId}/pay`);
  step('pay on the test checkout', pay.ms, pay.servedBy);
  await waitFor((message) => message.payload?.notification_type === 'RESERVATION_CONFIRMED', 15_000);
  step(
    `RESERVATION_CONFIRMED live on the socket of process ${socketProcess}`,
    performance.now() - paidAt,
    null,
  );
  socket.close();

  const spread = [...proxy.served].map(([backend, count]) => `${backend} ${count}`).join(', ');
  console.info(`  requests served: ${spread}`);
  console.info(
    `RESULT bench:cluster two processes behind one address: payment on ${pay.servedBy}, live confirmation on ${socketProcess} after ${(performance.now() - paidAt).toFixed(0)} ms; requests ${spread}`,
  );
} catch (error) {
  for (const server of servers) console.error(server.output());
  throw error;
} finally {
  for (const server of servers) await server.stop();
  await proxy.close();
  await s3.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
