import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Request budgets are counted on every rate-limited request, each count its own commit. An
// unlogged table writes no WAL, so that commit does not wait for a disk flush; after a crash the
// table comes back empty, which only gives everyone a fresh budget (docs/PERFORMANCE.md, Chat).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table rate_limits set logged`.execute(db);
}
