import { readFileSync } from 'node:fs';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { useBrowser } from './browser.ts';
import { apiCall, holdSomething, signIn, waitForHydration } from './session-helpers.ts';

/**
 * axe-core on every page of the route table (app/routes.ts), each as the person who sees it:
 * signed out, a guest, a host or an admin. No serious or critical violation is allowed. A route
 * added to the table without an entry below fails the first test, so no page goes unchecked.
 */

type Audience = 'signed out' | 'guest' | 'host' | 'admin';
type Ids = Record<
  'bathroom' | 'booking' | 'property' | 'hostProfile' | 'mail' | 'checkout' | 'connect' | 'paidBooking',
  string
>;

/** Who opens each page, and the URL (route parameters filled in from real rows). */
const PAGES: Record<string, { as: Audience; url?: (ids: Ids) => string }> = {
  '/': { as: 'signed out' },
  '/about': { as: 'signed out' },
  '/terms': { as: 'signed out' },
  '/safety': { as: 'signed out' },
  '/contact': { as: 'signed out' },
  '/services': { as: 'signed out' },
  '/standards': { as: 'signed out' },
  '/how-it-works': { as: 'signed out' },
  '/privacy-policy': { as: 'signed out' },
  '/become-a-provider': { as: 'signed out' },
  '/rent-your-bathroom': { as: 'signed out' },
  '/earn-money-bathroom': { as: 'signed out' },
  '/bathroom-rental-income': { as: 'signed out' },
  '/private-restroom-sharing': { as: 'signed out' },
  '/accessible-bathroom-provider': { as: 'signed out' },
  '/onboarding': { as: 'guest' },
  '/manage': { as: 'host' },
  '/manage/properties': { as: 'host' },
  '/manage/add-property': { as: 'host' },
  '/manage/properties/:id': { as: 'host', url: (ids) => `/manage/properties/${ids.property}` },
  '/manage/bookings': { as: 'host' },
  '/manage/reviews': { as: 'host' },
  '/manage/blackout-dates': { as: 'host' },
  '/manage/stripe-connect': { as: 'host' },
  '/stripe-connect': { as: 'host' },
  '/blackout': { as: 'host' },
  '/earnings': { as: 'host' },
  '/earnings/statements/:month': {
    as: 'host',
    url: () => `/earnings/statements/${new Date().toISOString().slice(0, 7)}`,
  },
  '/dashboard': { as: 'guest' },
  '/notifications': { as: 'guest' },
  '/test-notifications': { as: 'guest' },
  '/test-messaging': { as: 'guest' },
  '/test-booking-chat': { as: 'guest' },
  '/bathrooms': {
    as: 'signed out',
    url: () => '/bathrooms?location=Austin%2C%20TX&lat=30.2672&lng=-97.7431',
  },
  '/bathrooms/:id': { as: 'signed out', url: (ids) => `/bathrooms/${ids.bathroom}` },
  '/messages': { as: 'guest' },
  '/messages/:bookingId': { as: 'guest', url: (ids) => `/messages/${ids.paidBooking}` },
  '/messages/empty': { as: 'guest' },
  '/messages-demo': { as: 'signed out' },
  '/bookings': { as: 'guest' },
  '/bookings/:id': { as: 'guest', url: (ids) => `/bookings/${ids.booking}` },
  '/payment-success': { as: 'guest', url: (ids) => `/payment-success?session_id=${ids.checkout}` },
  '/cancel-booking-payment': { as: 'guest', url: (ids) => `/cancel-booking-payment?booking=${ids.booking}` },
  '/bathrooms-in/:location': { as: 'signed out', url: () => '/bathrooms-in/austin-tx' },
  '/bathrooms-near/:location': { as: 'signed out', url: () => '/bathrooms-near/austin-tx' },
  '/properties-in/:location': { as: 'signed out', url: () => '/properties-in/austin-tx' },
  '/properties-near/:location': { as: 'signed out', url: () => '/properties-near/austin-tx' },
  '/dynamic-seo-pages': { as: 'signed out' },
  '/profile/:id': { as: 'signed out', url: (ids) => `/profile/${ids.hostProfile}` },
  '/hi/:id': { as: 'signed out', url: (ids) => `/hi/${ids.hostProfile}` },
  '/atest': { as: 'guest' },
  '/dev-provider-routes': { as: 'signed out' },
  '/profile': { as: 'guest' },
  '/profile/security': { as: 'guest' },
  '/dev/mailbox': { as: 'signed out' },
  '/dev/mailbox/:id': { as: 'signed out', url: (ids) => `/dev/mailbox/${ids.mail}` },
  '/login': { as: 'signed out' },
  '/login/two-factor': { as: 'signed out' },
  '/login/code': { as: 'signed out' },
  '/login/link': { as: 'signed out', url: () => '/login/link?email=someone%40example.com&code=123456' },
  '/register': { as: 'signed out' },
  '/verify-phone': { as: 'signed out' },
  '/forgot-password': { as: 'signed out' },
  '/reset-password': { as: 'signed out' },
  '/undo-email-change': { as: 'signed out', url: () => '/undo-email-change?token=unknown' },
  '/admin': { as: 'admin' },
  '/admin/users': { as: 'admin' },
  '/admin/users/:id': { as: 'admin', url: (ids) => `/admin/users/${ids.hostProfile}` },
  '/admin/bookings': { as: 'admin' },
  '/admin/provider-requests': { as: 'admin' },
  '/admin/refund-requests': { as: 'admin', url: () => '/admin/refund-requests?status=all' },
  '/admin/settings': { as: 'admin' },
  '/admin/provider-payout': { as: 'admin' },
  '/admin/properties': { as: 'admin' },
  '/admin/audit': { as: 'admin' },
  '/admin/analytics': { as: 'admin' },
  '/admin/database-setup': { as: 'admin' },
  '/admin/properties/:id': { as: 'admin', url: (ids) => `/admin/properties/${ids.property}` },
  '/test-checkout/:sessionId': { as: 'guest', url: (ids) => `/test-checkout/${ids.checkout}` },
  '/test-connect/:accountId': { as: 'host', url: (ids) => `/test-connect/${ids.connect}` },
  '/*': { as: 'signed out', url: () => '/no-such-page' },
};

