import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Private calendar feeds (ADR 095): at most one per bathroom. Only a SHA-256 hash of the secret
// token is kept, so a copy of the database cannot be used to read anyone's calendar; the URL is
// shown once, when the feed is created or rotated. Revoking deletes the row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bathroom_ical_feeds (
      bathroom_id uuid primary key references bathrooms (id) on delete cascade,
      token_hash text not null unique check (char_length(token_hash) = 64),
      created_by text references "user" ("id") on delete set null,
      created_at timestamptz not null default now(),
      last_fetched_at timestamptz)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bathroom_ical_feeds`.execute(db);
}
