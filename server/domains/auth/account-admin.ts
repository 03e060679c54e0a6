import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import type { Transaction } from 'kysely';
import type { LinkType, MfaFactor } from '../../../common/schemas/admin-users.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import {
  deleteSessionsOf,
  deleteTwoFactor,
  findAccountForAdmin,
  findTwoFactorRow,
  findUserIdByEmail,
  insertInvitedAccount,
  insertVerification,
  markPhoneUnverified,
  releaseAccount,
  selectLiveSessions,
  selectSignInHistory,
  updateRoles,
  updateStatusFlags,
} from './account-admin-repository.ts';
import {
  AUTH_LIFETIMES,
  EMAIL_VERIFIED_CALLBACK,
  isPlaceholderEmail,
  PHONE_EMAIL_DOMAIN,
} from './better-auth.ts';
import { RESET_PASSWORD_PAGE } from './password-reset.ts';

/**
 * What the admin console does to someone else's account (ADR 134). Every write takes the caller's
 * transaction, so the admin domain records its audit entry in the same one; each writes better-auth's
 * rows in the shapes its own endpoints write them.
 */

type Trx = Transaction<Database>;
type Executor = Db | Trx;

export type AdminAccountRow = NonNullable<Awaited<ReturnType<typeof findAccountForAdmin>>>;

/** An invitation link lasts a week: a password reset's hour is too short for a welcome. */
export const INVITE_LINK_DAYS = 7;

/** The phone factor's id: the account has one number, so one id names it. */
export const PHONE_FACTOR_ID = 'phone';

export async function readAccount(db: Executor, userId: string, options: { lock?: boolean } = {}) {
  return findAccountForAdmin(db, userId, options);
}

/** An account's second factors in the spec's terms: its authenticator app and its verified phone. */
export async function listFactors(db: Executor, account: AdminAccountRow): Promise<MfaFactor[]> {
  const factors: MfaFactor[] = [];
  const totp = await findTwoFactorRow(db, account.id);
  if (totp && account.twoFactorEnabled) {
    factors.push({
      id: totp.id,
      factor_type: 'totp',
      status: 'verified',
      friendly_name: 'Authenticator app',
    });
  }
  if (account.phoneNumber && account.phoneNumberVerified) {
    factors.push({
      id: PHONE_FACTOR_ID,
      factor_type: 'phone',
      status: 'verified',
      friendly_name: `Phone ${account.phoneNumber}`,
    });
  }
  return factors;
}

/** Removes one factor; null when the account has no such factor. */
export async function removeFactor(trx: Trx, account: AdminAccountRow, factorId: string) {
  const factor = (await listFactors(trx, account)).find((f) => f.id === factorId);
  if (!factor) return null;
  if (factor.factor_type === 'totp') await deleteTwoFactor(trx, account.id);
  else await markPhoneUnverified(trx, account.id);
  return factor;
}

export async function accountSessions(db: Executor, userId: string) {
  const rows = await selectLiveSessions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    user_agent: row.userAgent,
    ip_address: row.ipAddress,
    created_at: new Date(row.createdAt).toISOString(),
    last_active_at: new Date(row.updatedAt).toISOString(),
  }));
}

export async function signInHistory(db: Executor, account: AdminAccountRow, limit = 20) {
  const identifiers = [
    ...(isPlaceholderEmail(account.email) ? [] : [account.email.toLowerCase()]),
    ...(account.phoneNumber ? [account.phoneNumber] : []),
  ];
  const rows = await selectSignInHistory(db, identifiers, limit);
  return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
}

/** Deletes every session: each open tab is signed out on its next request. */
export async function revokeAllSessions(trx: Trx, userId: string): Promise<number> {
  return deleteSessionsOf(trx, userId);
}

export async function setRoles(
  trx: Trx,
  userId: string,
  roles: { is_admin?: boolean; is_provider?: boolean },
) {
  return updateRoles(trx, userId, roles);
}

export async function setStatusFlags(
  trx: Trx,
  userId: string,
  flags: { is_active?: boolean; is_deleted?: boolean },
) {
  return updateStatusFlags(trx, userId, flags);
}

/** The address a deleted account keeps, so the real one can sign up again (ADR 134). */
export const deletedAccountEmail = (userId: string) =>
  `deleted-${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}@${PHONE_EMAIL_DOMAIN}`;

