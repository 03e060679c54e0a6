import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** The SQL behind the admin console's account functions (account-admin.ts, ADR 134). */

type Executor = Db | Transaction<Database>;

export async function findAccountForAdmin(db: Executor, id: string, options: { lock?: boolean } = {}) {
  return db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.id')
    .select([
      'profiles.id',
      'profiles.first_name',
      'profiles.last_name',
      'profiles.profile_picture_url',
      'profiles.is_provider',
      'profiles.is_admin',
      'profiles.is_active',
      'profiles.is_deleted',
      'profiles.created_at',
      'user.email',
      'user.emailVerified',
      'user.phoneNumber',
      'user.phoneNumberVerified',
      'user.twoFactorEnabled',
    ])
    .where('profiles.id', '=', id)
    .$if(Boolean(options.lock), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<string | null> {
  const row = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

export async function selectLiveSessions(db: Executor, userId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'createdAt', 'updatedAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', new Date())
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every session of the account, live or not; returns how many there were. */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<number> {
  const rows = await db.deleteFrom('session').where('userId', '=', userId).returning('id').execute();
  return rows.length;
}

export async function findTwoFactorRow(db: Executor, userId: string) {
  return db
    .selectFrom('twoFactor')
    .select(['id', 'verified'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Removes the authenticator app and turns the second factor off, as disableTwoFactor does. */
export async function deleteTwoFactor(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await db.updateTable('user').set({ twoFactorEnabled: false }).where('id', '=', userId).execute();
}

export async function markPhoneUnverified(db: Executor, userId: string): Promise<void> {
  await db.updateTable('user').set({ phoneNumberVerified: false }).where('id', '=', userId).execute();
}

export async function updateRoles(
  db: Executor,
  userId: string,
  roles: { is_admin?: boolean; is_provider?: boolean },
) {
  return db
    .updateTable('profiles')
    .set({ ...roles, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .returning(['id', 'is_admin', 'is_provider'])
    .executeTakeFirst();
}

export async function updateStatusFlags(
  db: Executor,
  userId: string,
  flags: { is_active?: boolean; is_deleted?: boolean },
) {
  return db
    .updateTable('profiles')
    .set({ ...flags, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .returning(['id', 'is_active', 'is_deleted'])
    .executeTakeFirst();
}

/**
 * A soft delete (ADR 134): the address and number go back to the pool, the password stops working,
 * the profile is marked deleted. Bookings, reviews and money records keep pointing at the id.
 */
export async function releaseAccount(db: Executor, userId: string, placeholderEmail: string) {
  await db
    .updateTable('user')
    .set({
      email: placeholderEmail,
      emailVerified: false,
      phoneNumber: null,
      phoneNumberVerified: false,
      twoFactorEnabled: false,
      updatedAt: new Date(),
    })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('account').where('userId', '=', userId).execute();
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await db
    .updateTable('profiles')
    .set({ is_deleted: true, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export async function insertInvitedAccount(
  db: Executor,
  account: {
    id: string;
    credentialId: string;
    email: string;
    first_name: string;
    last_name: string;
    passwordHash: string;
    is_provider: boolean;
  },
) {
  const now = new Date();
  const name = [account.first_name, account.last_name].filter(Boolean).join(' ');
  await db
    .insertInto('user')
    .values({
      id: account.id,
      name,
      email: account.email,
      emailVerified: false,
      image: null,
      createdAt: now,
      updatedAt: now,
      phoneNumber: null,
      phoneNumberVerified: null,
      twoFactorEnabled: false,
      role: null,
      banned: null,
      banReason: null,
      banExpires: null,
    })
    .execute();
  await db
    .insertInto('account')
    .values({
      id: account.credentialId,
      accountId: account.id,
      providerId: 'credential',
      userId: account.id,
      password: account.passwordHash,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      id: account.id,
      first_name: account.first_name,
      last_name: account.last_name,
      is_provider: account.is_provider,
    })
    .execute();
}

/** A row in better-auth's verification table, in the shape its own endpoints write (plain identifier). */
export async function insertVerification(
  db: Executor,
  row: { id: string; identifier: string; value: string; expiresAt: Date },
) {
  const now = new Date();
  await db
    .insertInto('verification')
    .values({ ...row, createdAt: now, updatedAt: now })
    .execute();
}

/** Sign-ins by password for these identifiers (email, phone): successes per address, and failures. */
export async function selectSignInHistory(db: Executor, identifiers: string[], limit: number) {
  if (!identifiers.length) return [];
  const { rows } = await sql<{ outcome: 'success' | 'failure'; identifier: string; ip: string; at: Date }>`
    (select 'success' as outcome, identifier, ip, succeeded_at as at from sign_in_successes
      where identifier in (${sql.join(identifiers)}))
    union all
    (select 'failure' as outcome, identifier, ip, failed_at as at from sign_in_failures
      where identifier in (${sql.join(identifiers)}))
    order by at desc
    limit ${limit}`.execute(db);
  return rows;
}
