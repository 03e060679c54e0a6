import { normalizePhone } from '../../../common/schemas/auth.ts';
import type { Db } from '../../db/database.ts';
import {
  deleteSignInFailure,
  type FailureTally,
  insertSignInFailure,
  pruneSignInRecords,
  readSignInRecord,
  recordSignInSuccess,
  type SignInRecord,
  type ThrottleKeys,
  withSignInLocks,
} from './sign-in-throttle-repository.ts';

/**
 * Password sign-ins slow down with failures, counted in the database so the rule holds across
 * processes and restarts (ADR 105, which replaces ADR 020's lock). Nothing is ever locked: after
 * a scope's free failures, each further failure doubles the wait before the next attempt in that
 * scope is even checked, up to a ceiling.
 *
 * - pair: one account from one address (someone typing, or guessing, at one account);
 * - account: one account from every address, which slows only addresses that have not signed in
 *   to it lately, so a crowd of addresses guessing cannot keep the owner out of their own device;
 * - address: one address on every account (one machine spraying passwords across accounts); an
 *   address that has signed in to the account lately is not slowed by it either.
 */
export const SIGN_IN_THROTTLE = {
  windowHours: 24,
  /** An address that signed in to an account this recently is known to it. */
  knownAddressDays: 30,
  pair: { freeFailures: 3, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 },
  account: { freeFailures: 10, firstWaitSeconds: 1, maxWaitSeconds: 5 * 60 },
  address: { freeFailures: 20, firstWaitSeconds: 1, maxWaitSeconds: 15 * 60 },
} as const;

export type ThrottleRule = { freeFailures: number; firstWaitSeconds: number; maxWaitSeconds: number };
export type ThrottleScope = 'pair' | 'account' | 'address';

/** The password sign-in endpoints of better-auth that the throttle guards (ours call these). */
export const PASSWORD_SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/phone-number']);

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; scope: ThrottleScope; retryAfterSeconds: number };

export const TOO_MANY_FAILURES_CODE = 'TOO_MANY_FAILED_SIGN_INS';

/** Seconds to wait after the `failures`-th failure in a scope: 0, then doubling, then the ceiling. */
export function waitAfterFailures(failures: number, rule: ThrottleRule): number {
  if (failures <= rule.freeFailures) return 0;
  const doublings = Math.min(failures - rule.freeFailures - 1, 30);
  return Math.min(rule.firstWaitSeconds * 2 ** doublings, rule.maxWaitSeconds);
}

function secondsLeft(tally: FailureTally, rule: ThrottleRule, now: Date): number {
  const wait = waitAfterFailures(tally.count, rule);
  // Free failures never make anyone wait, whatever the clocks of racing transactions say.
  if (!tally.last || wait === 0) return 0;
  const openAt = tally.last.getTime() + wait * 1000;
  return Math.max(0, Math.ceil((openAt - now.getTime()) / 1000));
}

/** Whether an attempt may be checked now, and if not, which scope holds it and for how long. */
export function judgeSignInAttempt(record: SignInRecord, rules = SIGN_IN_THROTTLE): ThrottleVerdict {
  const waits: [ThrottleScope, number][] = [['pair', secondsLeft(record.pair, rules.pair, record.now)]];
  if (!record.known) {
    waits.push(['account', secondsLeft(record.account, rules.account, record.now)]);
    waits.push(['address', secondsLeft(record.address, rules.address, record.now)]);
  }
  const [scope, seconds] = waits.reduce((longest, wait) => (wait[1] > longest[1] ? wait : longest));
  return seconds > 0 ? { allowed: false, scope, retryAfterSeconds: seconds } : { allowed: true };
}

function spell(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function throttleMessage(verdict: Extract<ThrottleVerdict, { allowed: false }>): string {
  const wait = spell(verdict.retryAfterSeconds);
  if (verdict.scope === 'pair') {
    return `Too many wrong passwords. Please wait ${wait} before trying again, or reset your password.`;
  }
  if (verdict.scope === 'account') {
    return `This account has had many failed sign-in attempts, so new devices wait between tries. Please try again in ${wait}, or sign in with a one-time code.`;
  }
  return `Too many failed sign-in attempts from your network. Please wait ${wait} and try again.`;
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

const WINDOW_SECONDS = SIGN_IN_THROTTLE.windowHours * 3600;
const KNOWN_SECONDS = SIGN_IN_THROTTLE.knownAddressDays * 24 * 3600;

export const throttleKeys = (identifier: string, ip: string | null): ThrottleKeys => ({
  identifier,
  ip: ip ?? 'unknown',
});

export type SignInAdmission = ThrottleVerdict & { attemptId?: string };

/**
 * Judges an attempt and, when it may go ahead, counts it as a failure straight away (its outcome
 * settles it: settleSignInAttempt). Judging and counting happen under this account's and address's
 * locks, so a burst of parallel guesses is judged one by one, each seeing the ones before it. A
 * refused attempt is not counted, so knocking during a wait does not lengthen it.
 */
export async function admitSignInAttempt(db: Db, keys: ThrottleKeys): Promise<SignInAdmission> {
  return withSignInLocks(db, keys, async (trx) => {
    const verdict = judgeSignInAttempt(await readSignInRecord(trx, keys, WINDOW_SECONDS, KNOWN_SECONDS));
    if (!verdict.allowed) return verdict;
    return { allowed: true, attemptId: await insertSignInFailure(trx, keys) };
  });
}

export type SignInOutcome = 'wrong-credentials' | 'signed-in' | 'other';

/**
 * A wrong email-or-password keeps the attempt counted (and drops what has aged out); the right
 * password forgives this address's failures on the account and marks it known; anything else
 * (a malformed request, our own error) withdraws the attempt. Failures on the account from other
 * addresses stay: the owner signing in does not reset an attacker's count.
 */
export async function settleSignInAttempt(
  db: Db,
  keys: ThrottleKeys,
  attemptId: string | undefined,
  outcome: SignInOutcome,
): Promise<void> {
  if (outcome === 'wrong-credentials') {
    await pruneSignInRecords(db, keys, WINDOW_SECONDS, KNOWN_SECONDS);
    return;
  }
  if (outcome === 'signed-in') {
    await recordSignInSuccess(db, keys);
    return;
  }
  if (attemptId && /^\d+$/.test(attemptId)) await deleteSignInFailure(db, keys, attemptId);
}
