import { normalizePhone } from '../../../common/schemas/auth.ts';
import type { Db } from '../../db/database.ts';
import {
  clearSignInFailures,
  pruneSignInFailures,
  recordSignInFailure,
  signInFailureWindow,
} from './repository.ts';

/**
 * Failed password sign-ins are counted in the database, so the limits hold across server processes
 * and restarts (ADR 020). Five wrong passwords lock one account for a while without locking its
 * owner out for long; twenty from one address stops a script trying many accounts, while an office
 * or a family behind one address still has room for typos.
 */
export const SIGN_IN_THROTTLE = {
  windowMinutes: 15,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
} as const;

/** The password sign-in endpoints of better-auth that the throttle guards (ours call these). */
export const PASSWORD_SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/phone-number']);

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; scope: 'account' | 'ip'; retryAfterSeconds: number };

export const TOO_MANY_FAILURES_CODE = 'TOO_MANY_FAILED_SIGN_INS';

export function throttleMessage(verdict: Extract<ThrottleVerdict, { allowed: false }>): string {
  const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
  const wait = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return verdict.scope === 'account'
    ? `Too many failed sign-in attempts for this account. Please try again in ${wait}, or reset your password.`
    : `Too many failed sign-in attempts from your network. Please try again in ${wait}.`;
}

/**
 * Who a sign-in is for, the same way whatever form it came in: emails lower-cased, phone numbers
 * in E.164. Null when the body names nobody (better-auth then refuses it anyway).
 */
export function signInIdentifier(path: string, body: unknown): string | null {
  const fields = (body ?? {}) as { email?: unknown; phoneNumber?: unknown };
  if (path === '/sign-in/email' && typeof fields.email === 'string' && fields.email.trim()) {
    return fields.email.trim().toLowerCase();
  }
  if (
    path === '/sign-in/phone-number' &&
    typeof fields.phoneNumber === 'string' &&
    fields.phoneNumber.trim()
  ) {
    return normalizePhone(fields.phoneNumber) ?? fields.phoneNumber.trim();
  }
  return null;
}

const windowStart = (now: Date) => new Date(now.getTime() - SIGN_IN_THROTTLE.windowMinutes * 60_000);

function secondsUntilFree(oldest: Date | null, now: Date): number {
  if (!oldest) return SIGN_IN_THROTTLE.windowMinutes * 60;
  const freeAt = oldest.getTime() + SIGN_IN_THROTTLE.windowMinutes * 60_000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

export async function checkSignInAllowed(
  db: Db,
  keys: { identifier: string; ip: string | null },
  now = new Date(),
): Promise<ThrottleVerdict> {
  const since = windowStart(now);
  const account = await signInFailureWindow(db, { identifier: keys.identifier }, since);
  if (account.count >= SIGN_IN_THROTTLE.maxFailuresPerAccount) {
    return { allowed: false, scope: 'account', retryAfterSeconds: secondsUntilFree(account.oldest, now) };
  }
  if (keys.ip) {
    const address = await signInFailureWindow(db, { ip: keys.ip }, since);
    if (address.count >= SIGN_IN_THROTTLE.maxFailuresPerIp) {
      return { allowed: false, scope: 'ip', retryAfterSeconds: secondsUntilFree(address.oldest, now) };
    }
  }
  return { allowed: true };
}

export async function noteSignInFailure(db: Db, keys: { identifier: string; ip: string | null }) {
  const ip = keys.ip ?? 'unknown';
  await recordSignInFailure(db, keys.identifier, ip);
  await pruneSignInFailures(db, { identifier: keys.identifier, ip }, windowStart(new Date()));
}

/** A right password wipes the account's slate; the address keeps its count (it may be guessing others). */
export async function noteSignInSuccess(db: Db, identifier: string) {
  await clearSignInFailures(db, identifier);
}
