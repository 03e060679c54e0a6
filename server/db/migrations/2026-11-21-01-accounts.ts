import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports nothing from the app, so it means the same thing forever.
// The auth tables follow better-auth 1.7's schema (email+password, phone number, two-factor, admin,
// database rate limit), generated once with its getMigrations() and copied here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "user" (
      "id" text not null primary key, "name" text not null, "email" text not null unique,
      "emailVerified" boolean not null, "image" text,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz default current_timestamp not null,
      "phoneNumber" text unique, "phoneNumberVerified" boolean, "twoFactorEnabled" boolean,
      "role" text, "banned" boolean, "banReason" text, "banExpires" timestamptz)`.execute(db);
  await sql`
    create table "session" (
      "id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique,
      "createdAt" timestamptz default current_timestamp not null, "updatedAt" timestamptz not null,
      "ipAddress" text, "userAgent" text,
      "userId" text not null references "user" ("id") on delete cascade, "impersonatedBy" text)`.execute(db);
  await sql`
    create table "account" (
      "id" text not null primary key, "accountId" text not null, "providerId" text not null,
      "userId" text not null references "user" ("id") on delete cascade,
      "accessToken" text, "refreshToken" text, "idToken" text,
      "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text,
      "createdAt" timestamptz default current_timestamp not null, "updatedAt" timestamptz not null)`.execute(
    db,
  );
  await sql`
    create table "verification" (
      "id" text not null primary key, "identifier" text not null, "value" text not null,
      "expiresAt" timestamptz not null,
      "createdAt" timestamptz default current_timestamp not null,
      "updatedAt" timestamptz default current_timestamp not null)`.execute(db);
  await sql`
    create table "twoFactor" (
      "id" text not null primary key, "secret" text not null, "backupCodes" text not null,
      "userId" text not null references "user" ("id") on delete cascade,
      "verified" boolean, "failedVerificationCount" integer, "lockedUntil" timestamptz)`.execute(db);
  await sql`
    create table "rateLimit" (
      "id" text not null primary key, "key" text not null unique, "count" integer not null,
      "lastRequest" bigint not null)`.execute(db);
  await sql`create index "session_userId_idx" on "session" ("userId")`.execute(db);
  await sql`create index "account_userId_idx" on "account" ("userId")`.execute(db);
  await sql`create index "verification_identifier_idx" on "verification" ("identifier")`.execute(db);
  await sql`create index "twoFactor_secret_idx" on "twoFactor" ("secret")`.execute(db);
  await sql`create index "twoFactor_userId_idx" on "twoFactor" ("userId")`.execute(db);

  await sql`
    create table profiles (
      id text primary key references "user" ("id") on delete cascade,
      first_name text not null default '',
      last_name text not null default '',
      profile_picture_url text,
      is_provider boolean not null default false,
      is_stripe_connected boolean not null default false,
      stripe_connect_id text,
      is_admin boolean not null default false,
      is_deleted boolean not null default false,
      is_active boolean not null default true,
      locations jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`.execute(db);

  // Failed sign-ins, so throttling holds across server processes and restarts.
  await sql`
    create table sign_in_failures (
      id bigint generated always as identity primary key,
      identifier text not null,
      ip text not null,
      failed_at timestamptz not null default now())`.execute(db);
  await sql`create index sign_in_failures_identifier_idx on sign_in_failures (identifier, failed_at)`.execute(
    db,
  );
  await sql`create index sign_in_failures_ip_idx on sign_in_failures (ip, failed_at)`.execute(db);

  // Offline mail and SMS land here and are read at /dev/mailbox.
  await sql`
    create table outbox_messages (
      id uuid primary key default gen_random_uuid(),
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text not null,
      html text,
      text text not null,
      created_at timestamptz not null default now())`.execute(db);
  await sql`create index outbox_messages_created_idx on outbox_messages (created_at desc)`.execute(db);

  await sql`
    create table stored_images (
      id uuid primary key default gen_random_uuid(),
      owner_id text not null references "user" ("id") on delete cascade,
      purpose text not null,
      storage_key text not null unique,
      width integer not null,
      height integer not null,
      bytes integer not null,
      created_at timestamptz not null default now())`.execute(db);
  await sql`create index stored_images_owner_idx on stored_images (owner_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'stored_images',
    'outbox_messages',
    'sign_in_failures',
    'profiles',
    '"rateLimit"',
    '"twoFactor"',
    '"verification"',
    '"account"',
    '"session"',
    '"user"',
  ]) {
    await sql.raw(`drop table if exists ${table}`).execute(db);
  }
}
