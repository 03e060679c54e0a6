/**
 * One Privy server process for the booking benchmarks, started the way `server/main.ts` starts it
 * (production config from the environment, the database it names, migrations, every service with
 * its job scheduler, the whole HTTP app on a port) minus the React Router bundle, which no booking
 * request touches. On request from the benchmark it seeds people and bathrooms straight into the
 * tables and answers the checks (overlaps, counts) with SQL; all booking traffic goes over HTTP.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { insertBathroom } from '../../server/domains/availability/search-test-support.ts';
import { serverOptions } from '../../server/http/operations.ts';
import { createServices } from '../../server/services.ts';
import { serveWorker } from './fanout-ipc.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateToLatest(database.db);
const quiet = { error: console.error, warn: () => {}, info: () => {} };
const services = await createServices(config, database, quiet);
const app = Fastify(serverOptions(config));
await buildApp(app, { services });
await app.listen({ port: config.port, host: config.host });
await services.jobs.start();
const { db } = services;

/** How long better-auth makes a session last at sign-in (400 days). */
const SESSION_LIFETIME_MS = (await services.betterAuth.$context).sessionConfig.expiresIn * 1000;

/** Open around the clock, so any grid start inside the horizon is bookable. */
const ALL_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

/** Users with live sessions, written directly (hashing hundreds of passwords would measure scrypt). */
async function insertUsers(count: number, prefix: string) {
  const users = Array.from({ length: count }, () => ({
    id: randomUUID(),
    token: randomBytes(24).toString('hex'),
  }));
  const now = new Date();
  // As better-auth makes a session at sign-in: one expiring in a day would
  // read as issued 399 days ago, and every guest's first request would pay for its daily refresh.
  const expires = new Date(now.getTime() + SESSION_LIFETIME_MS);
  for (let start = 0; start < users.length; start += 250) {
    const batch = users.slice(start, start + 250);
    await db
      .insertInto('user')
      .values(
        batch.map((u, i) => ({
          id: u.id,
          name: `${prefix} ${start + i}`,
          email: `${prefix}-${u.id}@example.com`,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('profiles')
      .values(batch.map((u, i) => ({ id: u.id, first_name: prefix, last_name: String(start + i) })))
      .execute();
    await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
      select * from unnest(${batch.map(() => randomUUID())}::text[], ${batch.map((u) => u.token)}::text[],
        ${batch.map((u) => u.id)}::text[], ${batch.map(() => expires)}::timestamptz[],
        ${batch.map(() => now)}::timestamptz[], ${batch.map(() => now)}::timestamptz[])`.execute(db);
  }
  return users;
}

serveWorker(
  {
    /** A host with `bathrooms` published, open-all-day bathrooms in New York, and `guests` guests. */
    async seed({ guests, bathrooms }: { guests: number; bathrooms: number }) {
      const [host] = await insertUsers(1, 'Host');
      await db
        .updateTable('profiles')
        .set({ is_provider: true })
        .where('id', '=', (host as { id: string }).id)
        .execute();
      const bathroomIds: string[] = [];
      for (let i = 0; i < bathrooms; i++) {
        bathroomIds.push(
          await insertBathroom(db, {
            hostId: (host as { id: string }).id,
            latitude: 40.7128,
            longitude: -74.006,
            timezone: 'America/New_York',
            hours: ALL_DAY,
            priceCents: 1200,
            title: `Bench bathroom ${i + 1}`,
          }),
        );
      }
      return { guests: await insertUsers(guests, 'Guest'), bathroomIds };
    },

    /**
     * Unpaid holds with a checkout session each, written directly (in Stripe mode POST
     * /api/bookings would call api.stripe.com): one per guest, each in its own hour.
     */
    async seedHolds({
      bathroomId,
      guestIds,
      firstStart,
    }: {
      bathroomId: string;
      guestIds: string[];
      firstStart: string;
    }) {
      const start = new Date(firstStart).getTime();
      const hold = new Date(Date.now() + 60 * 60_000);
      const rows = guestIds.map((guestId, i) => ({
        bathroom_id: bathroomId,
        guest_id: guestId,
        status: 'pending_payment' as const,
        starts_at: new Date(start + i * 3_600_000),
        ends_at: new Date(start + i * 3_600_000 + 30 * 60_000),
        duration_minutes: 30,
        cleaning_buffer_minutes: 0,
        hourly_price_cents: 1200,
        price_cents: 600,
        hold_expires_at: hold,
        checkout_session_id: `cs_test_bench_${randomBytes(8).toString('hex')}`,
      }));
      const out: Array<{ id: string; checkout_session_id: string }> = [];
      for (let at = 0; at < rows.length; at += 250) {
        out.push(
          ...((await db
            .insertInto('bookings')
            .values(rows.slice(at, at + 250))
            .returning(['id', 'checkout_session_id'])
            .execute()) as Array<{ id: string; checkout_session_id: string }>),
        );
      }
      return out;
    },

    /** Pairs of live bookings of one bathroom whose blocked ranges overlap (must be 0). */
    async overlaps({ bathroomIds }: { bathroomIds: string[] }) {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from bookings a join bookings b
          on a.bathroom_id = b.bathroom_id and a.id < b.id and a.blocked && b.blocked
        where a.status in ('pending_payment', 'confirmed', 'checked_in')
          and b.status in ('pending_payment', 'confirmed', 'checked_in')
          and a.bathroom_id = any(${bathroomIds}::uuid[])`.execute(db);
      return Number(rows[0]?.count ?? -1);
    },

    /** Bookings by status for these bathrooms. */
    async statusCounts({ bathroomIds }: { bathroomIds: string[] }) {
      const rows = await db
        .selectFrom('bookings')
        .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
        .where('bathroom_id', 'in', bathroomIds)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
    },

    /** For the webhook check: per booking its status, confirmed_at and payment intent. */
    async bookingsState({ ids }: { ids: string[] }) {
      return db
        .selectFrom('bookings')
        .select(['id', 'status', 'payment_intent_id', 'amount_paid_cents'])
        .where('id', 'in', ids)
        .execute();
    },

    /** RESERVATION_CONFIRMED notifications per booking id in meta. */
    async confirmedNotices() {
      const { rows } = await sql<{ booking_id: string; count: string }>`
        select meta->>'booking_id' as booking_id, count(*) as count from notifications
        where notification_type = 'RESERVATION_CONFIRMED' group by 1`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.booking_id, Number(r.count)]));
    },

    async paymentEventCount() {
      const row = await db
        .selectFrom('payment_events')
        .select((eb) => eb.fn.countAll<string>().as('count'))
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
