import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The dev mailbox lists newest first. Two messages sent back to back can share a created_at (the
// embedded database's clock ticks coarsely), so a sequence gives the exact order they were written.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_messages add column seq bigint generated always as identity`.execute(db);
  await sql`drop index outbox_messages_created_idx`.execute(db);
  await sql`create index outbox_messages_seq_idx on outbox_messages (seq desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index outbox_messages_seq_idx`.execute(db);
  await sql`alter table outbox_messages drop column seq`.execute(db);
  await sql`create index outbox_messages_created_idx on outbox_messages (created_at desc)`.execute(db);
}
