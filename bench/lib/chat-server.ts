/**
 * One Privy server process for the chat benchmark, started as fanout-server.ts starts one (the
 * whole HTTP app from server/main.ts's parts, minus the React Router bundle, on the database the
 * environment names). It serves the clients' sockets and their HTTP sends; on request it seeds
 * the conversations in a few statements, stores the read benchmark's messages, and counts what
 * the database holds. It holds no client sockets and sends no messages itself.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { serverOptions } from '../../server/http/operations.ts';
import { createServices } from '../../server/services.ts';
import { now, serveWorker } from './fanout-ipc.ts';
import { takeStalls } from './stalls.ts';

// The benchmark's one departure from a deployment: each party sends one message a second, twice
// ADR 119's 30 a minute, so the budget is raised through the config (the rate limiter, its
// database store and its session lookup all stay in the path).
const sendLimit = Number(process.env.BENCH_SEND_LIMIT_PER_MINUTE ?? 0);
const config = { ...loadConfig(), ...(sendLimit ? { messageSendLimitPerMinute: sendLimit } : {}) };
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const quiet = { error: console.error, warn: () => {}, info: () => {} };
const services = await createServices(config, database, quiet);
const app = Fastify(serverOptions(config));
await buildApp(app, { services });
await app.listen({ port: config.port, host: config.host });
await services.jobs.start();
const { db } = services;
const SESSION_LIFETIME_MS = (await services.betterAuth.$context).sessionConfig.expiresIn * 1000;

export type Party = { id: string; token: string };
export type Pair = { bookingId: string; guest: Party; host: Party };

const text = (values: unknown[]) => sql`${values}::text[]`;

/**
 * N conversations, each a confirmed booking of its own guest at its own host's bathroom, with
 * live sessions for both, written in a handful of set-based statements (signing 2N people up and
 * paying N checkouts would measure scrypt and the payment flow, not messaging).
 */
async function seed({ conversations }: { conversations: number }): Promise<Pair[]> {
  const pairs: Pair[] = Array.from({ length: conversations }, () => ({
    bookingId: randomUUID(),
    guest: { id: randomUUID(), token: randomBytes(24).toString('hex') },
    host: { id: randomUUID(), token: randomBytes(24).toString('hex') },
  }));
  const people = pairs.flatMap((p, i) => [
    { ...p.guest, name: `Guest${i}` },
    { ...p.host, name: `Host${i}` },
  ]);
  const bathroomIds = pairs.map(() => randomUUID());
  const starts = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000);
  const ends = new Date(starts.getTime() + 3_600_000);
  await db.transaction().execute(async (trx) => {
    const ids = text(people.map((p) => p.id));
    const names = text(people.map((p) => p.name));
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      select id, name, 'chat-' || id || '@example.com', true, now(), now()
      from unnest(${ids}, ${names}) as t(id, name)`.execute(trx);
    // Hosts are providers (PRODUCT.md, Providers): else the minute bookings sweep cancels their
    // bookings as a former host's, 100 a minute, in the middle of the run.
    const hostIds = new Set(pairs.map((p) => p.host.id));
    await sql`insert into profiles (id, first_name, last_name, is_provider)
      select id, name, 'Bench', provider
      from unnest(${ids}, ${names}, ${people.map((p) => hostIds.has(p.id))}::boolean[]) as t(id, name, provider)`.execute(
      trx,
    );
    // As a sign-in leaves it: a session a day from its end is one better-auth must refresh, and
    // each request would take its slow path (server/domains/auth/session-reader.ts).
    await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
      select gen_random_uuid()::text, token, id, now() + ${SESSION_LIFETIME_MS} * interval '1 millisecond', now(), now()
      from unnest(${ids}, ${text(people.map((p) => p.token))}) as t(id, token)`.execute(trx);
    await sql`insert into bathrooms (id, host_id, status, title, location, latitude, longitude,
        public_latitude, public_longitude, timezone, hourly_price_cents, published_at)
      select b::uuid, h, 'published', 'Bench bathroom ' || n,
        '{"lat":30.27,"lon":-97.74,"formatted":"Austin, TX"}', 30.27, -97.74, 30.271, -97.741,
        'America/Chicago', 1200, now()
      from unnest(${text(bathroomIds)}, ${text(pairs.map((p) => p.host.id))}) with ordinality as t(b, h, n)`.execute(
      trx,
    );
    await sql`insert into bookings (id, bathroom_id, guest_id, status, starts_at, ends_at,
        duration_minutes, cleaning_buffer_minutes, hourly_price_cents, price_cents, confirmed_at,
        amount_paid_cents)
      select k::uuid, b::uuid, g, 'confirmed', ${starts}, ${ends}, 60, 0, 1200, 1200, now(), 1200
      from unnest(${text(pairs.map((p) => p.bookingId))}, ${text(bathroomIds)},
        ${text(pairs.map((p) => p.guest.id))}) as t(k, b, g)`.execute(trx);
    // What the confirming transaction does for each booking (messaging.openConversation), at once.
    await sql`insert into conversations (booking_id, guest_id, host_id)
      select k.id, k.guest_id, b.host_id from bookings k join bathrooms b on b.id = k.bathroom_id
      where k.id = any(${text(pairs.map((p) => p.bookingId))}::uuid[])`.execute(trx);
  });
  return pairs;
}

