import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (panva's oidc-provider) on a local port, for the sign-in tests:
 * discovery, authorization with PKCE, state and nonce, signed ID tokens, its own login and consent
 * pages. Any login is accepted and is the account's email (and subject), so a test chooses who
 * signs in. A login starting with "unverified-" gets `email_verified: false`.
 */
export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
};

export const OIDC_TEST_CLIENT = {
  clientId: 'privy-e2e',
  clientSecret: 'privy-e2e-secret-not-for-production',
};

export function claimsFor(login: string) {
  const email = login.trim().toLowerCase();
  const local = email.split('@')[0] ?? email;
  return {
    sub: login,
    email,
    email_verified: !local.startsWith('unverified-'),
    name: 'Ada Lovelace',
    given_name: 'Ada',
    family_name: 'Lovelace',
  };
}

/** A free-looking port to name in Privy's settings before the provider starts (its discovery is lazy). */
export function pickOidcPort(): number {
  return 41000 + Math.floor(Math.random() * 8000);
}

export async function startOidcTestProvider(appUrl: string, port = 0): Promise<OidcTestProvider> {
  // The issuer names the port, so the server listens before the provider is made.
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.clientId,
        client_secret: OIDC_TEST_CLIENT.clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Claims go into the ID token too, so the relying party need not call userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Set, so the provider does not print a notice for each default it falls back on.
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['privy-e2e-oidc-cookie-key'] },
    // The development login page takes any login as the account id: here, the email.
    findAccount: async (_ctx, login) => ({ accountId: login, claims: async () => claimsFor(login) }),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!DOCTYPE html><title>Error</title><h1>${out.error}</h1><p>${out.error_description ?? ''}</p>`;
    },
  });
  // Its development pages import a web font from Google: no network in tests, so that import would
  // be a console error in the browser tests.
  provider.use(async (ctx, next) => {
    await next();
    if (typeof ctx.body === 'string' && ctx.response.type === 'text/html') {
      ctx.body = ctx.body.replace(/@import url\([^)]*fonts\.googleapis\.com[^)]*\);?/g, '');
    }
  });
  // Chromium asks every origin for a favicon; a 404 would be a console error in the browser tests.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/favicon.ico') {
      ctx.status = 204;
      return;
    }
    await next();
  });
  server.on('request', provider.callback());
  return {
    issuer,
    ...OIDC_TEST_CLIENT,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Goes through the provider's own pages the way a browser would (its login form with `login`, then
 * its consent form) and returns the address it sends the browser back to: Privy's callback.
 */
export async function walkProviderSignIn(startUrl: string, login: string): Promise<URL> {
  const providerOrigin = new URL(startUrl).origin;
  const jar = new Map<string, string>();
  let url = startUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== providerOrigin) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 400)}`);
    url = new URL(action, url).href;
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
