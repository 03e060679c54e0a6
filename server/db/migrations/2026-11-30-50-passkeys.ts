import { type Kysely, sql } from 'kysely';

// Frozen: imports nothing from the app.
//
// Passkeys (ADR 146): better-auth's passkey plugin (@better-auth/passkey 1.7) stores one row per
// WebAuthn credential, with the plugin's own quoted camelCase column names. The public key is
// base64; the counter guards against cloned authenticators; a user's passkeys go with the user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table "passkey" (
      "id" text not null primary key, "name" text, "publicKey" text not null,
      "userId" text not null references "user" ("id") on delete cascade,
      "credentialID" text not null, "counter" integer not null, "deviceType" text not null,
      "backedUp" boolean not null, "transports" text, "createdAt" timestamptz, "aaguid" text)`.execute(db);
  await sql`create index "passkey_userId_idx" on "passkey" ("userId")`.execute(db);
  await sql`create index "passkey_credentialID_idx" on "passkey" ("credentialID")`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists "passkey"`.execute(db);
}
