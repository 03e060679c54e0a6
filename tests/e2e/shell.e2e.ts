import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { waitForHydration } from './session-helpers.ts';

describe('app shell', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('serves the home page with the header and footer', async () => {
    const { page } = await newTab();
    await page.goto('/');
    await expect.poll(() => page.title()).toMatch(/Privy/);
    expect(await page.getByRole('link', { name: 'Privy home' }).first().isVisible()).toBe(true);
    expect(await page.locator('footer').getByRole('link', { name: 'Terms of service' }).isVisible()).toBe(
      true,
    );
  });

  it('shows the 404 page with the path asked for', async () => {
    const tab = await newTab();
    const response = await tab.page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    expect(await tab.page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await tab.page.getByTestId('error-detail').textContent()).toBe(
      'Page not found: /no/such/page?x=1',
    );
    allowConsoleErrors(tab, /status of 404/);
  });

  it('asks for the scripts at low priority, after what the first paint needs, and still hydrates', async () => {
    // ADR 103: every module preload in the head is marked low priority, on each landing page.
    const { page } = await newTab();
    for (const path of [
      '/',
      '/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5',
    ]) {
      const html = await (await page.request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length).toBeGreaterThan(3);
      for (const link of preloads) expect(link).toContain('fetchpriority="low"');
      expect(html.match(/modulepreload/g)?.length).toBe(preloads.length);
    }
    await page.goto('/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5');
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
  });
});
