import { describe, expect, it } from 'vitest';
import { initialJavaScript } from '../../bench/lib/initial-javascript.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/*
 * What the pages guests land on load before the first tap (ADR 141, docs/PERFORMANCE.md): dialogs,
 * forms that open on a tap, the admin's tools and the parts that fetch their own data once the page
 * is live stay out of it, and each page stays within its budget of gzipped JavaScript. Then the
 * parts left out still arrive when asked for.
 */

const SEARCH = '/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';
/** KB of gzipped JavaScript; React, React DOM and React Router alone are ~105 (ADR 141). */
const BUDGET_KB = { home: 148, search: 162.5, listing: 164, booking: 151 };
/** The lazily loaded parts, by the names their chunks are given. */
const LAZY_PARTS =
  /report-listing-dialog|hide-review|cancel-booking-dialog|booking-refund-panel|booking-review|refund-request-form|Modal-/;

type Result = { id: string; rating_count: number };

describe('the first load', () => {
  const { newTab } = useBrowser();

  it('keeps each landing page within its JavaScript budget, without the parts that wait for a tap', async () => {
    const { page, context } = await newTab();
    const found = (await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25'))
      .body as { results: Result[] };
    const listing = found.results[0] as Result;
    await signIn(page, 'gina@privy.test');
    const cookie = (await context.cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
    const list = async (tab: string) =>
      ((await apiCall(page, 'GET', `/api/bookings?tab=${tab}`)).body as { bookings: { id: string }[] })
        .bookings;
    const booking = ((await list('upcoming'))[0] ?? (await list('past'))[0]) as { id: string };

    const pages = [
      { name: 'home', path: '/' },
      { name: 'search', path: SEARCH },
      { name: 'listing', path: `/bathrooms/${listing.id}` },
      { name: 'booking', path: `/bookings/${booking.id}`, cookie },
    ] as const;
    for (const { name, path, ...rest } of pages) {
      const js = await initialJavaScript(baseUrl(), path, 'cookie' in rest ? rest.cookie : undefined);
      const sources = js.list.map((file) => file.source);
      expect(sources.length, `${name} loads its scripts`).toBeGreaterThan(2);
      expect(
        sources.filter((source) => LAZY_PARTS.test(source)),
        `${name}: lazy parts loaded first`,
      ).toEqual([]);
      expect(js.gzipKb, `${name}: ${sources.join(', ')}`).toBeLessThanOrEqual(BUDGET_KB[name]);
    }
    await shootAll(page, `/bookings/${booking.id}`, 'booking-guest', { fullPage: true });
  });

  it('loads the report dialog and the admin’s hide form when asked (booking-pages.e2e.ts opens the cancel dialog)', async () => {
    const { page } = await newTab();
    const found = (await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25'))
      .body as { results: Result[] };
    const reviewed = found.results.find((result) => result.rating_count > 0) as Result;
    expect(reviewed).toBeDefined();

    await signIn(page, 'admin@privy.test');
    await page.goto(`/bathrooms/${reviewed.id}`);
    await waitForHydration(page, '[data-testid="report-listing"]');
    await page.getByTestId('report-listing').click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('radio').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const hide = page.getByTestId('review-item').first().getByRole('button', { name: 'Hide review' });
    await hide.click();
    await page.getByLabel('Which rule does it break?').waitFor();
    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => page.getByLabel('Which rule does it break?').count()).toBe(0);
    await shootAll(page, `/bathrooms/${reviewed.id}`, 'listing-admin', { fullPage: true });
  });

  it('leaves the listing’s map out until it scrolls near the screen of a phone', async () => {
    const { page } = await newTab();
    // A small phone and a demo listing with a long page: its map starts ~900 px below the screen,
    // well past the 400 px it loads ahead (lazy-map.tsx). Not the first result: which one that is
    // changes with the hour and with the listings other tests publish, and a short page has its
    // map within reach at once (as it should).
    await page.setViewportSize({ width: 360, height: 640 });
    const found = (
      await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25&limit=50')
    ).body as { results: Array<Result & { title: string }> };
    const listing = found.results.find((result) => result.title.startsWith('Peak Performance Gym'));
    expect(listing, 'the demo gym listing in Austin').toBeDefined();
    const mapCode: string[] = [];
    page.on('request', (request) => {
      if (/leaflet|TileLayer/i.test(request.url())) mapCode.push(request.url());
    });
    await page.goto(`/bathrooms/${listing?.id}`);
    await waitForHydration(page, '#main');
    await page.waitForLoadState('networkidle');
    const below = await page
      .getByRole('heading', { name: 'Where it is' })
      .evaluate((heading) => heading.getBoundingClientRect().top - window.innerHeight);
    expect(below, 'the map must start well past the 400 px it loads ahead').toBeGreaterThan(500);
    expect(mapCode).toEqual([]);
    expect(await page.locator('.leaflet-container').count()).toBe(0);

    await page.getByRole('heading', { name: 'Where it is' }).scrollIntoViewIfNeeded();
    await page.locator('.leaflet-container').waitFor();
    expect(mapCode.length).toBeGreaterThan(0);
  });

  it('links the shell’s stylesheet once, even after the lazy parts arrive', async () => {
    const { page } = await newTab();
    const found = (await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25'))
      .body as { results: Result[] };
    await signIn(page, 'gina@privy.test');
    for (const path of ['/', `/bathrooms/${(found.results[0] as Result).id}`, '/bookings']) {
      await page.goto(path);
      await waitForHydration(page, '#main');
      await page.waitForLoadState('networkidle');
      // A second copy of the 130 KB sheet made the browser restyle the whole page (vite.chunks.ts).
      const sheets = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      );
      const shell = sheets.filter((sheet) => /\/shell-[\w-]+\.css$/.test(sheet));
      expect(shell, `${path}: ${sheets.join(', ')}`).toHaveLength(1);
    }
  });
});
