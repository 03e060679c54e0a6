import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { holdScripts } from './held-requests.ts';
import { apiCall, waitForHydration } from './session-helpers.ts';

/**
 * On a phone, from the results to the booking panel without hunting (ADR 116): the listing's
 * bottom bar (price, the start picked or "Pick a time", the way to the panel) and the results
 * page's search folded into one line. Both are drawn by the server and work before the scripts.
 * On desktop neither shows: the listing keeps its side panel, the results their full form.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const AUSTIN = 'q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';

/** Waits for the server's HTML to be parsed and its stylesheets applied (the scripts may be held). */
async function drawn(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState !== 'loading' &&
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
}

/**
 * The element's box in the viewport (it must be displayed). Asked again if the element was swapped
 * between finding and measuring it (a stand-in replaced by its live part, ADR 098 in use-live.ts).
 */
async function box(locator: Locator) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await locator.waitFor({ state: 'visible' });
    const found = await locator.boundingBox();
    if (found) return found;
  }
  throw new Error('the element should be displayed');
}

/** Entirely on screen, between the top of the viewport and `bottom`. */
async function onScreen(locator: Locator, bottom: number): Promise<boolean> {
  const { y, height } = await box(locator);
  return y >= 0 && y + height <= bottom;
}

/** axe-core's serious and critical findings on the page as it is (accessibility.e2e.ts checks desktop). */
async function severeViolations(page: Page): Promise<string[]> {
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
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/** A demo bathroom near Austin, and a day from two days ahead on which it has two free starts. */
async function bathroomWithStarts(page: Page): Promise<{ id: string; date: string }> {
  const found = await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25');
  for (const { id } of found.body.results as { id: string }[]) {
    for (let day = 2; day < 9; day += 1) {
      const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
      const slots = await apiCall(page, 'GET', `/api/bathrooms/${id}/slots?date=${date}&duration=15`);
      if (slots.status === 200 && (slots.body.starts as unknown[]).length >= 2) return { id, date };
    }
  }
  throw new Error('no Austin demo bathroom with two free starts in a week');
}

describe('the listing on a phone', () => {
  const { newTab } = useBrowser();

  it('shows a bar with the price and "Pick a time" on the first screen, before and after the scripts', async () => {
    const { page } = await newTab();
    await page.setViewportSize(PHONE);
    const { id, date } = await bathroomWithStarts(page);
    const release = await holdScripts(page);
    await page.goto(`/bathrooms/${id}?date=${date}`, { waitUntil: 'commit' });
    await drawn(page);
    const bar = page.getByTestId('booking-bar');
    expect(await onScreen(bar, PHONE.height)).toBe(true);
    // The price as the side panel writes it.
    const price = (await page.locator('#book p').first().textContent())?.replace(/\s+/g, ' ').trim();
    expect(price).toMatch(/^\$\d+(\.\d\d)? \/ hour$/);
    expect((await bar.textContent())?.replace(/\s+/g, ' ')).toContain(`${price}Pick a time`);
    const before = await box(bar);

    // Before the page is live the bar's link is a plain jump to the panel.
    await bar.getByRole('link', { name: 'See times' }).click();
    const heading = page.getByRole('heading', { name: 'Book a time' });
    await expect.poll(() => onScreen(heading, before.y)).toBe(true);

    release();
    await waitForHydration(page, '[data-testid="booking-bar"]');
    // Hydration moves nothing: the bar is where the server drew it.
    expect(await box(bar)).toEqual(before);
  });

  it('names the start once picked, and its action brings the review and "Reserve and pay" into view', async () => {
    const { page } = await newTab();
    await page.setViewportSize(PHONE);
    const { id, date } = await bathroomWithStarts(page);
    await page.goto(`/bathrooms/${id}?date=${date}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    const bar = page.getByTestId('booking-bar');
    const slot = page.getByTestId('booking-bar-slot');
    expect(await slot.textContent()).toBe('Pick a time');
    const heading = page.getByRole('heading', { name: 'Book a time' });
    expect(await onScreen(heading, PHONE.height)).toBe(false);

    // The panel is one tap away, and the focus follows.
    await bar.getByRole('link', { name: 'See times' }).click();
    const barTop = (await box(bar)).y;
    await expect.poll(() => onScreen(heading, barTop)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('book');

    // Pick the second start: the bar names it (day, time, zone, length).
    const starts = page.getByTestId('free-starts');
    const second = await starts.locator('input').nth(1).getAttribute('value');
    const time = (await starts.locator('label').nth(1).textContent())?.trim() ?? '';
    await starts.locator('label').nth(1).click();
    await page.waitForURL((url) => url.searchParams.get('start') === second);
    await expect
      .poll(() => slot.textContent())
      .toMatch(new RegExp(`, ${time} [A-Za-z ]+ · \\d+ (min|hours?)$`));

    // Scroll away, then the bar's action brings the review and its button above the bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    const reserve = page.getByRole('button', { name: 'Reserve and pay' });
    expect(await onScreen(reserve, barTop)).toBe(false);
    await bar.getByRole('link', { name: 'Review and pay' }).click();
    await expect.poll(() => onScreen(reserve, barTop)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('booking-review');
    expect(await page.getByTestId('booking-review').textContent()).toContain(time);
  });

  it('on desktop has no bar, and the booking panel sits beside the description', async () => {
    const { page } = await newTab();
    await page.setViewportSize(DESKTOP);
    const { id, date } = await bathroomWithStarts(page);
    await page.goto(`/bathrooms/${id}?date=${date}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    expect(await page.getByTestId('booking-bar').isVisible()).toBe(false);
    // (Polled: the panel's live controls swap in after hydration.)
    const panel = page.getByTestId('booking-panel');
    await expect.poll(async () => (await panel.boundingBox())?.x ?? 0).toBeGreaterThan(DESKTOP.width / 2);
    const heading = page.getByRole('heading', { name: 'Book a time' });
    await expect.poll(() => onScreen(heading, DESKTOP.height)).toBe(true);
  });
});

describe('the results on a phone', () => {
  const { newTab } = useBrowser();

  it('fold the search into one line, show the first result and the list/map switch on the first screen', async () => {
    const { page } = await newTab();
    await page.setViewportSize(PHONE);
    const release = await holdScripts(page);
    await page.goto(`/bathrooms?${AUSTIN}`, { waitUntil: 'commit' });
    await drawn(page);
    const summary = page.getByTestId('search-summary');
    expect((await summary.textContent())?.trim()).toBe('Change search: Austin · 5 mi · any time');
    const where = page.getByRole('combobox', { name: 'Where' });
    expect(await where.isVisible()).toBe(false);
    const firstCard = page.locator('[data-result-id]').first();
    expect((await box(firstCard)).y).toBeLessThan(PHONE.height);
    const views = page.getByRole('radiogroup', { name: 'Show results as' });
    expect(await onScreen(views, PHONE.height)).toBe(true);

    // A tap on the line unfolds the form, scripts or not.
    await summary.locator('summary').click();
    expect(await where.isVisible()).toBe(true);
    release();
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    // Opened before the page was live, it stays open once it is (and the live field swaps in).
    await page.waitForLoadState('networkidle');
    expect(await where.isVisible()).toBe(true);
    await summary.locator('summary').click();
    expect(await where.isVisible()).toBe(false);

    // The switch stays at hand while the list scrolls.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => onScreen(views, PHONE.height)).toBe(true);
    await views.locator('label').filter({ hasText: 'Map' }).click();
    await expect.poll(() => page.locator('[data-result-id]').count()).toBe(0);
  });

  it('a new search folds the form again', async () => {
    const { page } = await newTab();
    await page.setViewportSize(PHONE);
    await page.goto(`/bathrooms?${AUSTIN}`);
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    const summary = page.getByTestId('search-summary');
    await summary.locator('summary').click();
    await page.getByRole('combobox', { name: 'Within' }).click();
    await page.getByRole('option', { name: '10 miles' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/radius=10/);
    await expect.poll(() => summary.textContent()).toContain('Austin · 10 mi · any time');
    expect(await page.getByRole('combobox', { name: 'Where' }).isVisible()).toBe(false);
    expect((await box(page.locator('[data-result-id]').first())).y).toBeLessThan(PHONE.height);
  });

  it('on desktop show the whole form and no summary line', async () => {
    const { page } = await newTab();
    await page.setViewportSize(DESKTOP);
    await page.goto(`/bathrooms?${AUSTIN}`);
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    expect(await page.getByTestId('search-summary').isVisible()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Where' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search', exact: true }).isVisible()).toBe(true);
    expect(await page.locator('[data-result-id]').first().isVisible()).toBe(true);
  });
});

describe('the phone layout, for everyone', () => {
  const { newTab } = useBrowser();

  it('the bar, the folded line and the open form pass axe-core at 390×844, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await newTab({ colorScheme });
      await page.setViewportSize(PHONE);
      const { id, date } = await bathroomWithStarts(page);
      await page.goto(`/bathrooms/${id}?date=${date}`);
      await waitForHydration(page, '[data-testid="booking-bar"]');
      await page.waitForLoadState('networkidle');
      expect(await severeViolations(page), `listing, ${colorScheme}`).toEqual([]);
      await page.goto(`/bathrooms?${AUSTIN}`);
      await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
      await page.waitForLoadState('networkidle');
      expect(await severeViolations(page), `results, ${colorScheme}`).toEqual([]);
      await page.getByTestId('search-summary').locator('summary').click();
      expect(await severeViolations(page), `results with the form open, ${colorScheme}`).toEqual([]);
    }
  });
});
