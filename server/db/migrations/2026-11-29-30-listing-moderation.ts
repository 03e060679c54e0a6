import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Listing moderation (ADR 136). An admin's hold on a listing and its place on the home page live
// beside the bathroom, one row per bathroom that has either: a hold (hold_reason set) keeps the
// listing unlisted until an admin lifts it; featured_at puts a published listing in the home page's
// "Featured bathrooms". Guests' reports are their own table; at most one open report per reporter
// and listing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table bathroom_moderation (
      bathroom_id uuid primary key references bathrooms (id) on delete cascade,
      hold_reason text check (char_length(hold_reason) between 1 and 500),
      held_at timestamptz,
      held_by text references "user" ("id") on delete set null,
      featured_at timestamptz,
      featured_by text references "user" ("id") on delete set null,
      updated_at timestamptz not null default now(),
      check ((hold_reason is null) = (held_at is null))
    )`.execute(db);
  // The home page's one query: the newest featured first.
  await sql`
    create index bathroom_moderation_featured_idx on bathroom_moderation (featured_at desc)
      where featured_at is not null`.execute(db);

  await sql`
    create table bathroom_reports (
      id uuid primary key default gen_random_uuid(),
      bathroom_id uuid not null references bathrooms (id) on delete cascade,
      reporter_id text not null references "user" ("id") on delete cascade,
      reason text not null check (reason in ('inaccurate', 'unsafe', 'unclean', 'offensive', 'scam', 'other')),
      details text not null default '' check (char_length(details) <= 1000),
      status text not null default 'open' check (status in ('open', 'dismissed', 'actioned')),
      resolved_by text references "user" ("id") on delete set null,
      resolved_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index bathroom_reports_bathroom_idx on bathroom_reports (bathroom_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create unique index bathroom_reports_one_open_idx on bathroom_reports (bathroom_id, reporter_id)
      where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bathroom_reports`.execute(db);
  await sql`drop table if exists bathroom_moderation`.execute(db);
}
