import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Sensitive account changes need a proof of identity from the last 10 minutes (ADR 144): a sign-in
// is one (the session's createdAt), a re-authentication on a signed-in session is another, kept
// here with its level (1 = password, 2 = a second factor). Failed proofs are counted per session so
// a stolen session cannot guess a password or code for ever.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table session_proofs (
      session_id text primary key references "session" (id) on delete cascade,
      proved_at timestamptz,
      level smallint not null default 1 check (level in (1, 2)),
      failures integer not null default 0,
      first_failure_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists session_proofs`.execute(db);
}
