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
