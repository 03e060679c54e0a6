/**
 * One Privy server process for the fan-out benchmark, started the way `server/main.ts` starts it
 * (production config from the environment, the database it names — the persisted PGlite under
 * DATA_DIR when DATABASE_URL is unset, migrations, every service with its job scheduler, the
 * whole HTTP app on a port) minus the React Router bundle, which no socket touches. It serves the
 * sockets, and on request from the benchmark it notifies users the way a request handler would.
 * It holds no client sockets: those live in fanout-clients.ts, in another process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type { NotificationType } from '../../common/notification-types.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { serverOptions } from '../../server/http/operations.ts';
import { createServices } from '../../server/services.ts';
import { now, serveWorker } from './fanout-ipc.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const quiet = { error: console.error, warn: () => {}, info: () => {} };
const services = await createServices(config, database, quiet);
const app = Fastify(serverOptions(config));
await buildApp(app, { services });
const SESSION_LIFETIME_MS = (await services.betterAuth.$context).sessionConfig.expiresIn * 1000;
await app.listen({ port: config.port, host: config.host });
await services.jobs.start();
const { db } = services;

/** A fan-out that emails: a blackout cancelling every guest's booking, each told in the app and by email. */
const TYPE: NotificationType = 'booking_cancelled_blackout';
const notice = (userId: string, index: number) => ({
  userId,
  type: TYPE,
  message: 'Your booking at Maple Street Loft was cancelled because the host closed the bathroom that day.',
  meta: { booking_id: randomUUID(), property_id: randomUUID(), index },
});

/** Users with live sessions, written directly (hashing 1,000 passwords would measure scrypt). */
async function seed({ count }: { count: number }) {
  const users = Array.from({ length: count }, () => ({
    id: randomUUID(),
    token: randomBytes(24).toString('hex'),
  }));
  const now = new Date();
  // As a sign-in leaves it, so the socket's session read takes the common path, not a refresh.
  const expires = new Date(now.getTime() + SESSION_LIFETIME_MS);
  for (let start = 0; start < users.length; start += 250) {
    const batch = users.slice(start, start + 250);
    await db
      .insertInto('user')
      .values(
        batch.map((u, i) => ({
          id: u.id,
          name: `Bench ${start + i}`,
          email: `bench-${u.id}@example.com`,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('profiles')
      .values(batch.map((u, i) => ({ id: u.id, first_name: 'Bench', last_name: String(start + i) })))
      .execute();
    await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
      select * from unnest(${batch.map(() => randomUUID())}::text[], ${batch.map((u) => u.token)}::text[],
        ${batch.map((u) => u.id)}::text[], ${batch.map(() => expires)}::timestamptz[],
        ${batch.map(() => now)}::timestamptz[], ${batch.map(() => now)}::timestamptz[])`.execute(db);
  }
  return users;
}

/**
 * When this process last handed an event to the sockets: a listener registered after the socket
 * gateway's runs right after the gateway has written that event to its sockets, so the last call
 * of a burst marks the last socket write issued here (the client's receipts come after it).
 */
let lastWriteAt = 0;
services.realtime.bus.onEncoded((channel) => {
  if (channel.startsWith('user:')) lastWriteAt = now();
});

/** CPU time this process spent (user + system): on a shared machine, steadier than wall time. */
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

serveWorker(
  {
    seed,
    clock: () => now(),
    connections: () => services.realtime.gateway.connectionCount(),
    /** The last socket write issued here since the previous call (0: none), then forgets it. */
    lastWrite() {
      const at = lastWriteAt;
      lastWriteAt = 0;
      return at;
    },
    /** One transaction notifies every user at once, as a fan-out in a service does (notifyAdmins). */
    async burst({ userIds }: { userIds: string[] }) {
      const cpu = process.cpuUsage();
      const startedAt = now();
      await db.transaction().execute((trx) => services.notifications.notifyMany(userIds.map(notice), trx));
      // PGlite hands the commit's NOTIFY to the listener before the commit resolves, so by now
      // every socket write has been issued (on PostgreSQL they follow when the NOTIFY arrives).
      return { startedAt, committedAt: now(), cpuMs: cpuMs(process.cpuUsage(cpu)) };
    },
    /** One notify() per user, back to back, as independent events produce them. */
    async stream({ userIds }: { userIds: string[] }) {
      const cpu = process.cpuUsage();
      const sentAt: number[] = [];
      for (const [index, userId] of userIds.entries()) {
        sentAt.push(now());
        await services.notifications.notify(notice(userId, index));
      }
      return { sentAt, doneAt: now(), cpuMs: cpuMs(process.cpuUsage(cpu)) };
    },
    async emailsPending() {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('email_state', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  },
  async () => {
    await app.close();
    await services.close();
    await database.close();
  },
);