/** The pages everyone sees, checked again for each signed-in audience (their header differs). */
const SHARED = ['/', '/bathrooms', '/bathrooms/:id'];
/** Checked in the dark colour scheme too: one page of each kind. */
const DARK = [
  '/',
  '/bathrooms',
  '/bathrooms/:id',
  '/login',
  '/dashboard',
  '/manage/properties',
  '/admin',
  '/messages',
  '/messages/:bookingId',
  '/messages-demo',
];

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** Every page in the route table: its full path pattern; resource routes (no component) left out. */
function pagePaths(entries: RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, '/') : parent;
    const source = readFileSync(path.resolve('app', entry.file), 'utf8');
    const isPage = /export default/.test(source) && (entry.path || entry.index);
    return [...(isPage ? [here === '' ? '/' : here] : []), ...pagePaths(entry.children ?? [], here)];
  });
}

const SEVERE = new Set(['serious', 'critical']);

async function violations(page: Page): Promise<string[]> {
  // Through the debugging protocol, so the page's own script policy (a nonce CSP) does not apply.
  await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    }),
  );
  return results.violations
    .filter((violation) => SEVERE.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  const { newTab, allowConsoleErrors } = useBrowser();
  const ids = {} as Ids;
  const table = pagePaths(routes as RouteEntry[]);

  it('has an entry for every page in the route table', () => {
    const missing = table.filter((route) => !(route in PAGES));
    expect(missing).toEqual([]);
    expect(table.length).toBeGreaterThan(40);
  });

  beforeAll(async () => {
    const { page: guest } = await newTab();
    await signIn(guest, 'gina@privy.test');
    const held = await holdSomething(guest, 3);
    ids.booking = held.bookingId;
    ids.checkout = held.checkoutPath.split('/').pop() as string;
    // A paid booking has a conversation, for its thread page.
    const paid = await holdSomething(guest, 4);
    const payment = await apiCall(
      guest,
      'POST',
      `/api/payments/test-checkout/${paid.checkoutPath.split('/').pop()}/pay`,
    );
    expect(payment.status).toBe(200);
    ids.paidBooking = paid.bookingId;
    const search = await apiCall(guest, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=5');
    ids.bathroom = (search.body.results as { id: string }[])[0]?.id as string;
    // A message to support puts an email in the dev outbox, for its message page.
    const contact = await apiCall(guest, 'POST', '/api/email/send', {
      name: 'Gina',
      email: 'gina@privy.test',
      subject: 'Accessibility check',
      body: 'A message for the outbox page.',
    });
    expect(contact.status).toBe(200);
    const outbox = await apiCall(guest, 'GET', '/api/dev/outbox');
    ids.mail = (outbox.body.messages as { id: string }[])[0]?.id as string;
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    ids.hostProfile = (await apiCall(host, 'GET', '/api/account/me')).body.userId as string;
    const mine = await apiCall(host, 'GET', '/api/properties/mine');
    ids.property = (mine.body.properties as { id: string }[])[0]?.id as string;
    // The host's payout account, to open the test provider's onboarding page.
    const connect = await apiCall(host, 'POST', '/api/payments/connect');
    ids.connect = new URL(connect.body.url as string, 'http://x').pathname.split('/').pop() as string;
    expect(Object.values(ids).every(Boolean), JSON.stringify(ids)).toBe(true);
  }, 120_000);

  const accounts: Record<Exclude<Audience, 'signed out'>, string> = {
    guest: 'gina@privy.test',
    host: 'paula@privy.test',
    admin: 'admin@privy.test',
  };
  const audiences: Audience[] = ['signed out', 'guest', 'host', 'admin'];

  for (const audience of audiences) {
    for (const scheme of ['light', 'dark'] as const) {
      const routesHere = Object.entries(PAGES)
        .filter(
          ([route, entry]) => entry.as === audience || (audience !== 'signed out' && SHARED.includes(route)),
        )
        .filter(([route]) => scheme === 'light' || DARK.includes(route));
      if (!routesHere.length) continue;
      it(`${audience}, ${scheme}: ${routesHere.length} pages`, async () => {
        const tab = await newTab({ colorScheme: scheme });
        if (audience !== 'signed out') await signIn(tab.page, accounts[audience]);
        const found: string[] = [];
        for (const [route, entry] of routesHere) {
          const url = entry.url ? entry.url(ids) : route;
          const response = await tab.page.goto(url);
          if (route === '/*') allowConsoleErrors(tab, /404/);
          expect(response?.status(), url).toBeLessThan(route === '/*' ? 500 : 400);
          await waitForHydration(tab.page);
          found.push(...(await violations(tab.page)).map((violation) => `${url}: ${violation}`));
        }
        expect(found).toEqual([]);
      }, 240_000);
    }
  }
});
