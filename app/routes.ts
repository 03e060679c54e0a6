import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

// Grouped like the spec (§2): public pages, account pages, admin pages, dev tools.
export default [
  layout('layouts/home.tsx', [index('routes/public/home.tsx')]),
  layout('layouts/default.tsx', [
    route('about', 'routes/public/about.tsx'),
    route('terms', 'routes/public/terms.tsx'),
    route('safety', 'routes/public/safety.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('services', 'routes/public/services.tsx'),
    route('standards', 'routes/public/standards.tsx'),
    route('how-it-works', 'routes/public/how-it-works.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    route('become-a-provider', 'routes/public/become-a-provider.tsx'),
    route('rent-your-bathroom', 'routes/public/rent-your-bathroom.tsx'),
    route('earn-money-bathroom', 'routes/public/earn-money-bathroom.tsx'),
    route('bathroom-rental-income', 'routes/public/bathroom-rental-income.tsx'),
    route('private-restroom-sharing', 'routes/public/private-restroom-sharing.tsx'),
    route('accessible-bathroom-provider', 'routes/public/accessible-bathroom-provider.tsx'),
    route('onboarding', 'routes/account/onboarding.tsx'),
    ...prefix('manage', [
      index('routes/manage/hub.tsx'),
      route('properties', 'routes/manage/properties.tsx'),
      route('add-property', 'routes/manage/add-property.tsx'),
      route('properties/:id', 'routes/manage/property.tsx'),
      route('bookings', 'routes/manage/bookings.tsx'),
      route('blackout-dates', 'routes/manage/blackout-dates.tsx'),
      route('stripe-connect', 'routes/payments/stripe-connect.tsx', { id: 'routes/manage/stripe-connect' }),
    ]),
    route('stripe-connect', 'routes/payments/stripe-connect.tsx'),
    route('blackout', 'routes/manage/blackout.tsx'),
    route('dashboard', 'routes/account/dashboard.tsx'),
    route('notifications', 'routes/account/notifications.tsx'),
    route('test-notifications', 'routes/dev/test-notifications.tsx'),
    route('bathrooms', 'routes/public/bathrooms.tsx'),
    route('bathrooms/:id', 'routes/public/bathroom-details.tsx'),
    // Messaging (spec §2, ADR 120): the list stays mounted while a conversation opens beside it.
    route('messages', 'routes/messages/layout.tsx', [
      index('routes/messages/index.tsx'),
      route(':bookingId', 'routes/messages/thread.tsx'),
    ]),
    route('messages/empty', 'routes/messages/empty.tsx'),
    route('messages-demo', 'routes/messages/demo.tsx'),
    route('bookings', 'routes/bookings/list.tsx'),
    route('bookings/:id', 'routes/bookings/detail.tsx'),
    route('payment-success', 'routes/bookings/payment-success.tsx'),
    route('cancel-booking-payment', 'routes/bookings/cancel-booking-payment.tsx'),
    // Location pages (ADR 077): one module, four audiences × scopes; the path says which.
    ...(['bathrooms-in', 'bathrooms-near', 'properties-in', 'properties-near'] as const).map((kind) =>
      route(`${kind}/:location`, 'routes/seo/location.tsx', { id: `routes/seo/${kind}` }),
    ),
    route('dynamic-seo-pages', 'routes/seo/location-index.tsx'),
    route('profile/:id', 'routes/public/public-profile.tsx'),
    route('profile', 'routes/account/profile.tsx', [
      index('routes/account/profile-details.tsx'),
      route('security', 'routes/account/profile-security.tsx'),
    ]),
    ...prefix('dev', [
      route('mailbox', 'routes/dev/mailbox.tsx'),
      route('mailbox/:id', 'routes/dev/mailbox-message.tsx'),
    ]),
  ]),
  layout('layouts/guest.tsx', [
    route('login', 'routes/account/login.tsx'),
    route('login/two-factor', 'routes/account/login-two-factor.tsx'),
    route('login/code', 'routes/account/login-code.tsx'),
    route('register', 'routes/account/register.tsx'),
    route('verify-phone', 'routes/account/verify-phone.tsx'),
    route('forgot-password', 'routes/account/forgot-password.tsx'),
    route('reset-password', 'routes/account/reset-password.tsx'),
  ]),
  layout('layouts/admin.tsx', [
    route('admin', 'routes/admin/overview.tsx'),
    route('admin/users', 'routes/admin/users.tsx'),
    route('admin/bookings', 'routes/admin/bookings.tsx'),
    route('admin/provider-requests', 'routes/admin/provider-requests.tsx'),
  ]),
  // The test payment provider's own pages (ADR 091): standalone, like Stripe's hosted pages.
  route('test-checkout/:sessionId', 'routes/payments/test-checkout.tsx'),
  route('test-connect/:accountId', 'routes/payments/test-connect.tsx'),
  route('logout', 'routes/account/logout.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
