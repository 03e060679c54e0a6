import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/*
 * A part whose code loads after the page (ADR 163) survives a chunk that fails to arrive: it is
 * asked for again, and the page never gives way to an error.
 */
describe('parts loaded after the page', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('asks again for a chunk that failed, online, and the part then works', async () => {
    const tab = await newTab();
    const { page } = tab;
    await signIn(page, 'gina@privy.test');
    // The header's account menu is such a part: its first two loads fail as a dropped connection would.
    let asked = 0;
    await page.route(/\/assets\/account-actions-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked <= 2) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.goto('/about');
    await waitForHydration(page, '[data-testid="avatar-menu"]');
    expect(asked).toBe(3);
    await page.getByTestId('avatar-menu').click();
    await expect.poll(() => page.getByRole('menuitem', { name: /Sign out/ }).isVisible()).toBe(true);
    expect(await page.getByTestId('error-detail').count()).toBe(0);
    // The two refused loads, as the browser reports them.
    allowConsoleErrors(tab, /ERR_CONNECTION_RESET/);
  });

  it('waits for the browser to be back online before asking again', async () => {
    const tab = await newTab();
    const { page, context } = tab;
    await signIn(page, 'gina@privy.test');
    let offline = false;
    let firstAskAt = 0;
    const offlineAsksAfter: number[] = [];
    let onlineAsks = 0;
    await page.route(/\/assets\/account-actions-[\w-]+\.js$/, async (route) => {
      if (!firstAskAt) {
        firstAskAt = Date.now();
        // The signal goes as the chunk is on its way.
        offline = true;
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      } else if (offline) {
        offlineAsksAfter.push(Date.now() - firstAskAt);
        await route.abort('internetdisconnected');
      } else {
        onlineAsks += 1;
        await route.continue();
      }
    });
    await page.goto('/about');
    await expect.poll(() => firstAskAt).toBeGreaterThan(0);
    // Offline past the timed retries at 1 and 3 s: nothing is asked for again while there is no
    // network. (Vite's loader may ask twice within one load, the preload and the import, and the
    // second can land after the first failed: that one comes at once, not a retry later.)
    await page.waitForTimeout(4000);
    expect(offlineAsksAfter.filter((ms) => ms > 2000)).toEqual([]);
    offline = false;
    await context.setOffline(false);
    await waitForHydration(page, '[data-testid="avatar-menu"]');
    expect(onlineAsks).toBe(1);
    expect(await page.getByTestId('error-detail').count()).toBe(0);
    // React Router's route discovery also fails while offline, and says so.
    allowConsoleErrors(tab, /ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/);
  });
});
