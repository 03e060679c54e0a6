import { adminClient, emailOTPClient, phoneNumberClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { apiFetch } from './api-fetch.ts';

/**
 * better-auth's browser client for /api/auth, with the client parts of the plugins the server runs
 * (server/domains/auth/better-auth.ts). Sign-in, sign-up and security forms post to React Router
 * actions instead, so cookies and the return path stay on the server; this client is for calls a
 * page makes in place (resending a confirmation email, reading the session).
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  // Through our fetch helper, so its reads are retried like every other /api call (ADR 110).
  fetchOptions: { customFetchImpl: apiFetch },
  plugins: [twoFactorClient(), phoneNumberClient(), emailOTPClient(), adminClient()],
});

export type AuthClient = typeof authClient;
