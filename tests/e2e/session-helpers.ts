import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';

export const DEMO_PASSWORD = 'privy-demo-2026';

/**
 * Signs a browser profile in through the same API the sign-in page posts to; the session cookie
 * lands in the page's context. (The sign-in page itself has its own browser tests.)
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/account/sign-in', {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(response.status(), `sign in as ${email}`).toBe(200);
}

/**
 * Registers a fresh email account and signs this browser profile in to it (registering alone signs
 * nobody in, ADR 105); returns its id.
 */
export async function registerFresh(page: Page, prefix: string): Promise<{ id: string; email: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'a long fresh password';
  const response = await page.request.post('/api/account/register', {
    data: { email, password, first_name: 'Fresh', last_name: 'Member' },
    headers: { origin: baseUrl() },
  });
  expect(response.status(), `register ${email}`).toBe(200);
  await signIn(page, email, password);
  const me = await page.request.get('/api/account/me');
  return { id: (await me.json()).userId as string, email };
}

/** Resolves once React has hydrated the element, so a click reaches its handler. */
export async function waitForHydration(page: Page, selector = 'body'): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  }, selector);
}

/** Calls our JSON API from inside a browser profile, with its cookies and a same-site Origin. */
export async function apiCall(
  page: Page,
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const response = await page.request.fetch(url, {
    method,
    headers: { origin: baseUrl() },
    ...(data === undefined ? {} : { data }),
  });
  return {
    status: response.status(),
    body: (await response.json().catch(() => null)) as Record<string, unknown>,
  };
}

/**
 * Types into an address field and picks the first suggestion matching `option`. Typing may start
 * before the field is live: the stand-in keeps the text across hydration and the swap to the real
 * field (app/ui/use-early-input.ts, tests/e2e/early-typing.e2e.ts).
 */
export async function pickPlace(page: Page, field: string, text: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: field }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Resolves once the tab's realtime connection has the server's confirmation for `channel`
 * (`data-realtime-channels` on <html>, realtime-provider.tsx): from then on, an event sent to it
 * arrives live. Sent before, it is not toasted; the badge catches up on the next fetch or reconnect.
 */
export async function waitForLiveChannel(page: Page, channel: RegExp): Promise<void> {
  await page.waitForFunction(
    (source) =>
      (document.documentElement.dataset.realtimeChannels ?? '')
        .split(' ')
        .some((name) => new RegExp(source).test(name)),
    channel.source,
  );
}

/**
 * Holds the first free start near Austin from `dayOffset` days ahead for the signed-in browser
 * profile; returns the booking and its test checkout's path (not yet paid).
 */
export async function holdSomething(
  page: Page,
  dayOffset: number,
): Promise<{ bookingId: string; checkoutPath: string }> {
  const search = await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25');
  const listings = search.body.results as { id: string }[];
  if (!listings.length) throw new Error('the demo seed should list bathrooms near Austin');
  // Demo bathrooms keep their own hours and lengths: find one open on a day from `dayOffset` on,
  // whatever weekday the test runs.
  let found: { id: string; startsAt: string; duration: number } | null = null;
  for (let day = dayOffset; day < dayOffset + 7 && !found; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const listing of listings.slice(0, 5)) {
      for (const duration of [30, 15, 60]) {
        const slots = await apiCall(
          page,
          'GET',
          `/api/bathrooms/${listing.id}/slots?date=${date}&duration=${duration}`,
        );
        const first = slots.status === 200 ? (slots.body.starts as { starts_at: string }[])[0] : undefined;
        if (first) {
          found = { id: listing.id, startsAt: first.starts_at, duration };
          break;
        }
      }
      if (found) break;
    }
  }
  if (!found) throw new Error('no free start near Austin in a week');
  const held = await apiCall(page, 'POST', '/api/bookings', {
    bathroomId: found.id,
    startsAt: found.startsAt,
    durationMinutes: found.duration,
  });
  expect(held.status).toBe(201);
  const body = held.body as { booking: { id: string }; checkoutUrl: string };
  return { bookingId: body.booking.id, checkoutPath: new URL(body.checkoutUrl).pathname };
}

/**
 * Holds back a built chunk (`/assets/{name}-{hash}.js`) until the returned function is called: a
 * test can then act while the page still runs without it, as on a slow phone. The chunk's address
 * is returned too, to wait for its response.
 */
export async function holdChunk(page: Page, name: string): Promise<{ release: () => void; address: RegExp }> {
  const address = new RegExp(`/assets/${name}-[^/]+\\.js$`);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(address, async (route) => {
    await held;
    await route.continue();
  });
  return { release, address };
}
