import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The dashboard greets a member "Welcome" on their first visit and "Welcome back" after (ADR 115):
// the first dashboard load claims this column. Members who existed before it count as welcomed
// already, since they have been here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table profiles add column welcomed_at timestamptz`.execute(db);
  await sql`update profiles set welcomed_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table profiles drop column if exists welcomed_at`.execute(db);
}
