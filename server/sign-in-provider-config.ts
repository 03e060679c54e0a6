import { z } from 'zod';

/**
 * Settings of the outside sign-in providers (ADR 143): Google and Apple when their client settings
 * are given, and one OpenID Connect provider of any kind (Okta, Entra ID, Keycloak, a company's
 * own) by its issuer URL. None given: only Privy's own email and phone sign-in.
 */
export const signInProviderEnv = {
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  APPLE_CLIENT_ID: z.string().min(1).optional(),
  /** Apple's client secret is a signed JWT (ES256, at most six months): see .env.example. */
  APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The name on the button: "Continue with {OIDC_NAME}". */
  OIDC_NAME: z.string().min(1).max(40).default('single sign-on'),
};

type ProviderEnv = z.infer<z.ZodObject<typeof signInProviderEnv>>;

export type OAuthClientSettings = { clientId: string; clientSecret: string };

export type SignInProviderSettings = {
  google: OAuthClientSettings | null;
  apple: OAuthClientSettings | null;
  oidc: (OAuthClientSettings & { issuer: string; name: string }) | null;
};

/** The sign-in methods a provider adds, as better-auth names them and people read them. */
export type SignInProviderId = 'google' | 'apple' | 'oidc';

export function signInProviderList(
  settings: SignInProviderSettings,
): { id: SignInProviderId; name: string }[] {
  const list: { id: SignInProviderId; name: string }[] = [];
  if (settings.google) list.push({ id: 'google', name: 'Google' });
  if (settings.apple) list.push({ id: 'apple', name: 'Apple' });
  if (settings.oidc) list.push({ id: 'oidc', name: settings.oidc.name });
  return list;
}

/** Each provider's settings go together: half of them is a mistake worth stopping for. */
export function readSignInProviders(env: ProviderEnv): {
  settings: SignInProviderSettings;
  problems: string[];
} {
  const problems: string[] = [];
  const pair = (prefix: 'GOOGLE' | 'APPLE'): OAuthClientSettings | null => {
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (clientId && clientSecret) return { clientId, clientSecret };
    if (clientId || clientSecret)
      problems.push(`  ${prefix}_CLIENT_SECRET: ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET go together`);
    return null;
  };
  const google = pair('GOOGLE');
  const apple = pair('APPLE');
  let oidc: SignInProviderSettings['oidc'] = null;
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  if (issuer && clientId && clientSecret) {
    oidc = { issuer: issuer.replace(/\/$/, ''), clientId, clientSecret, name: env.OIDC_NAME };
  } else if (issuer || clientId || clientSecret) {
    problems.push('  OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  return { settings: { google, apple, oidc }, problems };
}

/** Where "Continue with …" sends the browser: each configured provider's origin. */
export function signInProviderOrigins(settings: SignInProviderSettings): string[] {
  const origins: string[] = [];
  if (settings.google) origins.push('https://accounts.google.com');
  if (settings.apple) origins.push('https://appleid.apple.com');
  if (settings.oidc) origins.push(new URL(settings.oidc.issuer).origin);
  return origins;
}
