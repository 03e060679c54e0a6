import {
  type EmailChangeInput,
  type PendingEmailChange,
  UNDO_LINK_MESSAGES,
} from '../../../common/schemas/email-change.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { deleteSessionsOf, findUserIdByEmail } from './account-admin-repository.ts';
import { runAuth } from './auth-outcome.ts';
import type { Viewer } from './auth-service.ts';
import { AUTH_LIFETIMES, accountHelpLinks, isPlaceholderEmail } from './better-auth.ts';
import { EMAIL_CHANGE_LANDING, hashLinkToken, maskEmail } from './email-change-hooks.ts';
import {
  cancelOpenEmailChanges,
  countEmailChangesSince,
  findAccountContact,
  findEmailChangeByUndoHash,
  findOpenEmailChange,
  insertEmailChange,
  markEmailChangeUndone,
  restoreAccountEmail,
} from './email-change-repository.ts';
import { RESET_PASSWORD_PAGE } from './password-reset.ts';
import { requireFreshProof } from './reauthentication.ts';

/**
 * Changing the account's email, or adding one to a phone account (ADR 145). The link goes to the
 * new address, and nothing changes until it is opened (email-change-hooks.ts); the old address is
 * then told, with a link that undoes the change and signs every device out.
 */

/** Requests one account may make an hour: each sends an email to an address of its choosing. */
export const EMAIL_CHANGES_PER_HOUR = 5;

const toPending = (row: { new_email: string; expires_at: Date }): PendingEmailChange => ({
  email: row.new_email,
  expiresAt: new Date(row.expires_at).toISOString(),
});

/** The new address waiting for its confirmation, if any. */
export async function pendingEmailChange(
  services: Pick<AppServices, 'db'>,
  viewer: Viewer,
): Promise<PendingEmailChange | null> {
  const row = await findOpenEmailChange(services.db, viewer.userId);
  return row ? toPending(row) : null;
}

/**
 * Starts a change: a fresh proof of identity first (ADR 144). The answer is the same whether or
 * not the new address has an account (ADR 105); its owner is told by email instead, and that
 * request can never be confirmed.
 */
export async function startEmailChange(
  services: AppServices,
  viewer: Viewer,
  input: EmailChangeInput,
  headers: Headers,
): Promise<PendingEmailChange> {
  await requireFreshProof(services, viewer);
  const { db } = services;
  const newEmail = input.email;
  if (viewer.email === newEmail) {
    throw new AppError('validation_error', 'That is already your email address.', [
      { field: 'email', message: 'That is already your email address.' },
    ]);
  }
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  if ((await countEmailChangesSince(db, viewer.userId, hourAgo)) >= EMAIL_CHANGES_PER_HOUR) {
    throw new AppError('rate_limited', 'You have asked for several changes this hour. Try again later.');
  }
  const account = await findAccountContact(db, viewer.userId);
  if (!account) throw new AppError('unauthenticated', 'Please sign in to continue.');
  const taken = Boolean(await findUserIdByEmail(db, newEmail));
  const change = await db.transaction().execute(async (trx) => {
    // A newer request replaces the last: only the newest link can work.
    await cancelOpenEmailChanges(trx, viewer.userId);
    return insertEmailChange(trx, {
      userId: viewer.userId,
      oldEmail: account.email,
      newEmail,
      expiresAt: new Date(Date.now() + AUTH_LIFETIMES.emailVerificationSeconds * 1000),
    });
  });
  if (taken) {
    await services.email.send({
      to: newEmail,
      template: 'email-change-taken',
      data: accountHelpLinks(services.config.appUrl),
    });
    return toPending(change);
  }
  // better-auth signs the link and calls our sendVerificationEmail, which sends it to the new address.
  const outcome = await runAuth(() =>
    services.betterAuth.api.changeEmail({
      body: { newEmail, callbackURL: EMAIL_CHANGE_LANDING },
      headers,
      asResponse: true,
    }),
  );
  if (!outcome.ok) {
    await cancelOpenEmailChanges(db, viewer.userId);
    throw new AppError(outcome.failure.code, outcome.failure.message);
  }
  return toPending(change);
}

/** Cancels the change waiting for its link: that link no longer works. */
export async function cancelEmailChange(services: Pick<AppServices, 'db'>, viewer: Viewer) {
  return { cancelled: (await cancelOpenEmailChanges(services.db, viewer.userId)) > 0 };
}

export type UndoLink =
  | { state: 'ready'; oldEmail: string | null; newEmail: string }
  | { state: 'used' | 'expired' | 'invalid' };

const refuseLink = (state: keyof typeof UNDO_LINK_MESSAGES) =>
  new AppError(
    state === 'used' ? 'link_used' : state === 'expired' ? 'link_expired' : 'link_invalid',
    UNDO_LINK_MESSAGES[state],
  );

/** What an undo link would do, without doing it: its page asks before it undoes anything. */
export async function inspectUndoLink(services: Pick<AppServices, 'db'>, token: string): Promise<UndoLink> {
  const row = token ? await findEmailChangeByUndoHash(services.db, hashLinkToken(token)) : undefined;
  if (!row) return { state: 'invalid' };
  if (row.undone_at) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return {
    state: 'ready',
    oldEmail: isPlaceholderEmail(row.old_email) ? null : row.old_email,
    newEmail: maskEmail(row.new_email),
  };
}

export type UndoOutcome = {
  /** The address back on the account; null for a phone account, which had none. */
  email: string | null;
  /** A password-reset link was sent to that address. */
  resetSent: boolean;
};

/**
 * Undoes a change from the old address's link: the old address back (verified: the link reached
 * it), every session of the account signed out (whoever changed it may hold one), any change still
 * waiting dropped, then a password-reset link to the old address. Used, expired or altered links
 * change nothing.
 */
export async function undoEmailChange(
  services: AppServices,
  token: string,
  headers: Headers,
): Promise<UndoOutcome> {
  const tokenHash = hashLinkToken(token);
  const change = await services.db.transaction().execute(async (trx) => {
    const row = await findEmailChangeByUndoHash(trx, tokenHash, { lock: true });
    if (!row) throw refuseLink('invalid');
    if (row.undone_at) throw refuseLink('used');
    if (row.expired) throw refuseLink('expired');
    const account = await findAccountContact(trx, row.user_id, { lock: true });
    if (!account || account.is_deleted) throw refuseLink('invalid');
    const holder = await findUserIdByEmail(trx, row.old_email);
    if (holder && holder !== row.user_id) {
      throw new AppError(
        'conflict',
        'That address now belongs to another Privy account, so we could not put it back. Contact us and we will help.',
      );
    }
    await restoreAccountEmail(trx, {
      userId: row.user_id,
      email: row.old_email,
      verified: !isPlaceholderEmail(row.old_email),
    });
    await cancelOpenEmailChanges(trx, row.user_id);
    await markEmailChangeUndone(trx, row.id);
    await deleteSessionsOf(trx, row.user_id);
    return row;
  });
  if (isPlaceholderEmail(change.old_email)) return { email: null, resetSent: false };
  const reset = await runAuth(() =>
    services.betterAuth.api.requestPasswordReset({
      body: { email: change.old_email, redirectTo: RESET_PASSWORD_PAGE },
      headers,
      asResponse: true,
    }),
  );
  if (!reset.ok)
    services.log.warn({ failure: reset.failure }, 'no password reset after an undone email change');
  return { email: change.old_email, resetSent: reset.ok };
}
