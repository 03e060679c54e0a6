import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Request budgets shared by every server process (ADR 111): one row per budget key (a route and a
// caller), its hits in the current window and when the window ends. Expired rows are reused by the
// next hit or pruned by a job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key text primary key,
      hits integer not null check (hits > 0),
      resets_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limits_resets_at_idx on rate_limits (resets_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
