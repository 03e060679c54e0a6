import type { AppServices } from '../../services.ts';
import { type AuthOutcome, runAuth } from './auth-outcome.ts';
import type { Viewer } from './auth-service.ts';
import { findSessionToken, listActiveSessions } from './repository.ts';

export type AccountSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  current: boolean;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The viewer's signed-in devices, this one marked. Session tokens never leave the server. */
export async function listAccountSessions(services: AppServices, viewer: Viewer): Promise<AccountSession[]> {
  const rows = await listActiveSessions(services.db, viewer.userId);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: iso(row.createdAt),
    lastActiveAt: iso(row.updatedAt),
    expiresAt: iso(row.expiresAt),
    current: row.id === viewer.sessionId,
  }));
}

/** Signs out one of the viewer's own sessions; null when the id is not one of theirs. */
export async function revokeAccountSession(
  services: AppServices,
  viewer: Viewer,
  sessionId: string,
  headers: Headers,
): Promise<{ revoked: true; wasCurrent: boolean } | null> {
  const token = await findSessionToken(services.db, viewer.userId, sessionId);
  if (!token) return null;
  await services.betterAuth.api.revokeSession({ body: { token }, headers });
  return { revoked: true, wasCurrent: sessionId === viewer.sessionId };
}

export async function revokeOtherAccountSessions(services: AppServices, headers: Headers) {
  await services.betterAuth.api.revokeOtherSessions({ headers });
}

/** Signs out every session including this one; returns the cookies that clear this browser's. */
export async function revokeAllAccountSessions(services: AppServices, headers: Headers): Promise<string[]> {
  const api = services.betterAuth.api;
  await api.revokeSessions({ headers });
  const signOut = await api.signOut({ headers, asResponse: true });
  return signOut.headers.getSetCookie();
}

export type TotpEnrolment = { totpURI: string; backupCodes: string[] };

/** Step one of TOTP: checks the password and returns the secret (as an otpauth URI) and backup codes. */
export async function startTotpEnrolment(
  services: AppServices,
  password: string,
  headers: Headers,
): Promise<AuthOutcome<TotpEnrolment>> {
  return runAuth(() =>
    services.betterAuth.api.enableTwoFactor({ body: { password }, headers, asResponse: true }),
  );
}

/** Step two: a code from the app proves it holds the secret; only then is the second factor on. */
export async function confirmTotpEnrolment(
  services: AppServices,
  code: string,
  headers: Headers,
): Promise<AuthOutcome<unknown>> {
  return runAuth(() => services.betterAuth.api.verifyTOTP({ body: { code }, headers, asResponse: true }));
}

export async function disableTotp(
  services: AppServices,
  password: string,
  headers: Headers,
): Promise<AuthOutcome<unknown>> {
  return runAuth(() =>
    services.betterAuth.api.disableTwoFactor({ body: { password }, headers, asResponse: true }),
  );
}

/** New backup codes replace the old ones, which stop working at once. */
export async function regenerateBackupCodes(
  services: AppServices,
  password: string,
  headers: Headers,
): Promise<AuthOutcome<{ backupCodes: string[] }>> {
  return runAuth(() =>
    services.betterAuth.api.generateBackupCodes({ body: { password }, headers, asResponse: true }),
  );
}

/** A first password, for an account that so far signs in only through an outside provider. */
export async function setAccountPassword(
  services: AppServices,
  newPassword: string,
  headers: Headers,
): Promise<AuthOutcome<unknown>> {
  return runAuth(() =>
    services.betterAuth.api.setPassword({ body: { newPassword }, headers, asResponse: true }),
  );
}

export async function changeAccountPassword(
  services: AppServices,
  input: { currentPassword: string; newPassword: string; signOutOthers: boolean },
  headers: Headers,
): Promise<AuthOutcome<unknown>> {
  return runAuth(() =>
    services.betterAuth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.signOutOthers,
      },
      headers,
      asResponse: true,
    }),
  );
}
