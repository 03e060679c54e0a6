/**
 * The provider (host) and admin pages with the guard each loader calls, for /dev-provider-routes
 * (ADR 137). guarded-routes.test.ts checks this list against app/routes.ts and each module's
 * source, so a page added, moved or guarded differently fails a test until its line here changes.
 */

export type RouteGuard = 'requireHost' | 'requireViewer' | 'requireProviderViewer' | 'requireAdmin';

export const GUARD_LABELS: Record<RouteGuard, string> = {
  requireHost: 'Hosts and admins; others go to /become-a-provider',
  requireViewer: 'Any signed-in member (the page shows only their own data)',
  requireProviderViewer: 'Signed-in hosts (payout account linking)',
  requireAdmin: 'Admins only (403 for everyone else)',
};

export type GuardedRoute = { path: string; file: string; guard: RouteGuard };

export const PROVIDER_ROUTES: readonly GuardedRoute[] = [
  { path: '/manage', file: 'routes/manage/hub.tsx', guard: 'requireHost' },
  { path: '/manage/properties', file: 'routes/manage/properties.tsx', guard: 'requireHost' },
  { path: '/manage/add-property', file: 'routes/manage/add-property.tsx', guard: 'requireHost' },
  { path: '/manage/properties/:id', file: 'routes/manage/property.tsx', guard: 'requireHost' },
  { path: '/manage/bookings', file: 'routes/manage/bookings.tsx', guard: 'requireHost' },
  { path: '/manage/reviews', file: 'routes/manage/reviews.tsx', guard: 'requireHost' },
  { path: '/manage/blackout-dates', file: 'routes/manage/blackout-dates.tsx', guard: 'requireHost' },
  {
    path: '/manage/stripe-connect',
    file: 'routes/payments/stripe-connect.tsx',
    guard: 'requireProviderViewer',
  },
  { path: '/stripe-connect', file: 'routes/payments/stripe-connect.tsx', guard: 'requireProviderViewer' },
  { path: '/blackout', file: 'routes/manage/blackout.tsx', guard: 'requireHost' },
  { path: '/onboarding', file: 'routes/account/onboarding.tsx', guard: 'requireHost' },
  { path: '/earnings', file: 'routes/account/earnings.tsx', guard: 'requireViewer' },
  {
    path: '/earnings/statements/:month',
    file: 'routes/account/earnings-statement.tsx',
    guard: 'requireViewer',
  },
];

/** Every page under /admin (the admin layout checks too, before any of them loads). */
export const ADMIN_ROUTES: readonly GuardedRoute[] = [
  { path: '/admin', file: 'routes/admin/overview.tsx', guard: 'requireAdmin' },
  { path: '/admin/users', file: 'routes/admin/users.tsx', guard: 'requireAdmin' },
  { path: '/admin/users/:id', file: 'routes/admin/user-detail.tsx', guard: 'requireAdmin' },
  { path: '/admin/bookings', file: 'routes/admin/bookings.tsx', guard: 'requireAdmin' },
  { path: '/admin/properties', file: 'routes/admin/properties.tsx', guard: 'requireAdmin' },
  { path: '/admin/properties/:id', file: 'routes/admin/property.tsx', guard: 'requireAdmin' },
  { path: '/admin/provider-requests', file: 'routes/admin/provider-requests.tsx', guard: 'requireAdmin' },
  { path: '/admin/refund-requests', file: 'routes/admin/refund-requests.tsx', guard: 'requireAdmin' },
  { path: '/admin/settings', file: 'routes/admin/settings.tsx', guard: 'requireAdmin' },
  { path: '/admin/provider-payout', file: 'routes/admin/provider-payout.tsx', guard: 'requireAdmin' },
  { path: '/admin/audit', file: 'routes/admin/audit.tsx', guard: 'requireAdmin' },
  { path: '/admin/analytics', file: 'routes/admin/analytics.tsx', guard: 'requireAdmin' },
  { path: '/admin/database-setup', file: 'routes/admin/database-setup.tsx', guard: 'requireAdmin' },
];
