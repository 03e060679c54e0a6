import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// /earnings (ADR 132) asks, on every view, for the newest ledger row of one host: the mark that
// says whether its cached read of that host is still true. (host_id, id) answers it from the
// index's last entry instead of a scan over every row of the host.
//
// Migrations run in one transaction: when the ledger's backfill ran in it, its journals' deferred
// balance checks are still pending, and PostgreSQL refuses an index on a table with pending
// trigger events. The checks run now (they pass: the backfill balances), then defer again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`set constraints ledger_journal_balanced immediate`.execute(db);
  await sql`create index ledger_entries_host_mark_idx on ledger_entries (host_id, id)`.execute(db);
  await sql`set constraints ledger_journal_balanced deferred`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_entries_host_mark_idx`.execute(db);
}
