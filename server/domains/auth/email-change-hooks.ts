import { createHash, randomBytes } from 'node:crypto';
import type { BetterAuthOptions, User } from 'better-auth';
import type { Db } from '../../db/database.ts';
import type { EmailService } from '../email/email-service.ts';
import { findUserIdByEmail } from './account-admin-repository.ts';
import { isPlaceholderEmail } from './better-auth.ts';
import {
  attachConfirmToken,
  cancelOpenEmailChanges,
  claimEmailChange,
  findEmailChangeByConfirmHash,
  setUndoToken,
} from './email-change-repository.ts';

/**
 * How an email change rides on better-auth's own (ADR 145): better-auth signs the link to the new
 * address and, when it is opened, writes the new email. These hooks add what it lacks: the link
 * works once and only for the account's newest request (its hash is on the request's row), the
 * confirmed address counts as verified, and the old address is told, with a link to undo.
 */

/** Where better-auth's confirmation link lands, with `&error=<code>` when nothing changed. */
export const EMAIL_CHANGE_LANDING = '/profile?email=changed';
/** The page the old address's undo link opens; it asks before it undoes anything. */
export const UNDO_EMAIL_CHANGE_PAGE = '/undo-email-change';
export const UNDO_LINK_DAYS = 7;

/** Links are kept as hashes, so a copy of the table opens nothing. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** "n…@e….com": enough for the owner to recognise, little for anyone else reading the notice. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local.slice(0, 1)}…@${host.slice(0, 1)}…${tld}`;
}

type UserUpdateHooks = NonNullable<
  NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['user']>['update']
>;
/** The better-auth endpoint a database write happens in, when it happens in one. */
type EndpointContext = Parameters<NonNullable<UserUpdateHooks['before']>>[1];

type Log = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

export type EmailChangeHookDeps = {
  db: Db;
  email: EmailService;
  appUrl: string;
  /** How long better-auth's confirmation link works. */
  confirmSeconds: number;
  log?: Log | undefined;
};

function tokenOf(context: EndpointContext): string | null {
  if (context?.path !== '/verify-email') return null;
  const token = (context.query as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? token : null;
}

/** Why a confirmation link changed nothing, as the landing page's `error` code. */
async function refusalFor(db: Db, tokenHash: string, newEmail: string): Promise<string> {
  const row = await findEmailChangeByConfirmHash(db, tokenHash);
  if (!row || row.new_email !== newEmail) return 'link_invalid';
  if (row.confirmed_at) return 'link_used';
  if (row.cancelled_at) return 'link_cancelled';
  if (row.expired) return 'link_expired';
  return 'link_invalid';
}

export function createEmailChangeHooks(deps: EmailChangeHookDeps) {
  const { db } = deps;

  /**
   * better-auth's sendVerificationEmail, for an email change: the user it names carries the new
   * address. True when it was one (its link recorded and sent here); false for a plain verification.
   */
  async function sendConfirmation(input: { user: User; url: string; token: string }): Promise<boolean> {
    const recorded = await attachConfirmToken(db, {
      userId: input.user.id,
      newEmail: input.user.email.toLowerCase(),
      tokenHash: hashLinkToken(input.token),
    });
    if (!recorded) return false;
    await deps.email.send({
      to: input.user.email,
      template: 'email-change-confirm',
      data: { name: input.user.name, url: input.url, hours: Math.round(deps.confirmSeconds / 3600) },
    });
    return true;
  }

  /** Before better-auth writes the new email: use up the link, or send the person back saying why. */
  async function beforeUserUpdate(data: Partial<User> & Record<string, unknown>, context: EndpointContext) {
    const token = tokenOf(context);
    if (!token || !context || typeof data.email !== 'string') return;
    const newEmail = data.email.toLowerCase();
    const tokenHash = hashLinkToken(token);
    const refuse = (code: string) => context.redirect(`${EMAIL_CHANGE_LANDING}&error=${code}`);
    // Someone signed up with the address since the request: it stays theirs.
    if (await findUserIdByEmail(db, newEmail)) throw refuse('email_taken');
    const claimed = await db.transaction().execute(async (trx) => {
      const change = await claimEmailChange(trx, { tokenHash, newEmail });
      // Any other request of the account still waiting is dropped: only one change lands.
      if (change) await cancelOpenEmailChanges(trx, change.user_id);
      return change;
    });
    if (!claimed) throw refuse(await refusalFor(db, tokenHash, newEmail));
    // The link reached the new address, which proves it: a phone account's first email included.
    return { data: { ...data, emailVerified: true } };
  }

  /** After the new email is written: the undo link to the old address (or, for a phone account, a text). */
  async function afterUserUpdate(user: User & Record<string, unknown>, context: EndpointContext) {
    const token = tokenOf(context);
    if (!token) return;
    const change = await findEmailChangeByConfirmHash(db, hashLinkToken(token));
    if (!change?.confirmed_at || change.user_id !== user.id) return;
    const undoToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + UNDO_LINK_DAYS * 24 * 60 * 60 * 1000);
    if (!(await setUndoToken(db, { id: change.id, tokenHash: hashLinkToken(undoToken), expiresAt }))) return;
    const undoUrl = `${deps.appUrl}${UNDO_EMAIL_CHANGE_PAGE}?token=${undoToken}`;
    const newEmail = maskEmail(change.new_email);
    try {
      if (!isPlaceholderEmail(change.old_email)) {
        await deps.email.send({
          to: change.old_email,
          template: 'email-change-notice',
          data: { name: user.name, newEmail, undoUrl, days: UNDO_LINK_DAYS },
        });
        return;
      }
      const phone =
        user.phoneNumberVerified === true && typeof user.phoneNumber === 'string' ? user.phoneNumber : null;
      if (!phone) return;
      await deps.email.sendSms({
        to: phone,
        text: `Privy: the email ${newEmail} was added to your account. Not you? Undo it: ${undoUrl}`,
        client: null,
      });
    } catch (error) {
      // The email has changed either way; the person can still recover through support.
      deps.log?.error({ err: error, changeId: change.id }, 'the notice of an email change was not sent');
    }
  }

  return { sendConfirmation, beforeUserUpdate, afterUserUpdate };
}
