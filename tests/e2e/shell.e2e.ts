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

  it('asks for the scripts at low priority, once the page has painted, and still hydrates', async () => {
    // ADR 103, ADR 157: the module preloads wait, low priority, in an inert template in the head, and
    // React Router's module script in another one, until the page has painted.
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
      const held = /<template id="after-paint-preloads">(.*?)<\/template>/.exec(head)?.[1] ?? '';
      expect(held.match(/<link rel="modulepreload"[^>]*>/g)).toEqual(preloads);
      expect(html).toMatch(/<template id="after-paint-hydration"><script[^>]* type="module" async="">/);
    }
    await page.goto('/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5');
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    // Once painted, the preloads are live in the head and the module script is back in its place.
    expect(
      await page.locator('head > link[rel="modulepreload"][fetchpriority="low"]').count(),
    ).toBeGreaterThan(3);
    expect(await page.locator('#after-paint-preloads, #after-paint-hydration').count()).toBe(0);
  });

  it('evaluates the framework in a task of its own before React Router’s script, and still hydrates', async () => {
    // ADR 164: the framework chunk is the first preload, each file is preloaded once, and the
    // runner has evaluated the framework before it puts React Router's module script back.
    const { page } = await newTab();
    const path = '/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5';
    const html = await (await page.request.get(path)).text();
    const hrefs = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(hrefs[0]).toMatch(/\/framework-[^/]+\.js$/);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    await page.addInitScript(() => {
      // React Router sets __reactRouterVersion when its module is evaluated.
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLScriptElement && node.textContent?.includes('__reactRouterManifest'))
              document.documentElement.dataset.frameworkBeforeScript = String(
                '__reactRouterVersion' in window,
              );
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(path);
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    expect(await page.locator('html').getAttribute('data-framework-before-script')).toBe('true');
  });

  it('still hydrates, a few seconds late, in a browser that never runs frame callbacks', async () => {
    const { page } = await newTab();
    await page.addInitScript(() => {
      window.requestAnimationFrame = () => 0;
    });
    await page.goto('/');
    // Playwright's own polling runs on frame callbacks by default, so this one polls on a timer.
    await page.waitForFunction(
      () => {
        const main = document.querySelector('#main');
        return Boolean(main && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
      },
      undefined,
      { polling: 100 },
    );
    expect(await page.locator('#after-paint-preloads, #after-paint-hydration').count()).toBe(0);
  });
});
