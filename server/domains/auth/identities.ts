import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import type { SignInProviderId } from '../../sign-in-provider-config.ts';
import { signInProviderList } from '../../sign-in-provider-config.ts';
import { type AuthOutcome, runAuth } from './auth-outcome.ts';
import type { Viewer } from './auth-service.ts';
import { listSignInAccounts } from './repository.ts';

/**
 * Linked sign-in methods (spec §3 identities, §8 identity errors; ADR 143): a password, and each
 * outside provider linked to the account. Outside sign-in never links an account by itself; the
 * signed-in owner links one here, and may unlink any but the last way to sign in.
 */
export type Identity = {
  id: string;
  provider: 'password' | SignInProviderId;
  name: string;
  /** The provider's email for this identity, when its ID token named one. */
  email: string | null;
  linkedAt: string;
  removable: boolean;
};

export type IdentityOverview = {
  identities: Identity[];
  /** Configured providers this account has not linked yet. */
  linkable: { id: SignInProviderId; name: string }[];
};

/** better-auth's provider ids for password and each outside provider. */
const PASSWORD_PROVIDER = 'credential';

/** The email an ID token names. Its signature was checked at sign-in; here it is only shown. */
function emailInIdToken(idToken: string | null): string | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof claims.email === 'string' ? claims.email : null;
  } catch {
    return null;
  }
}

export async function listIdentities(services: AppServices, viewer: Viewer): Promise<IdentityOverview> {
  const configured = signInProviderList(services.config.signInProviders);
  const nameOf = (providerId: string) =>
    providerId === PASSWORD_PROVIDER
      ? 'Password'
      : (configured.find((provider) => provider.id === providerId)?.name ?? providerId);
  const rows = await listSignInAccounts(services.db, viewer.userId);
  const identities = rows.map(
    (row): Identity => ({
      id: row.id,
      provider: row.providerId === PASSWORD_PROVIDER ? 'password' : (row.providerId as SignInProviderId),
      name: nameOf(row.providerId),
      email: row.providerId === PASSWORD_PROVIDER ? null : emailInIdToken(row.idToken),
      linkedAt: new Date(row.createdAt).toISOString(),
      removable: row.providerId !== PASSWORD_PROVIDER && rows.length > 1,
    }),
  );
  const linked = new Set(rows.map((row) => row.providerId));
  return { identities, linkable: configured.filter((provider) => !linked.has(provider.id)) };
}

function requireConfigured(services: AppServices, provider: SignInProviderId) {
  if (!signInProviderList(services.config.signInProviders).some((each) => each.id === provider)) {
    throw new AppError('validation_error', 'That sign-in provider is not available here.', [
      { field: 'provider', message: 'Choose one of the sign-in providers shown.' },
    ]);
  }
}

export type ProviderRedirect = { url: string };

/**
 * A provider that cannot be reached (its discovery document or keys fail to load) costs that one
 * button, with a clear answer, never a 500: the rest of sign-in keeps working.
 */
async function reachProvider(
  services: AppServices,
  provider: SignInProviderId,
  call: () => Promise<Response>,
): Promise<AuthOutcome<ProviderRedirect>> {
  const name = signInProviderList(services.config.signInProviders).find((each) => each.id === provider)?.name;
  const unavailable = {
    ok: false as const,
    failure: {
      status: 503,
      code: 'service_unavailable' as const,
      message: `We couldn't reach ${name ?? 'that provider'} just now. Try again in a moment, or sign in with your email or phone.`,
    },
  };
  try {
    const outcome = await runAuth<ProviderRedirect>(call);
    return !outcome.ok && outcome.failure.status >= 500 ? unavailable : outcome;
  } catch (error) {
    services.log.warn({ err: error, provider }, 'outside sign-in provider unreachable');
    return unavailable;
  }
}

/**
 * Starts a sign-in (or sign-up) through an outside provider: the provider's address to send the
 * browser to, and the cookies that bind its answer to this browser (state and PKCE verifier).
 */
export async function startProviderSignIn(
  services: AppServices,
  provider: SignInProviderId,
  headers: Headers,
  landing: { callbackURL: string; errorCallbackURL: string },
): Promise<AuthOutcome<ProviderRedirect>> {
  requireConfigured(services, provider);
  const api = services.betterAuth.api;
  const body = { ...landing, newUserCallbackURL: landing.callbackURL, disableRedirect: true };
  return reachProvider(services, provider, () =>
    api.signInSocial({ body: { provider, ...body }, headers, asResponse: true }),
  );
}

/** Starts linking another provider to the signed-in account; it comes back to `returnTo`. */
export async function startIdentityLink(
  services: AppServices,
  viewer: Viewer,
  provider: SignInProviderId,
  headers: Headers,
  returnTo: string,
): Promise<AuthOutcome<ProviderRedirect>> {
  requireConfigured(services, provider);
  const rows = await listSignInAccounts(services.db, viewer.userId);
  if (rows.some((row) => row.providerId === provider)) {
    throw new AppError('identity_already_exists', 'That sign-in method is already linked to your account.');
  }
  const api = services.betterAuth.api;
  const landing = { callbackURL: returnTo, errorCallbackURL: returnTo, disableRedirect: true };
  return reachProvider(services, provider, () =>
    api.linkSocialAccount({ body: { provider, ...landing }, headers, asResponse: true }),
  );
}

/** Unlinks one outside identity; a password and the last way to sign in stay. */
export async function unlinkIdentity(
  services: AppServices,
  viewer: Viewer,
  identityId: string,
  headers: Headers,
): Promise<{ unlinked: true }> {
  const rows = await listSignInAccounts(services.db, viewer.userId);
  const identity = rows.find((row) => row.id === identityId && row.providerId !== PASSWORD_PROVIDER);
  if (!identity)
    throw new AppError('identity_not_found', 'That sign-in method is not linked to your account.');
  // Passkeys are not counted: they are extra keys, never the only way in (ADR 146).
  if (rows.length < 2) {
    throw new AppError(
      'single_identity_not_deletable',
      'This is the only way you can sign in. Set a password or link another method before removing it.',
    );
  }
  const outcome = await runAuth(() =>
    services.betterAuth.api.unlinkAccount({
      body: { accountId: identity.id },
      headers,
      asResponse: true,
    }),
  );
  if (!outcome.ok) throw new AppError(outcome.failure.code, outcome.failure.message);
  return { unlinked: true };
}
