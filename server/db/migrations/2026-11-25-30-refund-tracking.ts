import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Refunds as the provider sees them (ADR 091, "Refunds"). booking_refunds.status now carries the
// provider's word (pending until it says succeeded or failed), not whether our call went through;
// `round` counts the times the provider failed a refund for good and it was sent again under a
// new idempotency key; `admins_notified_at` makes ADMIN_REFUND_FAILED go out once per refund.
// bookings.amount_refund_settled_cents is the part of amount_refunded_cents (everything committed
// to the guest) that the provider has confirmed. test_refunds keeps the caller's reference, as
// Stripe keeps a refund's metadata.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table booking_refunds
      add column round integer not null default 0 check (round >= 0),
      add column admins_notified_at timestamptz`.execute(db);
  // Until now 'failed' meant our call had not gone through, and admins heard of it at once; such a
  // refund was never accepted by the provider, so it is pending, to be sent again with its key.
  await sql`
    update booking_refunds set admins_notified_at = updated_at
      where last_error is not null`.execute(db);
  await sql`update booking_refunds set status = 'pending' where status = 'failed'`.execute(db);
  // Events name the provider's refund; one of ours per provider refund.
  await sql`
    create unique index booking_refunds_provider_refund_idx on booking_refunds (provider_refund_id)
      where provider_refund_id is not null`.execute(db);
  await sql`
    alter table bookings
      add column amount_refund_settled_cents integer not null default 0`.execute(db);
  await sql`
    update bookings k set amount_refund_settled_cents = settled.total
      from (select booking_id, sum(amount_cents)::int as total from booking_refunds
            where status = 'succeeded' group by booking_id) settled
      where settled.booking_id = k.id`.execute(db);
  await sql`
    alter table bookings add constraint bookings_refund_settled_within_committed
      check (amount_refund_settled_cents >= 0 and amount_refund_settled_cents <= amount_refunded_cents)`.execute(
    db,
  );
  await sql`alter table test_refunds add column reference text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table test_refunds drop column reference`.execute(db);
  await sql`
    alter table bookings
      drop constraint bookings_refund_settled_within_committed,
      drop column amount_refund_settled_cents`.execute(db);
  await sql`drop index booking_refunds_provider_refund_idx`.execute(db);
  await sql`
    alter table booking_refunds
      drop column admins_notified_at,
      drop column round`.execute(db);
}
