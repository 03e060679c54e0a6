import type { AppServices } from '../../services.ts';
import { type AuthOutcome, runAuth } from './auth-outcome.ts';
import { smsUnavailableFailure } from './sms-refusals.ts';

/** Where the emailed reset link lands (better-auth adds `?token=…`, or `?error=INVALID_TOKEN`). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/**
 * Sends a reset link by email, or a reset code by SMS for phone accounts. Same answer whether or
 * not the account exists, so the form cannot be used to find out who has one. No texts here, or
 * the number's or client's limit reached, is a failure for the form, alike for every number; a
 * provider failure is only logged: better-auth sends the code as a background task (ADR 142).
 */
export async function requestPasswordReset(
  services: AppServices,
  target: { email: string } | { phone: string },
  headers: Headers,
): Promise<AuthOutcome<null>> {
  const api = services.betterAuth.api;
  if ('email' in target) {
    await api.requestPasswordReset({
      body: { email: target.email, redirectTo: RESET_PASSWORD_PAGE },
      headers,
    });
    return { ok: true, cookies: [], data: null };
  }
  if (!services.email.smsAvailable) return { ok: false, failure: smsUnavailableFailure() };
  const sent = await runAuth(() =>
    api.requestPasswordResetPhoneNumber({ body: { phoneNumber: target.phone }, headers, asResponse: true }),
  );
  return sent.ok ? { ok: true, cookies: [], data: null } : sent;
}

/** Sets a new password with the emailed token. Every session of the account is signed out. */
export async function resetPasswordWithToken(
  services: AppServices,
  input: { token: string; password: string },
  headers: Headers,
): Promise<AuthOutcome<{ status: boolean }>> {
  return runAuth(() =>
    services.betterAuth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers,
      asResponse: true,
    }),
  );
}

/** Sets a new password with the texted code. Every session of the account is signed out. */
export async function resetPasswordWithPhoneCode(
  services: AppServices,
  input: { phone: string; code: string; password: string },
  headers: Headers,
): Promise<AuthOutcome<{ status: boolean }>> {
  return runAuth(() =>
    services.betterAuth.api.resetPasswordPhoneNumber({
      body: { phoneNumber: input.phone, otp: input.code, newPassword: input.password },
      headers,
      asResponse: true,
    }),
  );
}
