import type { Page } from 'playwright-core';

/**
 * Holds the page's requests matching `pattern` (and `when`, if given) until the returned function is
 * called: scripts, to act before hydration as on a slow phone; a loader's data, to race a
 * navigation. A held request the page has dropped meanwhile is let go quietly.
 */
export async function holdRequests(
  page: Page,
  pattern: RegExp,
  when: (url: URL) => boolean = () => true,
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    if (when(new URL(route.request().url()))) await released;
    await route.continue().catch(() => {});
  });
  return release;
}

/** The page's JavaScript, held until released: the server's HTML shows but nothing is live. */
export const holdScripts = (page: Page) => holdRequests(page, /\.js(\?|$)/);
