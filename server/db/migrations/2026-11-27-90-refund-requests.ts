import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Refund requests (ADR 126). A guest asks for part or all of what is left refundable of a booking;
// the host may add their side within 48 hours; an admin approves (in full or in part) or denies.
// - One open request per booking, whatever the concurrency: a partial unique index over the
//   statuses that are still being decided ('open', and 'failed': approved but the provider call
//   failed, kept for a retry).
// - An approval points at the booking_refunds row it committed (unique: one refund per request);
//   that row's idempotency key is what makes a retried or concurrent approval refund once.
// - host_earnings_reduction_cents is the host's share of the refund, kept for the payouts ledger.
// - processed_notified_at claims the USER/OWNER/ADMIN_REFUND_PROCESSED notices once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table refund_requests (
      id uuid primary key default gen_random_uuid(),
      booking_id uuid not null references bookings (id) on delete restrict,
      guest_id text not null references "user" ("id") on delete restrict,
      reason text not null check (reason in ('no_access', 'not_clean', 'not_as_described', 'host_cancelled', 'other')),
      description text not null check (char_length(description) between 1 and 2000),
      amount_cents integer not null check (amount_cents > 0),
      status text not null default 'open'
        check (status in ('open', 'approved', 'partially_approved', 'denied', 'failed')),
      host_response text check (char_length(host_response) between 1 and 2000),
      host_responded_at timestamptz,
      approved_cents integer check (approved_cents > 0 and approved_cents <= amount_cents),
      host_earnings_reduction_cents integer check (host_earnings_reduction_cents >= 0),
      denial_reason text check (char_length(denial_reason) between 1 and 1000),
      decided_by text references "user" ("id") on delete set null,
      decided_at timestamptz,
      booking_refund_id uuid unique references booking_refunds (id) on delete restrict,
      processed_notified_at timestamptz,
      appeal_message text check (char_length(appeal_message) between 1 and 2000),
      appealed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`.execute(db);
  await sql`
    create unique index refund_requests_one_open_idx on refund_requests (booking_id)
      where status in ('open', 'failed')`.execute(db);
  await sql`create index refund_requests_queue_idx on refund_requests (status, created_at desc)`.execute(db);
  await sql`create index refund_requests_booking_idx on refund_requests (booking_id, created_at)`.execute(db);
  await sql`
    create table refund_request_photos (
      id uuid primary key default gen_random_uuid(),
      request_id uuid not null references refund_requests (id) on delete cascade,
      position integer not null check (position between 0 and 2),
      url text not null,
      srcset text not null,
      created_at timestamptz not null default now(),
      unique (request_id, position))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table refund_request_photos`.execute(db);
  await sql`drop table refund_requests`.execute(db);
}
