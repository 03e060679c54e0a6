import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Sign-in throttling by account and address (ADR 105): the last time each address signed in to
// each account with the right password. An address the owner has used recently is not slowed by
// failures other addresses piled on the account. One row per (account, address); the identifier
// is the email lower-cased or the phone number in E.164, as in sign_in_failures.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sign_in_successes (
      identifier text not null,
      ip text not null,
      succeeded_at timestamptz not null default now(),
      primary key (identifier, ip))`.execute(db);
  // The pair a throttle check looks up first: failures of one account from one address.
  await sql`create index sign_in_failures_pair_idx on sign_in_failures (identifier, ip, failed_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sign_in_failures_pair_idx`.execute(db);
  await sql`drop table if exists sign_in_successes`.execute(db);
}
