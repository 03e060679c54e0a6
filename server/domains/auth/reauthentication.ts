import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { runAuth } from './auth-outcome.ts';
import type { Viewer } from './auth-service.ts';
import { passkeyProves } from './passkeys.ts';
import { findSessionProof, listSignInAccounts, recordFailedProof, recordSessionProof } from './repository.ts';

/**
 * Proof of identity for sensitive changes (ADR 144): changing the password, email, phone, second
 * factor, linked identities or payout account needs a sign-in or a re-authentication from the last
 * 10 minutes, with the second factor (aal2) where the account has one.
 */
export const PROOF_MINUTES = 10;
/** Failed proofs one session may make in this window before it must wait (or sign in again). */
export const PROOF_FAILURES_ALLOWED = 5;
export const PROOF_FAILURE_WINDOW_SECONDS = 15 * 60;

export type ProofMethod = 'password' | 'totp' | 'sign-in-again';

export type ProofState = {
  fresh: boolean;
  /** When the current proof stops counting; null without one. */
  freshUntil: string | null;
  /** What this account proves itself with: its second factor, its password, or a new sign-in. */
  method: ProofMethod;
};

export const REAUTHENTICATION_NEEDED_MESSAGE =
  "For your safety, confirm it's you first. It takes a moment, and then you have 10 minutes for changes like this.";

async function methodFor(services: AppServices, viewer: Viewer): Promise<ProofMethod> {
  if (viewer.twoFactorEnabled) return 'totp';
  const accounts = await listSignInAccounts(services.db, viewer.userId);
  return accounts.some((account) => account.providerId === 'credential') ? 'password' : 'sign-in-again';
}

/** Until when this session's latest proof counts (a sign-in, or a re-authentication at the level needed). */
export async function sessionFreshUntil(
  db: Db,
  sessionId: string,
  twoFactorEnabled: boolean,
): Promise<number> {
  const row = await findSessionProof(db, sessionId);
  const requiredLevel = twoFactorEnabled ? 2 : 1;
  // A sign-in is a proof at the account's level: with a second factor, no session exists before it.
  const proofs = [row?.signedInAt ? new Date(row.signedInAt).getTime() : 0];
  if (row?.provedAt && (row.level ?? 0) >= requiredLevel) proofs.push(new Date(row.provedAt).getTime());
  const latest = Math.max(...proofs);
  return latest ? latest + PROOF_MINUTES * 60_000 : 0;
}

export async function proofState(services: AppServices, viewer: Viewer): Promise<ProofState> {
  const [until, method] = await Promise.all([
    sessionFreshUntil(services.db, viewer.sessionId, viewer.twoFactorEnabled),
    methodFor(services, viewer),
  ]);
  return { fresh: until > Date.now(), freshUntil: until ? new Date(until).toISOString() : null, method };
}

/**
 * The guard for a sensitive change. `passwordGiven`: the request itself carries the password
 * (better-auth checks it), which is the whole proof for an account without a second factor.
 */
export async function requireFreshProof(
  services: AppServices,
  viewer: Viewer,
  options: { passwordGiven?: boolean } = {},
): Promise<void> {
  if (options.passwordGiven && !viewer.twoFactorEnabled) return;
  if ((await proofState(services, viewer)).fresh) return;
  throw new AppError('reauthentication_needed', REAUTHENTICATION_NEEDED_MESSAGE);
}

/**
 * Re-authenticates this session with the password, or with a code from the authenticator app when
 * the account has a second factor. A few wrong tries per session, then it must wait.
 */
export async function reauthenticate(
  services: AppServices,
  viewer: Viewer,
  input: {
    password?: string | undefined;
    code?: string | undefined;
    /** A WebAuthn assertion (AuthenticationResponseJSON) for the challenge this session asked for. */
    passkey?: Record<string, unknown> | undefined;
  },
  headers: Headers,
): Promise<ProofState> {
  const row = await findSessionProof(services.db, viewer.sessionId);
  const windowOpen =
    row?.firstFailureAt &&
    Date.now() - new Date(row.firstFailureAt).getTime() < PROOF_FAILURE_WINDOW_SECONDS * 1000;
  if (windowOpen && (row?.failures ?? 0) >= PROOF_FAILURES_ALLOWED) {
    throw new AppError(
      'rate_limited',
      'Too many wrong tries. Wait 15 minutes, or sign out and sign in again.',
    );
  }
  if (input.passkey) {
    // A user-verified passkey is multi-factor (ADR 146): a proof at level 2, whatever the account has.
    if (!(await passkeyProves(services, viewer, input.passkey, headers))) {
      await recordFailedProof(services.db, viewer.sessionId, PROOF_FAILURE_WINDOW_SECONDS);
      // No field: the form's own alert shows it, whichever proof the form offers besides.
      throw new AppError('validation_error', "That passkey didn't confirm it's you. Try again.");
    }
    await recordSessionProof(services.db, viewer.sessionId, 2);
    return proofState(services, viewer);
  }
  const method = await methodFor(services, viewer);
  const api = services.betterAuth.api;
  let level: 1 | 2;
  let field: 'password' | 'code';
  let call: () => Promise<Response>;
  if (method === 'totp') {
    if (!input.code)
      throw new AppError('validation_error', 'Enter the 6-digit code from your authenticator app.', [
        { field: 'code', message: 'Enter the 6-digit code from your authenticator app.' },
      ]);
    level = 2;
    field = 'code';
    const code = input.code;
    call = () => api.verifyTOTP({ body: { code }, headers, asResponse: true });
  } else if (method === 'password') {
    if (!input.password)
      throw new AppError('validation_error', 'Enter your password.', [
        { field: 'password', message: 'Enter your password.' },
      ]);
    level = 1;
    field = 'password';
    const password = input.password;
    call = () => api.verifyPassword({ body: { password }, headers, asResponse: true });
  } else {
    throw new AppError(
      'validation_error',
      'Your account has no password: sign out and sign in again to confirm it is you.',
    );
  }
  const outcome = await runAuth(call);
  if (!outcome.ok) {
    if (outcome.failure.status >= 500) throw new AppError(outcome.failure.code, outcome.failure.message);
    await recordFailedProof(services.db, viewer.sessionId, PROOF_FAILURE_WINDOW_SECONDS);
    const message =
      field === 'code'
        ? "That code isn't right. Check your app and try again."
        : "That password isn't right.";
    throw new AppError('validation_error', message, [{ field, message }]);
  }
  await recordSessionProof(services.db, viewer.sessionId, level);
  return proofState(services, viewer);
}
