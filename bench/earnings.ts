/**
 * /earnings for a host with 10,000 bookings (ADR 132; docs/PERFORMANCE.md "Earnings"). Goal:
 * p99 < 100 ms at 20 requests/s.
 *
 * Seeds one host straight into a fresh database (five bathrooms, 10,000 paid bookings: 9,800
 * completed and payable, 200 still to come and pending, 100 refunded in part, 10 payouts of 100
 * bookings each), each booking's money posted on the ledger as the app posts it, and a live session.
 * Then starts the built server on that database as `npm start` does and sends the host's signed-in
 * GET /earnings (the whole server render: loader, totals, chart, a page of bookings, payouts) at a
 * fixed 20 requests/s for 30 s (open loop, after a 5 s warm-up), then GET /api/earnings and the CSV
 * of all 10,000 for context.
 *
 *   npm run bench:earnings              embedded PGlite (the default database)
 *   npm run bench:earnings -- postgres  PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { insertBathroom } from '../server/domains/availability/search-test-support.ts';
import { insertJournal } from '../server/domains/payouts/ledger-repository.ts';
import {
  auditLedger,
  hostLedgerTotals,
  postRefund,
  postSettledBookings,
} from '../server/domains/payouts/ledger-service.ts';
import { sessionCookie } from './lib/booking-run.ts';
import { openLoop } from './lib/http-load.ts';
import { machine, percentile, ROOT, spawnPrivy, waitFor200 } from './lib/server.ts';

const BOOKINGS = 10_000;
const UPCOMING = 200;
const BATHROOMS = 5;
const RATE = 20;
const DURATION_MS = 30_000;
const WARMUP_MS = 5_000;
const GOAL_P99_MS = 100;
const HOUR = 3_600_000;

const mode = process.argv[2] ?? 'pglite';
if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
  console.error('The web app is not built: run `npm run build` first (npm run bench:earnings does).');
  process.exit(1);
}
console.info(`bench:earnings (${mode}); ${machine()}`);

const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-earnings-bench-'));
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'privy_bench_earnings';
let databaseUrl: string | undefined;
if (mode === 'postgres') {
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  databaseUrl = pgUrl.replace(/\/[^/]*$/, `/${dbName}`);
} else if (mode !== 'pglite') {
  throw new Error(`unknown mode ${mode}: use pglite or postgres`);
}

/** The host, their guests' bookings and the ledger, written before the server opens the database. */
async function seed(): Promise<{ token: string; hostId: string }> {
  const started = performance.now();
  const database = await openDatabase(
    databaseUrl
      ? { kind: 'postgres', url: databaseUrl }
      : { kind: 'pglite', dataPath: path.join(dataDir, 'pglite') },
  );
  const { db } = database;
  try {
    await migrateToLatest(db);
    const now = new Date();
    const hostId = randomUUID();
    const guestId = randomUUID();
    for (const [id, name] of [
      [hostId, 'Bench Host'],
      [guestId, 'Bench Guest'],
    ] as const) {
      await db
        .insertInto('user')
        .values({ id, name, email: `${id}@example.com`, emailVerified: true, createdAt: now, updatedAt: now })
        .execute();
      await db
        .insertInto('profiles')
        .values({ id, first_name: name.split(' ')[0] as string, last_name: name.split(' ')[1] as string })
        .execute();
    }
    await db
      .updateTable('profiles')
      .set({ is_provider: true, is_stripe_connected: true, stripe_connect_id: 'acct_bench' })
      .where('id', '=', hostId)
      .execute();
    const token = randomBytes(24).toString('hex');
    await db
      .insertInto('session')
      .values({
        id: randomUUID(),
        token,
        userId: hostId,
        expiresAt: new Date(now.getTime() + 400 * 24 * HOUR),
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const bathroomIds: string[] = [];
    for (let index = 0; index < BATHROOMS; index++) {
      bathroomIds.push(
        await insertBathroom(db, {
          hostId,
          latitude: 40.7128,
          longitude: -74.006,
          timezone: 'America/New_York',
          title: `Bench bathroom ${index + 1}`,
        }),
      );
    }
    // One booking an hour per bathroom going back from two hours ago (completed), and the
    // upcoming ones an hour apart from the next hour on (confirmed).
    const hourNow = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
    await sql`
      insert into bookings (bathroom_id, guest_id, status, starts_at, ends_at, duration_minutes,
                            cleaning_buffer_minutes, hourly_price_cents, price_cents, amount_paid_cents,
                            confirmed_at, completed_at, created_at)
      select (${bathroomIds}::uuid[])[1 + i % ${BATHROOMS}], ${guestId}, s.status, s.starts_at,
             s.starts_at + interval '1 hour', 60, 0, s.price, s.price, s.price,
             s.starts_at - interval '1 day', case when s.status = 'completed' then s.starts_at + interval '1 hour' end,
             s.starts_at - interval '1 day'
        from generate_series(0, ${BOOKINGS - 1}) as i
       cross join lateral (select case when i < ${UPCOMING} then 'confirmed' else 'completed' end as status,
                                  case when i < ${UPCOMING}
                                       then ${hourNow}::timestamptz + (1 + i / ${BATHROOMS}) * interval '1 hour'
                                       else ${hourNow}::timestamptz - (2 + (i - ${UPCOMING}) / ${BATHROOMS}) * interval '1 hour'
                                  end as starts_at,
                                  800 + (i % 7) * 200 as price) s`.execute(db);
    const bookings = await db
      .selectFrom('bookings')
      .select(['id', 'status', 'amount_paid_cents'])
      .orderBy('starts_at', 'desc')
      .execute();
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < bookings.length; start += 1000) {
        await postSettledBookings(
          trx,
          bookings.slice(start, start + 1000).map((booking) => booking.id),
        );
      }
    });
    // A hundred completed bookings refunded a third each, as a refund request's approval would.
    const completed = bookings.filter((booking) => booking.status === 'completed');
    await db.transaction().execute(async (trx) => {
      for (const booking of completed.slice(0, 100)) {
        const amount = Math.round(booking.amount_paid_cents / 3);
        const refund = await trx
          .insertInto('booking_refunds')
          .values({
            booking_id: booking.id,
            amount_cents: amount,
            reason: 'bench',
            idempotency_key: randomUUID(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('bookings')
          .set({ amount_refunded_cents: amount })
          .where('id', '=', booking.id)
          .execute();
        await postRefund(trx, refund.id);
      }
    });
    // Ten paid payouts of the oldest thousand, with the journals the payouts service posts.
    const oldest = completed.slice(-1000);
    for (let index = 0; index < 10; index++) {
      const lines = oldest.slice(index * 100, index * 100 + 100);
      await db.transaction().execute(async (trx) => {
        const entries = await trx
          .selectFrom('ledger_entries')
          .select(['booking_id', sql<string>`-sum(amount_cents)`.as('payable')])
          .where(
            'booking_id',
            'in',
            lines.map((line) => line.id),
          )
          .where('account', '=', 'host_payable')
          .groupBy('booking_id')
          .execute();
        const total = entries.reduce((sum, entry) => sum + Number(entry.payable), 0);
        const sentAt = new Date(now.getTime() - (10 - index) * 7 * 24 * HOUR);
        const payout = await trx
          .insertInto('payouts')
          .values({
            host_id: hostId,
            amount_cents: total,
            destination_account_id: 'acct_bench',
            status: 'paid',
            transfer_id: `tr_bench_${index}`,
            created_at: sentAt,
            sent_at: sentAt,
            updated_at: sentAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('payout_bookings')
          .values(
            entries.map((entry) => ({
              payout_id: payout.id,
              booking_id: entry.booking_id as string,
              amount_cents: Number(entry.payable),
            })),
          )
          .execute();
        const base = { hostId, payoutId: payout.id };
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:start`,
          kind: 'payout_start',
          entries: [
            { account: 'host_payable', amountCents: total },
            { account: 'payout_in_transit', amountCents: -total },
          ],
        });
        await insertJournal(trx, {
          ...base,
          key: `payout:${payout.id}:paid`,
          kind: 'payout_paid',
          entries: [
            { account: 'payout_in_transit', amountCents: total },
            { account: 'cash', amountCents: -total },
          ],
        });
      });
    }
    const audit = await auditLedger(db);
    if (audit.unbalancedBookings.length || audit.unbalancedJournals.length)
      throw new Error('ledger unbalanced');
    const totals = await hostLedgerTotals(db, hostId);
    const rows = await sql<{ n: string }>`select count(*) as n from ledger_entries`.execute(db);
    const fmt = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    console.info(
      `  seeded ${bookings.length} bookings, ${rows.rows[0]?.n} ledger entries in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `pending ${fmt(totals.pendingCents)}, payable ${fmt(totals.payableCents)}, paid ${fmt(totals.paidCents)}, refunded ${fmt(totals.refundedCents)}`,
    );
    return { token, hostId };
  } finally {
    await database.close();
  }
}

const { token } = await seed();
const privy = await spawnPrivy({
  dataDir,
  env: {
    AUTH_SECRET: secret,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
});
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
try {
  await waitFor200(`${privy.baseUrl}/healthz`, 120_000, privy.child);
  const headers = { cookie: sessionCookie(secret, token) };
  const page = new URL('/earnings', privy.baseUrl);
  const first = await fetch(page, { headers });
  const html = await first.text();
  // A render of the error page or the "become a host" card would be cheaper: check it is the real one.
  if (
    first.status !== 200 ||
    !html.includes('data-testid="earnings-bookings"') ||
    !html.includes('1–25 of 10,000')
  ) {
    throw new Error(`GET /earnings answered ${first.status} without the host's 10,000 bookings`);
  }
  const measure = async (url: URL, label: string, durationMs = DURATION_MS) => {
    await openLoop({ url, ratePerSecond: RATE, durationMs: WARMUP_MS, headers });
    const run = await openLoop({ url, ratePerSecond: RATE, durationMs, headers });
    const latencies = run.samples.map((sample) => sample.latencyMs).sort((a, b) => a - b);
    const errors = run.samples.filter((sample) => !sample.ok).length + run.dropped;
    const p99 = percentile(latencies, 99);
    return {
      p99,
      line:
        `${label} at ${RATE} req/s for ${durationMs / 1000} s: ${run.samples.length} requests, ` +
        `p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, p99 ${fmt(p99)}, ` +
        `max ${fmt(latencies.at(-1) ?? Number.NaN)}, errors ${errors}`,
    };
  };
  const pageRun = await measure(page, 'GET /earnings');
  console.info(`  page ${(html.length / 1024).toFixed(0)} KiB`);
  const api = await measure(new URL('/api/earnings', privy.baseUrl), 'GET /api/earnings', 10_000);
  console.info(`  ${api.line}`);
  const csvStarted = performance.now();
  const csv = await fetch(new URL('/api/earnings.csv', privy.baseUrl), { headers });
  const csvBody = await csv.text();
  console.info(
    `  GET /api/earnings.csv: ${csvBody.trim().split('\r\n').length - 1} lines, ${(csvBody.length / 1024).toFixed(0)} KiB in ${fmt(performance.now() - csvStarted)}`,
  );
  console.info(
    `RESULT bench:earnings (${mode}) ${pageRun.line} (goal p99 < ${GOAL_P99_MS} ms: ${pageRun.p99 < GOAL_P99_MS ? 'met' : 'MISSED'})`,
  );
} catch (error) {
  console.error(privy.output());
  throw error;
} finally {
  await privy.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (mode === 'postgres') {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
