import { sql, type Transaction } from 'kysely';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export async function insertProfile(
  db: Db,
  profile: { id: string; first_name: string; last_name: string; is_active?: boolean },
) {
  await db
    .insertInto('profiles')
    .values(profile)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findProfile(db: Db, id: string) {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Marks the member's first dashboard visit; true only for the one call that found it unmarked, so
 * two tabs opening at once greet "Welcome" once (ADR 115).
 */
export async function claimWelcome(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('profiles')
    .set({ welcomed_at: new Date() })
    .where('id', '=', id)
    .where('welcomed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

export type ProfileChanges = {
  first_name?: string;
  last_name?: string;
  profile_picture_url?: string | null;
  locations?: ProfileLocation[];
  is_admin?: boolean;
  is_provider?: boolean;
  is_active?: boolean;
  is_deleted?: boolean;
  stripe_connect_id?: string | null;
  is_stripe_connected?: boolean;
};

export async function updateProfile(db: Db, id: string, changes: ProfileChanges) {
  const { locations, ...rest } = changes;
  return db
    .updateTable('profiles')
    .set({
      ...rest,
      ...(locations ? { locations: JSON.stringify(locations) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Links a payout account if the profile still holds `replacing` (null: none linked), so two tabs
 * cannot both link one; returns the account linked afterwards.
 */
export async function linkStripeAccount(
  db: Db | Transaction<Database>,
  userId: string,
  accountId: string,
  replacing: string | null = null,
) {
  await db
    .updateTable('profiles')
    .set({ stripe_connect_id: accountId, is_stripe_connected: false, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('stripe_connect_id', replacing === null ? 'is' : '=', replacing)
    .execute();
  const row = await db
    .selectFrom('profiles')
    .select('stripe_connect_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.stripe_connect_id ?? null;
}

/** Records whether the payout account can be paid; returns the ids of the profiles that changed. */
export async function setStripeConnectedByAccount(
  db: Db | Transaction<Database>,
  accountId: string,
  connected: boolean,
): Promise<string[]> {
  const rows = await db
    .updateTable('profiles')
    .set({ is_stripe_connected: connected, updated_at: sql<Date>`now()` })
    .where('stripe_connect_id', '=', accountId)
    .where('is_stripe_connected', '!=', connected)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function countProfiles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findUserContact(db: Db, id: string) {
  return db
    .selectFrom('user')
    .select([
      'id',
      'email',
      'emailVerified',
      'phoneNumber',
      'phoneNumberVerified',
      'twoFactorEnabled',
      'createdAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets a phone number unless another account already has it; returns whether it was stored. */
export async function setUserPhoneNumber(db: Db, userId: string, phoneNumber: string): Promise<boolean> {
  const taken = await db
    .selectFrom('user')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirst();
  if (taken && taken.id !== userId) return false;
  await db
    .updateTable('user')
    .set({ phoneNumber, phoneNumberVerified: false })
    .where('id', '=', userId)
    .execute();
  return true;
}

export async function markEmailVerified(db: Db, userId: string) {
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', userId).execute();
}

// --- Sessions and one-time codes (accounts and sign-in flows; throttling: sign-in-throttle-repository.ts) ---

export async function findUserIdByPhone(db: Db, phoneNumber: string): Promise<string | null> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('phoneNumber', '=', phoneNumber)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A user's sessions that are still valid, newest first. Tokens stay on the server. */
export async function listActiveSessions(db: Db, userId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date())
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The token of one of this user's sessions (never another user's), for better-auth's revoke call. */
export async function findSessionToken(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('session')
    .select('token')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.token ?? null;
}

/**
 * When the pending one-time code stored under `identifier` (better-auth's verification table)
 * expires, or null. Its expiry is fixed when the code is sent, so it tells when that was.
 */
export async function pendingCodeExpiry(db: Db, identifier: string): Promise<Date | null> {
  const { rows } = await sql<{ expiresAt: Date | string }>`
    select "expiresAt" from "verification" where "identifier" = ${identifier}
    order by "expiresAt" desc limit 1`.execute(db);
  const value = rows[0]?.expiresAt;
  return value ? new Date(value) : null;
}

/** Sets (or clears) the picture under a row lock and returns the one it replaced. */
export async function replaceProfilePicture(db: Db, id: string, url: string | null): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('profiles')
      .select('profile_picture_url')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .updateTable('profiles')
      .set({ profile_picture_url: url, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    return current?.profile_picture_url ?? null;
  });
}

export async function findActiveAdminIds(db: Db | Transaction<Database>) {
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('is_admin', '=', true)
    .where('is_deleted', '=', false)
    .execute();
  return rows.map((row) => row.id);
}

export async function findContacts(db: Db | Transaction<Database>, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .select([
      'profiles.id',
      'profiles.first_name',
      'profiles.email_preferences',
      'user.email',
      'user.emailVerified',
    ])
    .where('profiles.id', 'in', userIds)
    .execute();
}

export async function saveEmailPreferences(db: Db, userId: string, preferences: Record<string, boolean>) {
  await db
    .updateTable('profiles')
    .set({ email_preferences: JSON.stringify(preferences), updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

/** Every way the user signs in: better-auth's `account` rows (credential = a password). */
export async function listSignInAccounts(db: Db, userId: string) {
  return db
    .selectFrom('account')
    .select(['id', 'providerId', 'accountId', 'createdAt', 'idToken'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** When the session was signed in, and its last re-authentication with its failed tries (ADR 144). */
export async function findSessionProof(db: Db, sessionId: string) {
  return db
    .selectFrom('session')
    .leftJoin('session_proofs', 'session_proofs.session_id', 'session.id')
    .select([
      'session.createdAt as signedInAt',
      'session_proofs.proved_at as provedAt',
      'session_proofs.level as level',
      'session_proofs.failures as failures',
      'session_proofs.first_failure_at as firstFailureAt',
    ])
    .where('session.id', '=', sessionId)
    .executeTakeFirst();
}

export async function recordSessionProof(db: Db, sessionId: string, level: 1 | 2) {
  await db
    .insertInto('session_proofs')
    .values({
      session_id: sessionId,
      proved_at: sql<Date>`now()`,
      level,
      failures: 0,
      first_failure_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('session_id')
        .doUpdateSet({ proved_at: sql<Date>`now()`, level, failures: 0, first_failure_at: null }),
    )
    .execute();
}

/** Counts a failed proof; a window older than `windowSeconds` starts again from this one. */
export async function recordFailedProof(db: Db, sessionId: string, windowSeconds: number) {
  const fresh = sql<boolean>`session_proofs.first_failure_at > now() - make_interval(secs => ${windowSeconds})`;
  await db
    .insertInto('session_proofs')
    .values({ session_id: sessionId, failures: 1, first_failure_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({
        failures: sql<number>`case when ${fresh} then session_proofs.failures + 1 else 1 end`,
        first_failure_at: sql<Date>`case when ${fresh} then session_proofs.first_failure_at else now() end`,
      }),
    )
    .execute();
}