/**
 * The read benchmark's history: `perConversation` messages in each conversation, alternating
 * sides, one a minute up to an hour ago, all read but the last (so unread counts have work), each
 * already decided by the email sweep as a running site's would be (ADR 122). Left undecided, the
 * first minute's sweep took them all at once: a spike second of PostgreSQL CPU that a running
 * site never has (docs/PERFORMANCE.md, Chat, 2026-12-03 15:15).
 */
async function fill({ perConversation }: { perConversation: number }) {
  await sql`insert into messages (conversation_id, sender_id, content, created_at, read_at, email_checked_at)
    select c.id, case when i % 2 = 0 then c.guest_id else c.host_id end,
      'Bench message ' || i || ': the door code is on the booking page, see you at three.',
      at, case when i < ${perConversation} then now() end, at + interval '10 minutes'
    from conversations c, generate_series(1, ${perConversation}) as i,
      lateral (select now() - interval '1 hour' - make_interval(mins => ${perConversation} - i) as at) as t`.execute(
    db,
  );
  await sql`analyze messages`.execute(db);
  return countMessages();
}

async function countMessages(): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How PostgreSQL planned each prepared statement on every pooled connection (pg_prepared_statements,
 * PostgreSQL 14+): a statement with custom plans is planned again at every execution.
 */
async function plans() {
  const pool = database.pool as pg.Pool | undefined;
  if (!pool) return [];
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    const totals = new Map<string, { generic: number; custom: number }>();
    for (const client of clients) {
      const { rows } = await client.query<{ statement: string; generic_plans: string; custom_plans: string }>(
        'select statement, generic_plans, custom_plans from pg_prepared_statements',
      );
      for (const row of rows) {
        const key = row.statement.replace(/\s+/g, ' ').slice(0, 140);
        const total = totals.get(key) ?? { generic: 0, custom: 0 };
        total.generic += Number(row.generic_plans);
        total.custom += Number(row.custom_plans);
        totals.set(key, total);
      }
    }
    return [...totals].map(([statement, counts]) => ({ statement, ...counts }));
  } finally {
    for (const client of clients) client.release();
  }
}

serveWorker(
  {
    seed,
    plans,
    stalls: takeStalls,
    fill,
    countMessages,
    clock: () => now(),
    connections: () => services.realtime.gateway.connectionCount(),
    cpu: () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    },
  },
  async () => {
    await app.close();
    await services.close();
    await database.close();
  },
);
