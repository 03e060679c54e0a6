import { describe, expect, it } from 'vitest';
import { createAccount, goto, signInWithForm, uniqueEmail, waitForHydration } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';
import { holdChunk, waitForLiveChannel } from './session-helpers.ts';

/** "Where you're signed in" on Profile › Security: one other device signed out from its row. */
describe('signed-in devices', () => {
  const { newTab } = useBrowser();

  it('signs out one other device from its row, says so, and that device is asked to sign in again', async () => {
    const email = uniqueEmail('two-devices');
    const password = 'tide tables and tea';
    await createAccount(email, password);
    const laptop = await newTab();
    const phone = await newTab({
      device: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      },
    });
    for (const { page } of [laptop, phone]) {
      await goto(page, '/login');
      await signInWithForm(page, email, password);
      await page.waitForURL((url) => url.pathname === '/dashboard');
    }

    const { page } = laptop;
    await goto(page, '/profile/security');
    await waitForHydration(page);
    const rows = page.getByTestId('session-row');
    expect(await rows.count()).toBe(2);
    const other = rows.filter({ hasNot: page.getByTestId('current-session') });
    // A slow phone: the answer and the page's revalidation, which drops the row, then tend to land
    // in one render. The toast must not hang on the row that asked.
    const cdp = await laptop.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await other.getByRole('button', { name: /^Sign out / }).click();
    await page.getByText('That device is signed out of Privy.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.getByTestId('current-session').count()).toBe(1);

    await phone.page.goto('/profile');
    await phone.page.waitForURL((url) => url.pathname === '/login');
  });

  it('signs out cleanly while the message alerts are still loading: nothing asks for the gone session', async () => {
    const email = uniqueEmail('quick-exit');
    const password = 'in and out again';
    await createAccount(email, password);
    const { page } = await newTab();
    // The alerts' code is held back, and arrives while the sign-out is on its way.
    const alertsCode = await holdChunk(page, 'message-alerts-provider');
    await page.route(/\/logout\.data$/, async (route) => {
      const answer = await route.fetch();
      const alerts = page.waitForResponse(alertsCode.address);
      alertsCode.release();
      await alerts;
      // The runner would mount and ask for its count in the frames after its code arrives.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
      );
      await route.fulfill({ response: answer });
    });
    await goto(page, '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForHydration(page);
    // Not signOutFromMenu: it waits for the alerts, which are held back here on purpose.
    await waitForLiveChannel(page, /^user:/);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The address changes before the signed-out page has rendered: wait for the header to follow.
    await page.getByTestId('avatar-menu').waitFor({ state: 'detached' });
  });
});
