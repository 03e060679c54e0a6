import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Bookings and blackouts (ADR 090). The database, not the app, guarantees that two live bookings
// of one bathroom never overlap: an exclusion constraint over (bathroom, time taken including the
// cleaning buffer), whatever the concurrency.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bookings (
      id uuid primary key default gen_random_uuid(),
      bathroom_id uuid not null references bathrooms (id) on delete restrict,
      guest_id text not null references "user" ("id") on delete restrict,
      status text not null default 'pending_payment' check (status in
        ('pending_payment', 'confirmed', 'checked_in', 'completed', 'cancelled', 'expired')),
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      duration_minutes smallint not null check (duration_minutes in (15, 30, 45, 60, 90, 120)),
      -- Copied from the bathroom when booked: a later change of buffer never moves a booking.
      cleaning_buffer_minutes smallint not null check (cleaning_buffer_minutes in (0, 5, 10, 15)),
      -- [starts_at, ends_at + buffer): the time the bathroom is taken. Kept by the trigger below:
      -- timestamptz + interval is only "stable", so it cannot be a generated column.
      blocked tstzrange not null,
      hourly_price_cents integer not null check (hourly_price_cents between 100 and 20000),
      price_cents integer not null check (price_cents >= 0),
      currency text not null default 'usd' check (currency = 'usd'),
      hold_expires_at timestamptz,
      confirmed_at timestamptz,
      checked_in_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      cancelled_by text references "user" ("id") on delete set null,
      cancellation_reason text check (char_length(cancellation_reason) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (extract(epoch from ends_at - starts_at) = duration_minutes * 60),
      check (price_cents = round(hourly_price_cents * duration_minutes / 60.0)),
      check (status <> 'pending_payment' or hold_expires_at is not null))`.execute(db);
  await sql`
    create function bookings_set_blocked() returns trigger
    language plpgsql as $$
    begin
      new.blocked := tstzrange(new.starts_at, new.ends_at + make_interval(mins => new.cleaning_buffer_minutes), '[)');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger bookings_blocked before insert or update of starts_at, ends_at, cleaning_buffer_minutes, blocked
      on bookings for each row execute function bookings_set_blocked()`.execute(db);
  // Live bookings hold their time; cancelled, expired and completed ones let it go (a completed
  // booking is in the past anyway). SQLSTATE 23P01 on a clash; the app answers 409.
  await sql`
    alter table bookings add constraint bookings_no_overlap
      exclude using gist (bathroom_id with =, blocked with &&)
      where (status in ('pending_payment', 'confirmed', 'checked_in'))`.execute(db);
  await sql`create index bookings_guest_idx on bookings (guest_id, starts_at desc)`.execute(db);
  await sql`create index bookings_bathroom_idx on bookings (bathroom_id, starts_at)`.execute(db);
  // The hold-expiry sweep looks for stale holds only.
  await sql`
    create index bookings_hold_expiry_idx on bookings (hold_expires_at)
      where status = 'pending_payment'`.execute(db);

  await sql`
    create table bathroom_blackouts (
      id uuid primary key default gen_random_uuid(),
      bathroom_id uuid not null references bathrooms (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      reason text not null default '' check (char_length(reason) <= 500),
      created_by text references "user" ("id") on delete set null,
      created_at timestamptz not null default now(),
      check (starts_at < ends_at),
      constraint bathroom_blackouts_no_overlap
        exclude using gist (bathroom_id with =, tstzrange(starts_at, ends_at, '[)') with &&))`.execute(db);

  // A search with a time slot now also asks for the bathroom's cleaning buffer (no live booking may
  // meet the slot plus its buffer): the radius index carries it, so the search stays index-only.
  await sql`drop index bathrooms_public_point_gist`.execute(db);
  await sql`
    create index bathrooms_public_point_gist on bathrooms
      using gist (point(public_longitude, public_latitude))
      include (id, public_latitude, public_longitude, timezone, allowed_durations, open_week_minutes,
               hourly_price_cents, rating_average, rating_count, cleaning_buffer_minutes)
      where status = 'published'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bathrooms_public_point_gist`.execute(db);
  await sql`
    create index bathrooms_public_point_gist on bathrooms
      using gist (point(public_longitude, public_latitude))
      include (id, public_latitude, public_longitude, timezone, allowed_durations, open_week_minutes,
               hourly_price_cents, rating_average, rating_count)
      where status = 'published'`.execute(db);
  await sql`drop table if exists bathroom_blackouts`.execute(db);
  await sql`drop table if exists bookings`.execute(db);
  await sql`drop function if exists bookings_set_blocked()`.execute(db);
}
