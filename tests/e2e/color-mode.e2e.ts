import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { waitForHydration } from './session-helpers.ts';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');
const toggle = (page: Page) => page.getByTestId('color-mode-toggle');

/** Clicks the header toggle until it reports the wanted mode (it cycles light → dark → auto). */
async function chooseMode(page: Page, mode: 'light' | 'dark' | 'auto') {
  for (let i = 0; i < 3 && (await toggle(page).getAttribute('data-mode')) !== mode; i++) {
    const before = await toggle(page).getAttribute('data-mode');
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('data-mode')).not.toBe(before);
  }
  expect(await toggle(page).getAttribute('data-mode')).toBe(mode);
}

describe('colour mode', () => {
  const { newTab } = useBrowser();

  it('cycles light → dark → system from the header', async () => {
    const { page } = await newTab({ colorScheme: 'light' });
    await page.goto('/about');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    await chooseMode(page, 'light');
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('data-mode')).toBe('dark');
    expect(await scheme(page)).toBe('dark');
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('data-mode')).toBe('auto');
    expect(await scheme(page)).toBe('light');
    await toggle(page).click();
    await expect.poll(() => toggle(page).getAttribute('data-mode')).toBe('light');
  });

  it('dark mode persists across a reload and navigation', async () => {
    const { page } = await newTab({ colorScheme: 'light' });
    await page.goto('/about');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    await chooseMode(page, 'dark');
    expect(await scheme(page)).toBe('dark');
    await page.reload();
    expect(await scheme(page)).toBe('dark');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    expect(await scheme(page)).toBe('dark');
    await expect.poll(() => toggle(page).getAttribute('data-mode')).toBe('dark');
    await page.goto('/how-it-works');
    expect(await scheme(page)).toBe('dark');
  });

  it('system mode follows the operating system live, without a reload', async () => {
    const { page } = await newTab({ colorScheme: 'light' });
    await page.goto('/about');
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    await chooseMode(page, 'auto');
    expect(await scheme(page)).toBe('light');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => scheme(page)).toBe('light');
    expect(navigations).toEqual([]);
    await page.reload();
    await waitForHydration(page, '[data-testid="color-mode-toggle"]');
    await expect.poll(() => toggle(page).getAttribute('data-mode')).toBe('auto');
  });
});
