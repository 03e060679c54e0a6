import { describe, expect, it } from 'vitest';
import { createAccount, goto, signInWithForm, uniqueEmail } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';

/**
 * "Confirm it's you" (ADR 144) on Profile › Security, as a page refused for want of a recent proof
 * sends people to it (?confirm). That sensitive changes are refused without one is the server's
 * rule, tested in server/domains/auth/reauthentication.test.ts with aged sessions.
 */
describe("confirm it's you", () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('takes the password on a phone, says when it is wrong, and closes once it is right', async () => {
    const tab = await newTab({
      device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    const { page } = tab;
    const email = uniqueEmail('confirmer');
    const password = 'quiet pines at noon';
    await createAccount(email, password);
    await goto(page, '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await goto(page, '/profile/security?confirm=1');
    const card = page.getByTestId('confirm-its-you');
    await card.waitFor();
    await shootAll(page, '/profile/security?confirm=1', 'confirm-its-you');
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, '/profile/security?confirm=1');

    await card.getByLabel('Your password').fill('not the password');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText("That password isn't right.").waitFor();
    allowConsoleErrors(tab, /status of 400/);

    await card.getByLabel('Your password').fill(password);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Thanks, that was you').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await page.getByTestId('identity-row').count()).toBeGreaterThan(0);
  });
});
