import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// The life of a booking after payment (ADR 090, "Cancellations and refunds", "Reminders"): what was
// refunded, each refund as it goes to the provider (retried until it succeeds), and when each
// reminder went out, so the minute sweep sends every one exactly once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      add column amount_refunded_cents integer not null default 0,
      add column upcoming_notified_at timestamptz,
      add column one_hour_notified_at timestamptz,
      add column review_requested_at timestamptz,
      add column review_reminded_at timestamptz,
      add constraint bookings_refund_within_payment
        check (amount_refunded_cents >= 0 and amount_refunded_cents <= amount_paid_cents)`.execute(db);
  await sql`
    create table booking_refunds (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null references bookings (id) on delete restrict,
      amount_cents integer not null check (amount_cents > 0),
      reason text not null check (char_length(reason) between 1 and 100),
      -- The provider sees this key on every attempt, so a retry never refunds twice.
      idempotency_key text not null unique,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      provider_refund_id text,
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`.execute(db);
  await sql`create index booking_refunds_booking_idx on booking_refunds (booking_id)`.execute(db);
  await sql`
    create index booking_refunds_unsettled_idx on booking_refunds (created_at)
      where status <> 'succeeded'`.execute(db);
  // The minute sweep looks for live bookings by start and end.
  await sql`
    create index bookings_live_starts_idx on bookings (starts_at)
      where status in ('confirmed', 'checked_in')`.execute(db);
  await sql`
    create index bookings_review_due_idx on bookings (completed_at)
      where status = 'completed' and review_reminded_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bookings_review_due_idx`.execute(db);
  await sql`drop index bookings_live_starts_idx`.execute(db);
  await sql`drop table booking_refunds`.execute(db);
  await sql`
    alter table bookings
      drop constraint bookings_refund_within_payment,
      drop column review_reminded_at,
      drop column review_requested_at,
      drop column one_hour_notified_at,
      drop column upcoming_notified_at,
      drop column amount_refunded_cents`.execute(db);
}
