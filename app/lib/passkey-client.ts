import { passkeyClient } from '@better-auth/passkey/client';
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { createAuthClient } from 'better-auth/react';
import { apiFetch } from './api-fetch.ts';

/**
 * better-auth's client for passkeys (ADR 146): WebAuthn runs in the browser, so adding a passkey
 * and signing in with one cannot be a form post. Kept apart from auth-client.ts and imported only
 * once a page that offers passkeys has hydrated (use-passkey-client.ts), so no page carries the
 * WebAuthn code in its first load.
 */
export const passkeyAuthClient = createAuthClient({
  basePath: '/api/auth',
  fetchOptions: { customFetchImpl: apiFetch },
  plugins: [passkeyClient()],
});

export type PasskeyAuthClient = typeof passkeyAuthClient;

/**
 * A WebAuthn assertion from one of the signed-in account's passkeys, for "Confirm it's you"
 * (ADR 144, 146): the plugin's options name this account's passkeys and set the challenge cookie;
 * the server checks the assertion. null when the person closed the device's prompt.
 */
export async function passkeyAssertion(): Promise<{ assertion: AuthenticationResponseJSON } | null> {
  const options = await passkeyAuthClient.$fetch<PublicKeyCredentialRequestOptionsJSON>(
    '/passkey/generate-authenticate-options',
    { method: 'GET' },
  );
  if (options.error || !options.data) throw new Error('passkey options refused');
  try {
    return { assertion: await startAuthentication({ optionsJSON: options.data }) };
  } catch (error) {
    if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return null;
    if (error instanceof Error && error.name === 'NotAllowedError') return null;
    throw error;
  }
}
