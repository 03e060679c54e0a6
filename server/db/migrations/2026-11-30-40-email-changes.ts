import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// An email change (ADR 145), from the request to its undo. better-auth signs the link sent to the
// new address; its hash is kept here so the link works once, only while this change is still the
// account's newest, and never again after an undo. Once the change lands, the old address gets a
// notice with an undo link whose hash is kept here too: single-use, for 7 days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table email_changes (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" (id) on delete cascade,
      old_email text not null,
      new_email text not null,
      confirm_token_hash text unique,
      requested_at timestamptz not null default now(),
      expires_at timestamptz not null,
      confirmed_at timestamptz,
      cancelled_at timestamptz,
      undo_token_hash text unique,
      undo_expires_at timestamptz,
      undone_at timestamptz
    )`.execute(db);
  await sql`create index email_changes_user_idx on email_changes (user_id, requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_changes`.execute(db);
}
