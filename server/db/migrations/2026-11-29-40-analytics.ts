import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Admin analytics (ADR 138).
// - search_events: one row per search, anonymous by construction: an hour bucket (not the instant),
//   the centre rounded to two decimals (about 1 km) and stored as integer hundredths, how many
//   bathrooms it found and what kind of search it was. No user, session, IP or user agent column
//   exists, so none can be written by mistake.
// - analytics_daily*: per-UTC-day rollups of closed days, written by the analytics.rollup job; the
//   page adds today's live tail from the raw tables, so the charts never read a year of raw rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table search_events (
      searched_hour timestamptz not null check (date_trunc('hour', searched_hour) = searched_hour),
      lat_e2 integer not null check (lat_e2 between -9000 and 9000),
      lng_e2 integer not null check (lng_e2 between -18000 and 18000),
      result_count integer not null check (result_count >= 0),
      kind text not null check (kind in ('search', 'go_now'))
    )`.execute(db);
  await sql`create index search_events_hour_idx on search_events (searched_hour)`.execute(db);

  await sql`
    create table analytics_daily (
      day date primary key,
      bookings integer not null default 0,
      revenue_cents bigint not null default 0,
      commission_cents bigint not null default 0,
      cancellations integer not null default 0,
      refunds integer not null default 0,
      refunded_cents bigint not null default 0,
      searches integer not null default 0,
      empty_searches integer not null default 0,
      new_guests integer not null default 0,
      new_hosts integer not null default 0,
      rolled_up_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table analytics_daily_bathrooms (
      day date not null,
      bathroom_id uuid not null,
      bookings integer not null default 0,
      -- One bathroom's day fits an integer; sum(integer) adds in int8, several times faster than
      -- sum(bigint)'s numeric. The key carries the counts so a period reads the index alone.
      revenue_cents integer not null default 0,
      primary key (day, bathroom_id) include (bookings, revenue_cents)
    )`.execute(db);
  await sql`
    create table analytics_daily_hours (
      day date not null,
      weekday smallint not null check (weekday between 0 and 6),
      hour smallint not null check (hour between 0 and 23),
      bookings integer not null,
      primary key (day, weekday, hour)
    )`.execute(db);
  await sql`
    create table analytics_daily_empty_spots (
      day date not null,
      lat_e2 integer not null,
      lng_e2 integer not null,
      searches integer not null,
      primary key (day, lat_e2, lng_e2) include (searches)
    )`.execute(db);

  // The live tail and the rollup read these by time; bookings had no index on either column.
  await sql`create index bookings_confirmed_at_idx on bookings (confirmed_at) where confirmed_at is not null`.execute(
    db,
  );
  await sql`create index bookings_cancelled_at_idx on bookings (cancelled_at) where cancelled_at is not null`.execute(
    db,
  );
  await sql`create index ledger_entries_created_at_idx on ledger_entries (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_entries_created_at_idx`.execute(db);
  await sql`drop index bookings_cancelled_at_idx`.execute(db);
  await sql`drop index bookings_confirmed_at_idx`.execute(db);
  await sql`drop table analytics_daily_empty_spots`.execute(db);
  await sql`drop table analytics_daily_hours`.execute(db);
  await sql`drop table analytics_daily_bathrooms`.execute(db);
  await sql`drop table analytics_daily`.execute(db);
  await sql`drop table search_events`.execute(db);
}
