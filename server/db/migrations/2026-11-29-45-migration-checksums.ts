import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Kysely's migration table stores names only (ADR 139). This keeps the sha256 of each migration
// file's source as it was when the migration ran ('applied') or, for one applied before this table
// existed, when the database-setup page first saw it ('first_seen'), so the page can tell an
// edited migration from the one that ran.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table migration_checksums (
      name text primary key,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      recorded_when text not null check (recorded_when in ('applied', 'first_seen')),
      recorded_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table migration_checksums`.execute(db);
}
