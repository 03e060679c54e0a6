import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Text messages cost money and reach strangers' phones, so each number and each client address
// may ask for only a few an hour (ADR 142). One row per text sent, or withheld from a number no
// account uses (counted alike, so the limit tells nobody which numbers have accounts). Counted in
// the database so the limit holds across server processes; rows older than the window only wait
// for the prune job.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sms_sends (
      id bigint generated always as identity primary key,
      recipient text not null,
      client text,
      sent_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index sms_sends_recipient_idx on sms_sends (recipient, sent_at)`.execute(db);
  await sql`create index sms_sends_client_idx on sms_sends (client, sent_at) where client is not null`.execute(
    db,
  );
  await sql`create index sms_sends_sent_at_idx on sms_sends (sent_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sms_sends`.execute(db);
}
