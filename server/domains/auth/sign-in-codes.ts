import type { AppServices } from '../../services.ts';
import type { AuthFailure, AuthOutcome } from './auth-outcome.ts';
import { runAuth } from './auth-outcome.ts';
import { AUTH_LIFETIMES } from './better-auth.ts';
import { type SignInResult, toSignInResult } from './register-account.ts';
import { findUserIdByPhone, pendingCodeExpiry } from './repository.ts';
import { smsClientOf, smsOutcome, smsUnavailableFailure } from './sms-refusals.ts';

export type CodeTarget = { email: string } | { phone: string };

// better-auth's names for a pending code in its verification table (email-otp and phone-number plugins).
const emailSignInCodeKey = (email: string) => `sign-in-otp-${email}`;
const phoneCodeKey = (phone: string) => `phone-number-otp-${phone}`;

/** Seconds left before another code may be sent to the same place; 0 when it may be sent now. */
export async function codeCooldownSeconds(services: AppServices, target: CodeTarget, now = new Date()) {
  const key = 'email' in target ? emailSignInCodeKey(target.email) : phoneCodeKey(target.phone);
  const expiresAt = await pendingCodeExpiry(services.db, key);
  if (!expiresAt) return 0;
  const sentAt = expiresAt.getTime() - AUTH_LIFETIMES.oneTimeCodeSeconds * 1000;
  const freeAt = sentAt + AUTH_LIFETIMES.codeResendCooldownSeconds * 1000;
  return Math.max(0, Math.ceil((freeAt - now.getTime()) / 1000));
}

function cooldownFailure(seconds: number): AuthFailure {
  const message = `We just sent a code. You can ask for another in ${seconds} seconds.`;
  return { status: 429, code: 'rate_limited', message, retryAfter: String(seconds) };
}

const SENT: AuthOutcome<null> = { ok: true, cookies: [], data: null };

/**
 * Sends a one-time sign-in code by email or SMS. The answer is the same whether or not an account
 * uses that address or number, so the form cannot be used to find out; a second request inside
 * the cooldown quietly sends nothing. A text that cannot be sent (none here, a limit reached, the
 * provider refusing or down) is a failure worded for the form, alike for every number (ADR 142).
 */
export async function requestSignInCode(
  services: AppServices,
  target: CodeTarget,
  headers: Headers,
): Promise<AuthOutcome<null>> {
  if ('phone' in target && !services.email.smsAvailable)
    return { ok: false, failure: smsUnavailableFailure() };
  if ((await codeCooldownSeconds(services, target)) > 0) return SENT;
  const api = services.betterAuth.api;
  if ('email' in target) {
    await api.sendVerificationOTP({ body: { email: target.email, type: 'sign-in' }, headers });
    return SENT;
  }
  if (!(await findUserIdByPhone(services.db, target.phone))) {
    // Nothing is texted to a number no account uses, but the request counts like a text, as the
    // auth hook counts it for a known number (auth-hooks.ts).
    const client = smsClientOf(headers);
    const refused = await smsOutcome(() => services.email.admitSms({ to: target.phone, client }));
    return refused ? { ok: false, failure: refused } : SENT;
  }
  const sent = await runAuth(() =>
    api.sendPhoneNumberOTP({ body: { phoneNumber: target.phone }, headers, asResponse: true }),
  );
  return sent.ok ? SENT : sent;
}

/** Signs in with a code from requestSignInCode. An enrolled second factor is still asked for. */
export async function signInWithCode(
  services: AppServices,
  input: CodeTarget & { code: string },
  headers: Headers,
): Promise<AuthOutcome<SignInResult>> {
  const api = services.betterAuth.api;
  const outcome = await runAuth<{ user?: { id: string }; twoFactorRedirect?: boolean }>(() =>
    'email' in input
      ? api.signInEmailOTP({ body: { email: input.email, otp: input.code }, headers, asResponse: true })
      : api.verifyPhoneNumber({
          body: { phoneNumber: input.phone, code: input.code },
          headers,
          asResponse: true,
        }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, cookies: outcome.cookies, data: toSignInResult(outcome.data) };
}

/** The second step of a sign-in: a code from the authenticator app, or one of the backup codes. */
export async function completeTwoFactorSignIn(
  services: AppServices,
  input: { code: string; method: 'totp' | 'backup'; trustDevice: boolean },
  headers: Headers,
): Promise<AuthOutcome<SignInResult>> {
  const api = services.betterAuth.api;
  const body = { code: input.code, trustDevice: input.trustDevice };
  const outcome = await runAuth<{ user?: { id: string } }>(() =>
    input.method === 'totp'
      ? api.verifyTOTP({ body, headers, asResponse: true })
      : api.verifyBackupCode({ body, headers, asResponse: true }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, cookies: outcome.cookies, data: toSignInResult(outcome.data) };
}

/** Texts a fresh code to the signed-in user's own number, at most once a minute. */
export async function sendPhoneVerificationCode(
  services: AppServices,
  phoneNumber: string,
  headers: Headers,
): Promise<AuthOutcome<{ sent: true }>> {
  const wait = await codeCooldownSeconds(services, { phone: phoneNumber });
  if (wait > 0) return { ok: false, failure: cooldownFailure(wait) };
  // A text not sent comes back as a failure the page shows (sms-refusals.ts, ADR 142).
  const sent = await runAuth(() =>
    services.betterAuth.api.sendPhoneNumberOTP({ body: { phoneNumber }, headers, asResponse: true }),
  );
  if (!sent.ok) return sent;
  return { ok: true, cookies: [], data: { sent: true } };
}

/** Confirms the signed-in user's number with the texted code; the current session stays as it is. */
export async function confirmPhoneNumber(
  services: AppServices,
  input: { phoneNumber: string; code: string },
  headers: Headers,
): Promise<AuthOutcome<{ status: boolean }>> {
  return runAuth(() =>
    services.betterAuth.api.verifyPhoneNumber({
      body: { phoneNumber: input.phoneNumber, code: input.code, disableSession: true },
      headers,
      asResponse: true,
    }),
  );
}
