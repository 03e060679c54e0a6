/**
 * The parts of `npm run bench:payouts` (bench/payouts.ts): the database, the seed, a "Pay all"
 * child process, and the exactly-once checks.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config.ts';
import { type DatabaseHandle, type Db, openDatabase } from '../../server/db/database.ts';
import { insertBathroom } from '../../server/domains/availability/search-test-support.ts';
import { auditLedger, postCapture, postRelease } from '../../server/domains/payouts/ledger-service.ts';
import { createServices } from '../../server/services.ts';

const quiet = { error: console.error, warn: () => {}, info: () => {} };

export function configFor(url: string, dataDir: string) {
  return loadConfig({
    APP_ENV: 'production',
    DATABASE_URL: url,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    APP_URL: 'http://127.0.0.1:3999',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
}

/** A child: one "Pay all" with the app's own services; prints its summary as one JSON line. */
export async function payAllChild(url: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-bench-payouts-'));
  const config = configFor(url, dataDir);
  const database = await openDatabase(config.database);
  const services = await createServices(config, database, quiet);
  const started = performance.now();
  const { results: _results, ...summary } = await services.payouts.payAll(null);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify({ ...summary, ms })}\n`);
  await services.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

export type RunSummary = {
  paid_count: number;
  paid_cents: number;
  failed_count: number;
  pending_count: number;
  ms: number;
};
export type ChildResult = {
  name: string;
  code: number | null;
  signal: string | null;
  ms: number;
  summary: RunSummary | null;
};

export function startChild(script: string, name: string) {
  const started = performance.now();
  const proc = spawn(process.execPath, [script, '--child'], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const done = new Promise<ChildResult>((resolve) => {
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

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function runLine(r: ChildResult): string {
  const how = r.signal ? `killed (${r.signal})` : `exit ${r.code}`;
  const s = r.summary;
  const said = s
    ? `; its Pay all took ${s.ms} ms and reported ${s.paid_count} hosts paid (${dollars(s.paid_cents)}, counting those another run settled), failed ${s.failed_count}, pending ${s.pending_count}`
    : '';
  return `  run ${r.name}: ${how} after ${r.ms} ms${said}`;
}

/** Hosts linked to connected test accounts, each with one bathroom. */
export async function seedHosts(
  db: Db,
  count: number,
): Promise<{ guestId: string; hosts: { id: string; bathroomId: string }[] }> {
  const now = new Date();
  const guestId = randomUUID();
  const user = (id: string, name: string) => ({
    id,
    name,
    email: `${name.toLowerCase()}-${id}@example.com`,
    emailVerified: true,
    createdAt: now,
    updatedAt: now,
  });
  await db.insertInto('user').values(user(guestId, 'Guest')).execute();
  await db.insertInto('profiles').values({ id: guestId, first_name: 'Guest' }).execute();
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let start = 0; start < ids.length; start += 250) {
    const batch = ids.slice(start, start + 250);
    await db
      .insertInto('user')
      .values(batch.map((id) => user(id, 'Host')))
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
  const hosts: { id: string; bathroomId: string }[] = [];
  for (const id of ids) {
    hosts.push({
      id,
      bathroomId: await insertBathroom(db, { hostId: id, latitude: 30.27, longitude: -97.74, hours: [] }),
    });
  }
  return { guestId, hosts };
}

/**
 * Completed, paid bookings, captured and released through the ledger service as the app does:
 * `perHost(index)` each, odd amounts and three commission rates so half cents round both ways.
 */
export async function addPayableBookings(
  db: Db,
  seed: { guestId: string; hosts: { id: string; bathroomId: string }[] },
  round: number,
  perHost: (index: number) => number,
): Promise<number> {
  const rates = [1500, 1234, 2000];
  const now = Date.now();
  let next = 0;
  let made = 0;
  const lanes = Array.from({ length: 8 }, async () => {
    while (next < seed.hosts.length) {
      const index = next++;
      const host = seed.hosts[index] as { id: string; bathroomId: string };
      for (let n = 0; n < perHost(index); n++) {
        const paid = 100 + ((index * 7919 + n * 104_729 + round * 31) % 19_900);
        const endsAt = new Date(now - (round * 10 + n + 1) * 86_400_000);
        endsAt.setUTCSeconds(0, 0);
        const startsAt = new Date(endsAt.getTime() - 3_600_000);
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('bookings')
            .values({
              bathroom_id: host.bathroomId,
              guest_id: seed.guestId,
              status: 'completed',
              starts_at: startsAt,
              ends_at: endsAt,
              duration_minutes: 60,
              cleaning_buffer_minutes: 0,
              hourly_price_cents: paid,
              price_cents: paid,
              amount_paid_cents: paid,
              commission_bps: rates[(index + n + round) % rates.length] as number,
              confirmed_at: startsAt,
              completed_at: endsAt,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await postCapture(trx, row.id);
          await postRelease(trx, row.id);
        });
        made += 1;
      }
    }
  });
  await Promise.all(lanes);
  return made;
}

export async function payableTotal(db: Db): Promise<number> {
  const total = await sql<{ payable: string }>`
    select coalesce(-sum(amount_cents), 0) as payable from ledger_entries where account = 'host_payable'`.execute(
    db,
  );
  return Number(total.rows[0]?.payable);
}

export async function countPayouts(db: Db, status: string): Promise<number> {
  const row = await sql<{ n: string }>`select count(*) as n from payouts where status = ${status}`.execute(
    db,
  );
  return Number(row.rows[0]?.n);
}

export type Pending = { id: string; transfer: string | null };

/** Pending payouts, and the transfer the provider already holds for each (answer lost). */
export async function pendingNow(db: Db): Promise<Pending[]> {
  const result = await sql<Pending>`
    select p.id, t.id as transfer from payouts p
      left join test_transfers t on t.idempotency_key = 'payout:' || p.id
     where p.status = 'pending'`.execute(db);
  return result.rows;
}

/** Kills `run` with SIGKILL once `paidAtLeast` payouts are paid; returns what was pending then. */
export async function killWhenPaid(db: Db, run: ReturnType<typeof startChild>, paidAtLeast: number) {
  for (;;) {
    const paid = await countPayouts(db, 'paid');
    if (paid >= paidAtLeast || run.proc.exitCode !== null) {
      run.proc.kill('SIGKILL');
      return { paid, pending: await pendingNow(db) };
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Every host paid exactly `perHost` times, one transfer per payout keyed by it, the transfers
 * summing to what was payable, nothing left pending, payable or in transit, the ledger balanced,
 * and every payout the kill left pending settled paid with the transfer it already had.
 */
export async function checkExactlyOnce(
  database: DatabaseHandle,
  expected: { hosts: number; perHost: number; cents: number; pendingAtKill: Pending[] },
): Promise<{ ok: boolean; line: string }> {
  const n = (value: unknown) => Number(value);
  const { rows } = await sql<Record<string, string>>`
    select
      (select count(*) from payouts where status = 'paid') as paid,
      (select count(*) from (select host_id from payouts where status = 'paid' group by host_id having count(*) = ${expected.perHost}) t) as hosts_right,
      (select count(*) from payouts where status <> 'paid') as not_paid,
      (select count(*) from test_transfers) as transfers,
      (select coalesce(sum(amount_cents), 0) from test_transfers) as transfer_cents,
      (select count(*) from test_transfers t join payouts p on t.idempotency_key = 'payout:' || p.id
         and t.id = p.transfer_id and t.amount_cents = p.amount_cents and p.status = 'paid') as keyed,
      (select coalesce(-sum(amount_cents), 0) from ledger_entries where account = 'host_payable') as payable_left,
      (select coalesce(sum(amount_cents), 0) from ledger_entries where account = 'payout_in_transit') as in_transit,
      (select count(*) from payouts where attempts > 1) as asked_again`.execute(database.db);
  const row = rows[0] ?? {};
  const audit = await auditLedger(database.db);
  const after = expected.pendingAtKill.length
    ? await database.db
        .selectFrom('payouts')
        .select(['id', 'status', 'transfer_id'])
        .where(
          'id',
          'in',
          expected.pendingAtKill.map((payout) => payout.id),
        )
        .execute()
    : [];
  const settledOnce = expected.pendingAtKill.every((before) => {
    const now = after.find((payout) => payout.id === before.id);
    return now?.status === 'paid' && (before.transfer === null || now.transfer_id === before.transfer);
  });
  const total = expected.hosts * expected.perHost;
  const balanced = audit.unbalancedJournals.length + audit.unbalancedBookings.length === 0;
  const ok =
    n(row.paid) === total &&
    n(row.hosts_right) === expected.hosts &&
    n(row.not_paid) === 0 &&
    n(row.transfers) === total &&
    n(row.keyed) === total &&
    n(row.transfer_cents) === expected.cents &&
    n(row.payable_left) === 0 &&
    n(row.in_transit) === 0 &&
    settledOnce &&
    balanced;
  const line =
    `checks: ${row.paid} paid payouts, ${row.hosts_right} of ${expected.hosts} hosts paid exactly ${expected.perHost}×, ${row.not_paid} not paid; ` +
    `${row.transfers} transfers, ${row.keyed} keyed by their payout; sum of transfers ${dollars(n(row.transfer_cents))} vs payable ${dollars(expected.cents)} ` +
    `(${n(row.transfer_cents) === expected.cents ? 'equal to the cent' : 'DIFFERENT'}); payable left ${row.payable_left}, in transit ${row.in_transit}; ` +
    `payouts asked more than once ${row.asked_again}; ${expected.pendingAtKill.length} left pending by the kill (${expected.pendingAtKill.filter((p) => p.transfer).length} already transferred): ` +
    `${settledOnce ? 'each settled paid with the transfer it had' : 'NOT SETTLED ONCE'}; ledger audit ${balanced ? 'clean' : 'UNBALANCED'}`;
  return { ok, line };
}
