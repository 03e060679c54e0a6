import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The /admin dashboard's live figures (ADR 133): bookings confirmed since midnight, and the
// platform's money this week (captures, refunds, commission). Each is a range over its time,
// answered from a small partial index instead of a scan of every booking or ledger row.
//
// As in 2026-11-28-30: when the ledger's backfill ran in this migrator transaction its deferred
// balance checks are pending, and PostgreSQL refuses an index on that table until they have run.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index bookings_confirmed_at_idx on bookings (confirmed_at)
      where confirmed_at is not null`.execute(db);
  await sql`set constraints ledger_journal_balanced immediate`.execute(db);
  await sql`
    create index ledger_entries_platform_idx on ledger_entries (created_at)
      include (kind, account, amount_cents)
      where account in ('cash', 'commission')`.execute(db);
  await sql`set constraints ledger_journal_balanced deferred`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists ledger_entries_platform_idx`.execute(db);
  await sql`drop index if exists bookings_confirmed_at_idx`.execute(db);
}
