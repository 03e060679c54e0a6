import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** The SQL behind email changes and their undo (email-change.ts, ADR 145). */

type Executor = Db | Transaction<Database>;

export async function findAccountContact(db: Executor, userId: string, options: { lock?: boolean } = {}) {
  return db
    .selectFrom('user')
    .innerJoin('profiles', 'profiles.id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.emailVerified',
      'user.phoneNumber',
      'user.phoneNumberVerified',
      'profiles.is_deleted',
    ])
    .where('user.id', '=', userId)
    .$if(Boolean(options.lock), (qb) => qb.forUpdate(['user']))
    .executeTakeFirst();
}

/** Requests this account made since `since`, for the per-hour budget. */
export async function countEmailChangesSince(db: Executor, userId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('email_changes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('requested_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Cancels the account's changes still waiting for their link; how many there were. */
export async function cancelOpenEmailChanges(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .updateTable('email_changes')
    .set({ cancelled_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

export async function insertEmailChange(
  db: Executor,
  change: { userId: string; oldEmail: string; newEmail: string; expiresAt: Date },
) {
  return db
    .insertInto('email_changes')
    .values({
      user_id: change.userId,
      old_email: change.oldEmail,
      new_email: change.newEmail,
      expires_at: change.expiresAt,
    })
    .returning(['id', 'new_email', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** The account's newest change still waiting for its link (not confirmed, cancelled or expired). */
export async function findOpenEmailChange(db: Executor, userId: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Records the hash of the link better-auth signed for this open change; false when none is open. */
export async function attachConfirmToken(
  db: Executor,
  input: { userId: string; newEmail: string; tokenHash: string },
): Promise<boolean> {
  const row = await db
    .updateTable('email_changes')
    .set({ confirm_token_hash: input.tokenHash })
    .where('user_id', '=', input.userId)
    .where('new_email', '=', input.newEmail)
    .where('confirm_token_hash', 'is', null)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Uses up the confirmation link: only one request can, and only while the change is open. Returns
 * the change it confirmed, or nothing.
 */
export async function claimEmailChange(db: Executor, input: { tokenHash: string; newEmail: string }) {
  return db
    .updateTable('email_changes')
    .set({ confirmed_at: sql<Date>`now()` })
    .where('confirm_token_hash', '=', input.tokenHash)
    .where('new_email', '=', input.newEmail)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'user_id', 'old_email', 'new_email'])
    .executeTakeFirst();
}

export async function findEmailChangeByConfirmHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'old_email', 'new_email', 'confirmed_at', 'cancelled_at', 'expires_at'])
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .select('undo_token_hash')
    .where('confirm_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function setUndoToken(
  db: Executor,
  input: { id: string; tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('email_changes')
    .set({ undo_token_hash: input.tokenHash, undo_expires_at: input.expiresAt })
    .where('id', '=', input.id)
    .where('undo_token_hash', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/** The confirmed change an undo link belongs to; locked for the undo's transaction when asked. */
export async function findEmailChangeByUndoHash(
  db: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'old_email', 'new_email', 'undo_expires_at', 'undone_at'])
    .select(sql<boolean>`undo_expires_at <= now()`.as('expired'))
    .where('undo_token_hash', '=', tokenHash)
    .$if(Boolean(options.lock), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function markEmailChangeUndone(db: Executor, id: string) {
  await db.updateTable('email_changes').set({ undone_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Puts an address back on the account, in better-auth's columns. */
export async function restoreAccountEmail(
  db: Executor,
  input: { userId: string; email: string; verified: boolean },
) {
  await db
    .updateTable('user')
    .set({ email: input.email, emailVerified: input.verified, updatedAt: new Date() })
    .where('id', '=', input.userId)
    .execute();
}
