import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notifications (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" ("id") on delete cascade,
      notification_type text not null,
      message text,
      created_at timestamptz not null default now(),
      viewed boolean not null default false,
      read boolean not null default false,
      meta jsonb not null default '{}'::jsonb,
      -- Transactional outbox for the email copy: 'none' (not wanted), 'pending', 'sending', 'sent'.
      email_state text not null default 'none' check (email_state in ('none', 'pending', 'sending', 'sent')),
      email_claimed_at timestamptz)`.execute(db);
  await sql`create index notifications_user_created_idx on notifications (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_user_unviewed_idx on notifications (user_id) where not viewed`.execute(
    db,
  );
  await sql`create index notifications_email_pending_idx on notifications (created_at) where email_state in ('pending', 'sending')`.execute(
    db,
  );

  await sql`
    alter table profiles
      add column email_preferences jsonb not null default '{}'::jsonb`.execute(db);

  await sql`
    create table provider_requests (
      id uuid primary key default gen_random_uuid(),
      user_id text not null references "user" ("id") on delete cascade,
      first_name text not null,
      last_name text not null,
      email text not null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'revoked')),
      decided_by text references "user" ("id") on delete set null,
      decided_at timestamptz,
      -- Set once all admins have been told (BECOME_PROVIDER_REQUEST), so they are told only once.
      announced_at timestamptz,
      created_at timestamptz not null default now())`.execute(db);
  // One open request per user; decided ones stay as history.
  await sql`create unique index provider_requests_one_open_idx on provider_requests (user_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index provider_requests_status_created_idx on provider_requests (status, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists provider_requests`.execute(db);
  await sql`alter table profiles drop column if exists email_preferences`.execute(db);
  await sql`drop table if exists notifications`.execute(db);
}
