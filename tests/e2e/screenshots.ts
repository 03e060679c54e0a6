import type { Page } from 'playwright-core';
import { waitForHydration } from './session-helpers.ts';

/**
 * Screenshots of a page at a phone's and a desktop's width, light and dark, only when asked
 * (E2E_SCREENSHOTS=<folder>): for looking at what a test visits, never compared by the test.
 */
export async function shootAll(page: Page, path: string, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await page.screenshot({
        path: `${folder}/${name}-${width}-${colorScheme}.png`,
        fullPage: options.fullPage ?? false,
      });
    }
  }
}