/** Soft delete: email and phone freed, password and sessions gone, profile marked deleted. */
export async function softDeleteAccount(trx: Trx, userId: string): Promise<{ sessionsRevoked: number }> {
  await releaseAccount(trx, userId, deletedAccountEmail(userId));
  return { sessionsRevoked: await deleteSessionsOf(trx, userId) };
}

/**
 * Opens an account for an invited address with a random password nobody knows, and a password-reset
 * token (better-auth's own) that lets the invitee choose one. The caller sends the email after commit.
 */
export async function createInvitedAccount(
  services: Pick<AppServices, 'betterAuth' | 'config'>,
  trx: Trx,
  input: {
    email: string;
    first_name?: string | undefined;
    last_name?: string | undefined;
    make_provider?: boolean | undefined;
  },
) {
  if (await findUserIdByEmail(trx, input.email)) {
    throw new AppError('conflict', 'An account with this email already exists.', [
      { field: 'email', message: 'An account with this email already exists.' },
    ]);
  }
  const context = await services.betterAuth.$context;
  const id = randomUUID().replaceAll('-', '');
  await insertInvitedAccount(trx, {
    id,
    credentialId: randomUUID().replaceAll('-', ''),
    email: input.email,
    first_name: input.first_name ?? '',
    last_name: input.last_name ?? '',
    passwordHash: await context.password.hash(randomBytes(32).toString('base64url')),
    is_provider: input.make_provider ?? false,
  });
  const link = await recoveryLink(services, trx, id, INVITE_LINK_DAYS * 24 * 60 * 60);
  return { id, url: link.url, expiresAt: link.expiresAt };
}

async function recoveryLink(
  services: Pick<AppServices, 'config'>,
  trx: Trx,
  userId: string,
  seconds: number,
) {
  const token = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + seconds * 1000);
  await insertVerification(trx, {
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
  });
  const callback = encodeURIComponent(RESET_PASSWORD_PAGE);
  return {
    url: `${services.config.appUrl}/api/auth/reset-password/${token}?callbackURL=${callback}`,
    expiresAt,
  };
}

/** Where a generated sign-in link lands: a page that signs in with the code only when asked to. */
export const SIGN_IN_LINK_PAGE = '/login/link';

/**
 * A link for the admin to hand over (ADR 134): sign_in is a one-time email code in a link (the
 * second factor is still asked for), recovery a password-reset link, verification an
 * email-confirmation link. Nothing is sent; the admin copies it.
 */
export async function issueLink(
  services: Pick<AppServices, 'config' | 'betterAuth'>,
  trx: Trx,
  account: AdminAccountRow,
  type: LinkType,
): Promise<{ url: string; expiresAt: Date }> {
  const appUrl = services.config.appUrl;
  if (type === 'recovery')
    return recoveryLink(services, trx, account.id, AUTH_LIFETIMES.passwordResetSeconds);
  if (type === 'verification') {
    if (isPlaceholderEmail(account.email)) {
      throw new AppError('conflict', 'This account has no email address to confirm.', [
        { field: 'type', message: 'This account has no email address to confirm.' },
      ]);
    }
    const seconds = AUTH_LIFETIMES.emailVerificationSeconds;
    const token = await createEmailVerificationToken(
      services.config.authSecret,
      account.email,
      undefined,
      seconds,
      {
        userId: account.id,
      },
    );
    const callback = encodeURIComponent(EMAIL_VERIFIED_CALLBACK);
    return {
      url: `${appUrl}/api/auth/verify-email?token=${token}&callbackURL=${callback}`,
      expiresAt: new Date(Date.now() + seconds * 1000),
    };
  }
  const email = account.email.toLowerCase();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + AUTH_LIFETIMES.oneTimeCodeSeconds * 1000);
  // better-auth's email-otp plugin: identifier sign-in-otp-<email>, value "<code>:<attempts>".
  await insertVerification(trx, {
    id: randomUUID(),
    identifier: `sign-in-otp-${email}`,
    value: `${code}:0`,
    expiresAt,
  });
  const query = new URLSearchParams({ email, code });
  return { url: `${appUrl}${SIGN_IN_LINK_PAGE}?${query}`, expiresAt };
}
