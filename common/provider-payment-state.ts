/*
 * The provider payment state (spec §4) and its banner (§8), free of zod: the root layout renders the
 * banner on every page, and a zod schema created before the root's jitless setting runs probes
 * for eval, which the CSP reports (tests/e2e/security-headers.e2e.ts).
 */

/** Spec §8, word for word. */
export const STRIPE_BANNER_TEXT =
  'Your stripe account is not linked. Please link your stripe account to manage your properties and accept bookings.';

/** Spec §4: a provider is unlinked when not connected or without an account id. */
export function isUnlinkedProvider(profile: {
  is_provider: boolean;
  is_stripe_connected: boolean;
  stripe_connect_id?: string | null | undefined;
}): boolean {
  return profile.is_provider && (!profile.is_stripe_connected || !profile.stripe_connect_id);
}
