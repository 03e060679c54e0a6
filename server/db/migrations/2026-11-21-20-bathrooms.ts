import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
export async function up(db: Kysely<unknown>): Promise<void> {
  // earthdistance (on cube) serves radius search through a GiST index; btree_gist lets the
  // booking issue's exclusion constraint mix equality (bathroom) with range overlap (time).
  await sql`create extension if not exists cube`.execute(db);
  await sql`create extension if not exists earthdistance`.execute(db);
  await sql`create extension if not exists btree_gist`.execute(db);

  await sql`
    create table bathrooms (
      id uuid primary key default gen_random_uuid(),
      host_id text not null references "user" ("id") on delete cascade,
      status text not null default 'draft' check (status in ('draft', 'published', 'unlisted')),
      title text not null check (char_length(title) between 3 and 80),
      description text not null default '' check (char_length(description) <= 5000),
      -- Spec §3 Location fields of the exact address; shown only to confirmed guests.
      location jsonb not null,
      latitude double precision not null check (latitude between -90 and 90),
      longitude double precision not null check (longitude between -180 and 180),
      -- The public point: the exact one moved up to about 0.3 mile, fixed when the address is set,
      -- so repeated searches cannot average it back out.
      public_latitude double precision not null check (public_latitude between -90 and 90),
      public_longitude double precision not null check (public_longitude between -180 and 180),
      city text not null default '',
      state_code text not null default '',
      country_code text not null default '',
      timezone text not null,
      hourly_price_cents integer not null check (hourly_price_cents between 100 and 20000),
      allowed_durations smallint[] not null default '{15,30,45,60,90,120}',
      cleaning_buffer_minutes smallint not null default 0 check (cleaning_buffer_minutes in (0, 5, 10, 15)),
      amenities text[] not null default '{}',
      accessibility text[] not null default '{}',
      house_rules text not null default '' check (char_length(house_rules) <= 2000),
      access_instructions text not null default '' check (char_length(access_instructions) <= 2000),
      rating_average numeric(2, 1),
      rating_count integer not null default 0,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`.execute(db);
  await sql`create index bathrooms_host_idx on bathrooms (host_id, created_at desc)`.execute(db);
  // Radius search over published bathrooms: earth_box(ll_to_earth(...), r) @> ll_to_earth(...).
  await sql`
    create index bathrooms_public_point_gist on bathrooms
      using gist (ll_to_earth(public_latitude, public_longitude))
      where status = 'published'`.execute(db);
  await sql`create index bathrooms_city_idx on bathrooms (country_code, state_code, lower(city)) where status = 'published'`.execute(
    db,
  );

  // Weekly opening hours in the bathroom's own zone; several ranges a day. ISO weekday, 1 = Monday.
  await sql`
    create table bathroom_opening_hours (
      bathroom_id uuid not null references bathrooms (id) on delete cascade,
      weekday smallint not null check (weekday between 1 and 7),
      opens time not null,
      closes time not null,
      check (opens < closes),
      primary key (bathroom_id, weekday, opens))`.execute(db);
  // Ranges of one day never overlap (a booking issue depends on it).
  await sql`
    alter table bathroom_opening_hours add constraint bathroom_opening_hours_no_overlap
      exclude using gist (bathroom_id with =, weekday with =, tsrange('2000-01-01'::date + opens, '2000-01-01'::date + closes) with &&)`.execute(
    db,
  );

  await sql`
    create table bathroom_photos (
      id uuid primary key default gen_random_uuid(),
      bathroom_id uuid not null references bathrooms (id) on delete cascade,
      position smallint not null check (position between 0 and 9),
      -- Storage keys from the image pipeline: 1x and 2x WebP.
      key_1x text not null,
      key_2x text not null,
      width integer not null,
      height integer not null,
      alt text not null default '' check (char_length(alt) <= 200),
      created_at timestamptz not null default now(),
      unique (bathroom_id, position) deferrable initially deferred)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bathroom_photos`.execute(db);
  await sql`drop table if exists bathroom_opening_hours`.execute(db);
  await sql`drop table if exists bathrooms`.execute(db);
}
