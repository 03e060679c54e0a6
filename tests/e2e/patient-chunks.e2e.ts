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
    let asked = 0;
    await page.route(/\/assets\/account-actions-[\w-]+\.js$/, async (route) => {
      asked += 1;
      if (asked === 1) {
        // The signal goes as the chunk is on its way.
        await context.setOffline(true);
        await route.abort('internetdisconnected');
      } else await route.continue();
    });
    await page.goto('/about');
    await expect.poll(() => asked).toBe(1);
    // Offline past the first timed retry (1 s): nothing is asked for while there is no network.
    await page.waitForTimeout(1500);
    expect(asked).toBe(1);
    await context.setOffline(false);
    await waitForHydration(page, '[data-testid="avatar-menu"]');
    expect(asked).toBe(2);
    expect(await page.getByTestId('error-detail').count()).toBe(0);
    allowConsoleErrors(tab, /ERR_INTERNET_DISCONNECTED/);
  });
});
