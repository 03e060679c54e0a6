/**
 * What search engines are pointed at and kept away from (ADR 077). The sitemap test checks this
 * list against app/routes.ts, so a public page added there without a line here fails a test.
 */

/** Public pages without parameters, in the order a visitor would meet them. */
export const SITEMAP_STATIC_PATHS = [
  '/',
  '/bathrooms',
  '/how-it-works',
  '/dynamic-seo-pages',
  '/about',
  '/services',
  '/safety',
  '/standards',
  '/contact',
  '/become-a-provider',
  '/rent-your-bathroom',
  '/earn-money-bathroom',
  '/bathroom-rental-income',
  '/private-restroom-sharing',
  '/accessible-bathroom-provider',
  '/terms',
  '/privacy-policy',
] as const;

/**
 * Path prefixes no crawler should fetch: the API, hosts' and admins' tools, dev tools, and pages
 * that only mean something to a signed-in member (spec §2 user routes, including those still to
 * come). `/profile$` keeps the own-profile page out while public profiles (/profile/{id}) stay in.
 */
export const ROBOTS_DISALLOWED = [
  '/api',
  '/manage',
  '/admin',
  '/dev',
  '/test-',
  '/atest',
  '/dashboard',
  '/onboarding',
  '/notifications',
  '/profile$',
  '/profile/security',
  '/earnings',
  '/blackout',
  '/bookings',
  '/messages',
  '/stripe-connect',
  '/payment-success',
  '/cancel-booking-payment',
  '/login',
  '/logout',
  '/register',
  '/verify-phone',
  '/forgot-password',
  '/reset-password',
  '/undo-email-change',
] as const;

/** The sitemap protocol's limit per file; past it the newest bathrooms are kept. */
export const SITEMAP_MAX_URLS = 50_000;
