import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Payments (ADR 091). payment_events remembers every provider event id once, so a replayed
// webhook has no second effect. The test_* tables are the built-in test provider's own state
// (what Stripe keeps on its side): its checkout sessions, Connect accounts, refunds and transfers,
// with the idempotency keys unique as Stripe enforces them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payment_events (
      id text primary key,
      provider text not null check (provider in ('stripe', 'test')),
      type text not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table test_checkout_sessions (
      id text primary key,
      reference text not null,
      amount_cents integer not null check (amount_cents > 0),
      currency text not null check (currency = lower(currency) and length(currency) = 3),
      description text not null,
      customer_email text,
      success_url text not null,
      cancel_url text not null,
      status text not null default 'open' check (status in ('open', 'complete', 'expired')),
      payment_intent_id text unique,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz
    )`.execute(db);
  await sql`create index test_checkout_sessions_open_expiry on test_checkout_sessions (expires_at)
    where status = 'open'`.execute(db);
  await sql`
    create table test_connect_accounts (
      id text primary key,
      user_id text not null unique,
      email text,
      details_submitted boolean not null default false,
      charges_enabled boolean not null default false,
      payouts_enabled boolean not null default false,
      refresh_url text,
      return_url text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table test_refunds (
      id text primary key,
      idempotency_key text not null unique,
      payment_intent_id text not null,
      amount_cents integer not null check (amount_cents > 0),
      status text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table test_transfers (
      id text primary key,
      idempotency_key text not null unique,
      account_id text not null,
      amount_cents integer not null check (amount_cents > 0),
      reference text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'test_transfers',
    'test_refunds',
    'test_connect_accounts',
    'test_checkout_sessions',
    'payment_events',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
