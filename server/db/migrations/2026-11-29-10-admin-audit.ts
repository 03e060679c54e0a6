import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The admin audit log (ADR 133): one row per admin action, written in the same transaction as the
// action, so an action that rolls back leaves no entry and an entry always names a real change.
// Rows are never updated or deleted (a trigger refuses both). actor_id has no foreign key: the log
// outlives whatever happens to the account that acted; null means the system (the weekly payout run).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_audit_log (
      id uuid primary key default gen_random_uuid(),
      -- The order entries were written in: timestamps tie within a millisecond on PGlite.
      seq bigint generated always as identity unique,
      actor_id text,
      action text not null check (action ~ '^[a-z_]+\\.[a-z_]+$'),
      target_type text not null check (char_length(target_type) between 1 and 40),
      target_id text not null check (char_length(target_id) between 1 and 200),
      summary text not null check (char_length(summary) between 1 and 500),
      reason text check (char_length(reason) <= 1000),
      before jsonb,
      after jsonb,
      created_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  // The list newest first (the unique seq), by action; a target's history (a user's page); an admin's own.
  await sql`create index admin_audit_log_action_idx on admin_audit_log (action, seq desc)`.execute(db);
  await sql`
    create index admin_audit_log_target_idx on admin_audit_log (target_type, target_id, seq desc)`.execute(
    db,
  );
  await sql`create index admin_audit_log_actor_idx on admin_audit_log (actor_id, seq desc)`.execute(db);
  await sql`
    create function admin_audit_log_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'admin_audit_log rows are immutable' using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`
    create trigger admin_audit_log_no_change before update or delete on admin_audit_log
      for each row execute function admin_audit_log_immutable()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table admin_audit_log`.execute(db);
  await sql`drop function admin_audit_log_immutable()`.execute(db);
}
