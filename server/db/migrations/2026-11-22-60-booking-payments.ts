import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Bookings meet payments (ADR 090, "Payment"): the checkout session that pays a hold (one booking
// per session, so a completion event finds exactly one booking), the provider's payment intent
// (what a refund names) and what was actually paid, in integer cents.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      add column checkout_session_id text unique,
      add column payment_intent_id text,
      add column amount_paid_cents integer not null default 0 check (amount_paid_cents >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table bookings
      drop column amount_paid_cents,
      drop column payment_intent_id,
      drop column checkout_session_id`.execute(db);
}
