import { passkeyClient } from '@better-auth/passkey/client';
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
