/**
 * Paying every host exactly once (ADR 129; docs/PERFORMANCE.md "Payouts"): 1,000 hosts with
 * payable balances on a fresh PostgreSQL database (privy_bench_payouts, dropped afterwards).
 * Each "Pay all" is its own process with the app's services as server/main.ts builds them and
 * the built-in test payment provider (bench/lib/payout-bench.ts).
 *
 * Round 1: two "Pay all" runs start together; one is killed with SIGKILL part way; when the
 * other has finished, a third resumes whatever is left. Round 2: every host earns once more; a
 * lone run is killed part way and a second run resumes it (no concurrent run to mask the kill).
 * After each round: every host paid exactly once more (one payout, one transfer keyed by it),
 * the transfers sum to the payable balances to the cent, nothing pending, payable or in transit,
 * the ledger's audit clean, and any payout the kill left pending settled with the transfer the
 * provider already held.
 *
 *   npm run bench:payouts [-- --hosts=1000]
 *
 * PostgreSQL only: runs in several processes need a database server (PGlite is one process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import {
  addPayableBookings,
  checkExactlyOnce,
  configFor,
  countPayouts,
  killWhenPaid,
  payAllChild,
  payableTotal,
  runLine,
  seedHosts,
  startChild,
} from './lib/payout-bench.ts';

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
const SCRIPT = import.meta.filename;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'privy-bench-payouts-'));
  const database = await openDatabase(configFor(DB_URL, dataDir).database);
  const { db } = database;
  let ok = true;
  try {
    await migrateToLatest(db);
    console.info(
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    let started = performance.now();
    const seed = await seedHosts(db, HOSTS);
    const bookings = await addPayableBookings(db, seed, 0, (index) => 1 + (index % 5));
    const first = await payableTotal(db);
    console.info(
      `round 1: seeded ${HOSTS} hosts, ${bookings} bookings, payable ${dollars(first)} in ${Math.round(performance.now() - started)} ms`,
    );

    started = performance.now();
    const a = startChild(SCRIPT, 'A (killed)');
    const b = startChild(SCRIPT, 'B');
    const kill1 = await killWhenPaid(db, a, Math.round(HOSTS * 0.35));
    const [ra, rb] = await Promise.all([a.done, b.done]);
    const left1 = await countPayouts(db, 'pending');
    const rc = await startChild(SCRIPT, 'C (resume)').done;
    console.info(
      `  two runs at once; A killed with SIGKILL at ${kill1.paid} hosts paid, ${kill1.pending.length} payouts pending then; ${left1} still pending when B had finished`,
    );
    for (const run of [ra, rb, rc]) console.info(runLine(run));
    const check1 = await checkExactlyOnce(database, {
      hosts: HOSTS,
      perHost: 1,
      cents: first,
      pendingAtKill: kill1.pending,
    });
    console.info(`  ${check1.line}`);
    console.info(
      `  round 1 wall time, runs' start to the resume's end: ${Math.round(performance.now() - started)} ms`,
    );
    ok &&= check1.ok;

    started = performance.now();
    const more = await addPayableBookings(db, seed, 1, () => 1);
    const second = await payableTotal(db);
    console.info(
      `round 2: ${more} more bookings, payable ${dollars(second)} in ${Math.round(performance.now() - started)} ms`,
    );
    started = performance.now();
    const d = startChild(SCRIPT, 'D (alone, killed)');
    const kill2 = await killWhenPaid(db, d, HOSTS + Math.round(HOSTS * 0.35));
    const rd = await d.done;
    const left2 = await countPayouts(db, 'pending');
    const re = await startChild(SCRIPT, 'E (resume)').done;
    console.info(
      `  D killed with SIGKILL at ${kill2.paid - HOSTS} of ${HOSTS} paid, ${kill2.pending.length} payouts pending then (${left2} after it died)`,
    );
    for (const run of [rd, re]) console.info(runLine(run));
    const check2 = await checkExactlyOnce(database, {
      hosts: HOSTS,
      perHost: 2,
      cents: first + second,
      pendingAtKill: kill2.pending,
    });
    console.info(`  ${check2.line}`);
    console.info(`  round 2 wall time, D's start to E's end: ${Math.round(performance.now() - started)} ms`);
    ok &&= check2.ok;
    console.info(ok ? `OK: ${HOSTS} hosts paid exactly once a round` : 'FAILED');
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.end();
  }
}

if (args.child) await payAllChild(DB_URL);
else await main();
