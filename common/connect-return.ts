/*
 * Where payout-account onboarding sends the host back to (ADR 117). Free of zod, like
 * provider-payment-state.ts: the Stripe banner on every page builds its link with it.
 *
 * Only same-origin relative paths that match one of these patterns exactly are accepted: no
 * scheme, no host, no "//", no backslash, no encoded characters, no extra query parameters. A
 * target is stored in the provider's return URL and followed by /stripe-connect, so anything
 * looser would be an open redirect.
 */

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const ALLOWED_RETURN_TARGETS: readonly RegExp[] = [
  /^\/stripe-connect$/,
  /^\/manage\/stripe-connect$/,
  /^\/manage\/properties$/,
  new RegExp(`^/manage/properties/${UUID}$`),
  // A draft in the add-a-bathroom steps; `step=publish` opens its publish step.
  new RegExp(`^/manage/add-property\\?draft=${UUID}(&step=publish)?$`),
];

export const CONNECT_RETURN_MAX_LENGTH = 120;

export function isAllowedConnectReturn(target: string): boolean {
  return (
    target.length <= CONNECT_RETURN_MAX_LENGTH &&
    ALLOWED_RETURN_TARGETS.some((pattern) => pattern.test(target))
  );
}

/** The draft's publish step: where "Link your Stripe account" on that step comes back to. */
export function draftPublishStep(draftId: string): string {
  return `/manage/add-property?draft=${draftId}&step=publish`;
}

/** The onboarding page, carrying where to come back to when that target is allowed. */
export function connectPageFor(returnTo: string | null, page = '/stripe-connect'): string {
  return returnTo && isAllowedConnectReturn(returnTo)
    ? `${page}?return_to=${encodeURIComponent(returnTo)}`
    : page;
}

/** What the "back" button on the onboarding page says for a target. */
export function connectReturnLabel(target: string): string {
  if (target.startsWith('/manage/add-property')) return 'Back to your draft';
  if (target.startsWith('/manage/properties/')) return 'Back to your listing';
  if (target === '/manage/properties') return 'Back to My bathrooms';
  return 'Back to your payout account';
}
