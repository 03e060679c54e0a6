import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { AppServices } from '../../services.ts';
import type { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { PROOF_MINUTES } from './reauthentication.ts';

/** Helpers shared by the auth integration tests. */

export const PASSWORD = 'quiet harbour lantern';

/** The current code an authenticator app would show for this otpauth:// URI (better-auth's own TOTP). */
export async function totpCode(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${totpURI}`);
  return createOTP(base32.decode(secret)).totp();
}

/** The newest message the dev outbox holds for this recipient. */
export async function latestMessage(
  services: AppServices,
  recipient: string,
  channel: 'email' | 'sms' = 'email',
) {
  const row = await services.db
    .selectFrom('outbox_messages')
    .selectAll()
    .where('recipient', '=', recipient)
    .where('channel', '=', channel)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw new Error(`no ${channel} for ${recipient} in the outbox`);
  return row;
}

export async function countMessages(services: AppServices, recipient: string) {
  const rows = await services.db
    .selectFrom('outbox_messages')
    .select('id')
    .where('recipient', '=', recipient)
    .execute();
  return rows.length;
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

export function linkIn(text: string): URL {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return new URL(match[1]);
}

/** Path and query of a URL, as TestAgent takes them. */
export const pathOf = (url: URL) => url.pathname + url.search;

/** Creates an email account and signs the agent in to it. */
export async function registerByEmail(agent: TestAgent, email: string, password = PASSWORD) {
  return signUpAndSignIn(agent, { email, password, first_name: 'Test' });
}

/** Registers, then turns on TOTP the way the security page does; returns the URI and backup codes. */
export async function enrolTotp(agent: TestAgent, password = PASSWORD) {
  const enabled = await agent.post('/api/auth/two-factor/enable', { password });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await agent.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { totpURI, backupCodes };
}

/**
 * Makes every session of the user look signed in 11 minutes ago, past ADR 144's 10-minute proof
 * (PROOF_MINUTES), so a sensitive change asks to confirm it's you.
 */
export async function ageSessions(services: AppServices, userId: string) {
  await services.db
    .updateTable('session')
    .set({ createdAt: new Date(Date.now() - (PROOF_MINUTES + 1) * 60_000) })
    .where('userId', '=', userId)
    .execute();
}
