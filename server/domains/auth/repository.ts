import { sql } from 'kysely';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { Db } from '../../db/database.ts';

export async function insertProfile(db: Db, profile: { id: string; first_name: string; last_name: string }) {
  await db
    .insertInto('profiles')
    .values(profile)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findProfile(db: Db, id: string) {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
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

export async function countProfiles(db: Db): Promise<number> {
  const row = await db
    .selectFrom('profiles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordSignInFailure(db: Db, identifier: string, ip: string) {
  await db.insertInto('sign_in_failures').values({ identifier, ip }).execute();
}

export async function countRecentFailures(db: Db, by: { identifier: string } | { ip: string }, since: Date) {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('failed_at', '>', since)
    .$if('identifier' in by, (qb) => qb.where('identifier', '=', (by as { identifier: string }).identifier))
    .$if('ip' in by, (qb) => qb.where('ip', '=', (by as { ip: string }).ip))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function clearSignInFailures(db: Db, identifier: string) {
  await db.deleteFrom('sign_in_failures').where('identifier', '=', identifier).execute();
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
