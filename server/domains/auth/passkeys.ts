import { isAPIError } from 'better-auth/api';
import type { AppServices } from '../../services.ts';
import { type AuthOutcome, runAuth } from './auth-outcome.ts';
import type { Viewer } from './auth-service.ts';

/**
 * Passkeys (ADR 146): better-auth's passkey plugin registers them (in the browser, through WebAuthn)
 * and signs in with them. A passkey is a key to an account that already has a password or a linked
 * provider, never the only one: an account always keeps an `account` row (ADR 143's identities), so
 * deleting any passkey is always allowed and unlinking the last identity stays refused whatever
 * passkeys remain. Recovery (a reset by email or text) then never depends on one device.
 */
export type PasskeySummary = { id: string; name: string | null; createdAt: string | null };

/** The viewer's passkeys for Profile › Security, newest first: only what the card shows. */
export async function listPasskeys(services: AppServices, viewer: Viewer): Promise<PasskeySummary[]> {
  const rows = await services.db
    .selectFrom('passkey')
    .select(['id', 'name', 'createdAt'])
    .where('userId', '=', viewer.userId)
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
  }));
}

/**
 * Deletes one of the viewer's passkeys through the plugin's endpoint, so its ownership check and
 * our before-hook's "confirm it's you" rule (ADR 144) hold here as over /api/auth.
 */
export function deletePasskey(
  services: AppServices,
  id: string,
  headers: Headers,
): Promise<AuthOutcome<{ status: boolean }>> {
  return runAuth(() => services.betterAuth.api.deletePasskey({ body: { id }, headers, asResponse: true }));
}

/**
 * Whether a passkey assertion proves this viewer ("Confirm it's you", ADR 144 and 146). The plugin's
 * verification (challenge from `generate-authenticate-options`, signature, counter, and our user
 * verification check) ends by signing in with a new session; this session is proving itself, not
 * signing in again, so that new session is deleted at once and its cookie never sent.
 */
export async function passkeyProves(
  services: AppServices,
  viewer: Viewer,
  response: Record<string, unknown>,
  headers: Headers,
): Promise<boolean> {
  const verify = services.betterAuth.api.verifyPasskeyAuthentication;
  // Its shape is the plugin's to check; the request schema only knows it is an object.
  type Assertion = NonNullable<Parameters<typeof verify>[0]>['body']['response'];
  let answer: Response;
  try {
    answer = await verify({
      body: { response: response as unknown as Assertion },
      headers,
      asResponse: true,
    });
  } catch (error) {
    if (isAPIError(error)) return false;
    throw error;
  }
  if (!answer.ok) return false;
  const body = (await answer.json()) as { session?: { id?: unknown }; user?: { id?: unknown } };
  if (typeof body.session?.id === 'string') {
    await services.db.deleteFrom('session').where('id', '=', body.session.id).execute();
  }
  // Someone else's passkey on this device proves nothing about this account.
  return body.user?.id === viewer.userId;
}
