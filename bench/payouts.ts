/**
 * Paying every host exactly once (ADR 129; docs/PERFORMANCE.md "Payouts"): 1,000 hosts with
 * payable balances on a fresh PostgreSQL database (privy_bench_payouts, dropped afterwards).
 * Two "Pay all" runs start at the same moment, each its own process (the app's services as
 * server/main.ts builds them, with the built-in test payment provider); one is killed with
 * SIGKILL part way through; when the other has finished, a third run resumes what was left.
 * Then the checks: every host paid exactly once (one paid payout, one transfer), the sum of the
 * transfers equals the sum of the payable balances to the cent, nothing pending or in transit,
 * no payable balance left, and the ledger's audit clean.
 *
 *   npm run bench:payouts [-- --hosts=1000 --kill-after=350]
 *
 * PostgreSQL only: two processes paying at once need a database server (PGlite is one process).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { insertBathroom } from '../server/domains/availability/search-test-support.ts';
import { auditLedger, postCapture, postRelease } from '../server/domains/payouts/ledger-service.ts';
import { createServices } from '../server/services.ts';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.startsWith('--'))
    .map((arg) => {
      const [key, value] = arg.slice(2).split('=');
      return [key, value ?? 'true'];
    }),
);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'privy_bench_payouts';
const DB_URL = PG_URL.replace(/\/[^/]*$/, `/${DB_NAME}`);
const HOSTS = Number(args.hosts ?? 1000);
const KILL_AFTER = Number(args['kill-after'] ?? Math.round(HOSTS * 0.35));
const quiet = { error: console.error, warn: () => {}, info: () => {} };

function configFor(dataDir: string) {
  return loadConfig({
    APP_ENV: 'production',
    DATABASE_URL: DB_URL,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    APP_URL: 'http://127.0.0.1:3999',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
}

/** A child: one "Pay all" with the app's own services; prints its summary as one JSON line. */
async function child(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-bench-payouts-'));
  const config = configFor(dataDir);
  const database = await openDatabase(config.database);
  const services = await createServices(config, database, quiet);
  const started = performance.now();
  const run = await services.payouts.payAll(null);
  const ms = Math.round(performance.now() - started);
  const { results: _results, ...summary } = run;
  process.stdout.write(`${JSON.stringify({ ...summary, ms })}\n`);
  await services.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Hosts linked to connected test accounts, each with 1–5 bookings over, captured and released. */
async function seed(database: DatabaseHandle) {
  const { db } = database;
  const now = new Date();
  const guestId = randomUUID();
  await db
    .insertInto('user')
    .values({
      id: guestId,
      name: 'Guest',
      email: `guest-${guestId}@example.com`,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db.insertInto('profiles').values({ id: guestId, first_name: 'Guest' }).execute();
  const hosts = Array.from({ length: HOSTS }, () => randomUUID());
  for (let start = 0; start < hosts.length; start += 250) {
    const batch = hosts.slice(start, start + 250);
    await db
      .insertInto('user')
      .values(
        batch.map((id) => ({
          id,
          name: 'Host',
          email: `host-${id}@example.com`,
          emailVerified: true,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    await db
      .insertInto('profiles')
      .values(
        batch.map((id, i) => ({
          id,
          first_name: 'Host',
          last_name: String(start + i),
          is_provider: true,
          stripe_connect_id: `acct_test_${id}`,
          is_stripe_connected: true,
        })),
      )
      .execute();
    await db
      .insertInto('test_connect_accounts')
      .values(
        batch.map((id) => ({
          id: `acct_test_${id}`,
          user_id: id,
          email: null,
          details_submitted: true,
          charges_enabled: true,
          payouts_enabled: true,
        })),
      )
      .execute();
  }
  // Odd amounts and three commission rates, so half cents round both ways.
  const rates = [1500, 1234, 2000];
  let bookings = 0;
  let lane = 0;
  const lanes = Array.from({ length: 8 }, async () => {
    while (lane < hosts.length) {
      const index = lane++;
      const hostId = hosts[index] as string;
      const bathroomId = await insertBathroom(db, {
        hostId,
        latitude: 30.27,
        longitude: -97.74,
        hours: [],
      });
      const count = 1 + (index % 5);
      for (let n = 0; n < count; n++) {
        const paid = 100 + ((index * 7919 + n * 104_729) % 19_900);
        const endsAt = new Date(now.getTime() - (n + 1) * 86_400_000);
        endsAt.setUTCSeconds(0, 0);
        const startsAt = new Date(endsAt.getTime() - 3_600_000);
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('bookings')
            .values({
              bathroom_id: bathroomId,
              guest_id: guestId,
              status: 'completed',
              starts_at: startsAt,
              ends_at: endsAt,
              duration_minutes: 60,
              cleaning_buffer_minutes: 0,
              hourly_price_cents: paid,
              price_cents: paid,
              amount_paid_cents: paid,
              commission_bps: rates[(index + n) % rates.length] as number,
              confirmed_at: startsAt,
              completed_at: endsAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await postCapture(trx, row.id);
          await postRelease(trx, row.id);
        });
        bookings += 1;
      }
    }
  });
  await Promise.all(lanes);
  const total = await sql<{ payable: string }>`
    select coalesce(-sum(amount_cents), 0) as payable from ledger_entries where account = 'host_payable'`.execute(
    db,
  );
  return { bookings, payableCents: Number(total.rows[0]?.payable) };
}

type RunSummary = {
  paid_count: number;
  paid_cents: number;
  failed_count: number;
  pending_count: number;
  ms: number;
};

function startChild(name: string) {
  const started = performance.now();
  const proc = spawn(process.execPath, [import.meta.filename, '--child'], {
    env: { ...process.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const done = new Promise<{
    name: string;
    code: number | null;
    signal: string | null;
    ms: number;
    summary: RunSummary | null;
  }>((resolve) => {
    proc.on('exit', (code, signal) => {
      const line = out.trim().split('\n').at(-1);
      resolve({
        name,
        code,
        signal,
        ms: Math.round(performance.now() - started),
        summary: line ? (JSON.parse(line) as RunSummary) : null,
      });
    });
  });
  return { proc, done };
}

async function count(db: DatabaseHandle['db'], status: string): Promise<number> {
  const row = await sql<{ n: string }>`select count(*) as n from payouts where status = ${status}`.execute(
    db,
  );
  return Number(row.rows[0]?.n);
}

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-bench-payouts-'));
  const database = await openDatabase(configFor(dataDir).database);
  try {
    await migrateToLatest(database.db);
    const seedStart = performance.now();
    const seeded = await seed(database);
    console.info(
      `seeded ${HOSTS} hosts, ${seeded.bookings} bookings, payable $${(seeded.payableCents / 100).toFixed(2)} in ${Math.round(performance.now() - seedStart)} ms`,
    );
    console.info(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    );

    const wall = performance.now();
    const a = startChild('A (killed)');
    const b = startChild('B');
    // Kill A once the two runs together have paid KILL_AFTER hosts.
    let killedAt = -1;
    let pendingAtKill: { id: string; transfer: string | null }[] = [];
    while (killedAt < 0) {
      const paid = await count(database.db, 'paid');
      if (paid >= KILL_AFTER || a.proc.exitCode !== null) {
        a.proc.kill('SIGKILL');
        killedAt = paid;
        pendingAtKill = await sql<{ id: string; transfer: string | null }>`
          select p.id, t.id as transfer from payouts p
            left join test_transfers t on t.idempotency_key = 'payout:' || p.id
           where p.status = 'pending'`
          .execute(database.db)
          .then((result) => result.rows);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const [ra, rb] = await Promise.all([a.done, b.done]);
    const pendingLeft = await count(database.db, 'pending');
    const paidBeforeResume = await count(database.db, 'paid');
    const c = startChild('C (resume)');
    const rc = await c.done;
    const wallMs = Math.round(performance.now() - wall);

    const checks = await sql<{
      paid_payouts: string;
      hosts_paid: string;
      hosts_paid_twice: string;
      not_paid: string;
      transfers: string;
      transfer_accounts: string;
      transfer_cents: string;
      keys_matching: string;
      payable_left: string;
      in_transit_left: string;
      attempts_over_one: string;
    }>`
      select
        (select count(*) from payouts where status = 'paid') as paid_payouts,
        (select count(distinct host_id) from payouts where status = 'paid') as hosts_paid,
        (select count(*) from (select host_id from payouts where status = 'paid' group by host_id having count(*) > 1) t) as hosts_paid_twice,
        (select count(*) from payouts where status <> 'paid') as not_paid,
        (select count(*) from test_transfers) as transfers,
        (select count(distinct account_id) from test_transfers) as transfer_accounts,
        (select coalesce(sum(amount_cents), 0) from test_transfers) as transfer_cents,
        (select count(*) from test_transfers t join payouts p on t.idempotency_key = 'payout:' || p.id
           and t.id = p.transfer_id and t.amount_cents = p.amount_cents and p.status = 'paid') as keys_matching,
        (select coalesce(-sum(amount_cents), 0) from ledger_entries where account = 'host_payable') as payable_left,
        (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'payout_in_transit') as in_transit_left,
        (select count(*) from payouts where attempts > 1) as attempts_over_one`.execute(database.db);
    const row = checks.rows[0];
    if (!row) throw new Error('no check row');
    const audit = await auditLedger(database.db);
    // The payouts the kill left pending: each must end paid, with the transfer made before the
    // kill when there was one (its answer lost with the process), never a second one.
    const afterKill = pendingAtKill.length
      ? await database.db
          .selectFrom('payouts')
          .select(['id', 'status', 'transfer_id'])
          .where(
            'id',
            'in',
            pendingAtKill.map((payout) => payout.id),
          )
          .execute()
      : [];
    const settledOnce = pendingAtKill.every((before) => {
      const after = afterKill.find((payout) => payout.id === before.id);
      return after?.status === 'paid' && (before.transfer === null || after.transfer_id === before.transfer);
    });
    const lostAnswers = pendingAtKill.filter((payout) => payout.transfer !== null).length;
    const n = (value: string) => Number(value);
    const ok =
      n(row.paid_payouts) === HOSTS &&
      n(row.hosts_paid) === HOSTS &&
      n(row.hosts_paid_twice) === 0 &&
      n(row.not_paid) === 0 &&
      n(row.transfers) === HOSTS &&
      n(row.transfer_accounts) === HOSTS &&
      n(row.transfer_cents) === seeded.payableCents &&
      n(row.keys_matching) === HOSTS &&
      n(row.payable_left) === 0 &&
      n(row.in_transit_left) === 0 &&
      settledOnce &&
      audit.unbalancedJournals.length === 0 &&
      audit.unbalancedBookings.length === 0;
    const runLine = (r: Awaited<typeof ra>) =>
      `  run ${r.name}: ${r.signal ? `killed (${r.signal})` : `exit ${r.code}`} after ${r.ms} ms${r.summary ? `; its Pay all took ${r.summary.ms} ms: paid ${r.summary.paid_count} ($${(r.summary.paid_cents / 100).toFixed(2)}), failed ${r.summary.failed_count}, pending ${r.summary.pending_count}` : ''}`;
    console.info(
      `two concurrent "Pay all" runs; A killed with SIGKILL when ${killedAt} hosts were paid; ${pendingAtKill.length} payouts pending then, ${lostAnswers} of them already transferred (answer lost): ${settledOnce ? 'all settled paid with that same transfer' : 'NOT SETTLED ONCE'}`,
    );
    console.info(runLine(ra));
    console.info(runLine(rb));
    console.info(
      `  after A died and B finished: ${paidBeforeResume} paid, ${pendingLeft} pending (resumed by C)`,
    );
    console.info(runLine(rc));
    console.info(
      `checks: paid payouts ${row.paid_payouts}, hosts paid ${row.hosts_paid}, paid twice ${row.hosts_paid_twice}, not paid ${row.not_paid}; transfers ${row.transfers} to ${row.transfer_accounts} accounts, keyed by their payout ${row.keys_matching}; sum of transfers $${(n(row.transfer_cents) / 100).toFixed(2)} vs payable $${(seeded.payableCents / 100).toFixed(2)} (${n(row.transfer_cents) === seeded.payableCents ? 'equal to the cent' : 'DIFFERENT'}); payable left ${row.payable_left}, in transit ${row.in_transit_left}; payouts asked more than once ${row.attempts_over_one}; ledger audit ${audit.unbalancedJournals.length + audit.unbalancedBookings.length === 0 ? 'clean' : 'UNBALANCED'}`,
    );
    console.info(
      `${ok ? 'OK' : 'FAILED'}: ${HOSTS} hosts paid exactly once; wall time from the two runs' start to the resume's end ${wallMs} ms`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

if (args.child) await child();
else await main();
