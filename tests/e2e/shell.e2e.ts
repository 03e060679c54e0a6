import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';

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
});
