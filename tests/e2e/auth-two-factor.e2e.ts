import { type Page, request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  goto,
  signInWithForm,
  signOutFromMenu,
  totpFor,
  uniqueEmail,
} from './auth-helpers.ts';
import { useBrowser } from './browser.ts';
import { fireTestNotification } from './notification-helpers.ts';
import { waitForLiveChannel } from './session-helpers.ts';

/** On /profile/security: sets up the authenticator app and turns two-step sign-in on. */
async function turnOnTwoStep(page: Page, password: string) {
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await page.getByLabel('Your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('totp-enrolment').waitFor();
  expect(await page.getByRole('img', { name: /QR code/ }).isVisible()).toBe(true);
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const backupCodes = await page.getByTestId('backup-code').allTextContents();
  expect(backupCodes).toHaveLength(10);
  await page.getByLabel('6-digit code from the app').fill(await totpFor(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByTestId('two-factor-status').filter({ hasText: 'On' }).waitFor();
  return { secret, backupCodes };
}

describe('accounts: two-step sign-in with an authenticator app', () => {
  const { newTab } = useBrowser();

  it('enrols in /profile/security, then asks for the app code (or a backup code) at sign-in', async () => {
    const { page } = await newTab();
    const email = uniqueEmail('careful');
    const password = 'locks and lanterns';
    await createAccount(email, password);
    await goto(page, '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await goto(page, '/profile/security');
    expect(await page.getByTestId('two-factor-status').textContent()).toBe('Off');
    const enrol = () => turnOnTwoStep(page, password);
    await enrol();

    // Turned off on the same page: the card starts over, with no leftover steps of the first setup.
    // The answer is held back a second, as on a slow line: the server has replaced the session (and
    // closed the socket of the old one) before the browser holds the new cookie. Any reload the
    // page starts meanwhile goes out with the old cookie and reaches the server after the change;
    // the page must wait for the answer instead, or it is sent to sign in again.
    let answerHeld = false;
    await page.route(
      (url) => url.pathname.startsWith('/profile/security'),
      async (route) => {
        if (route.request().method() !== 'POST') {
          if (answerHeld) await page.waitForTimeout(300);
          return route.fallback();
        }
        answerHeld = true;
        // Sent from a client of its own: route.fetch() would hand the new cookie to the browser at once.
        const line = await request.newContext();
        const answer = await line.fetch(route.request());
        await page.waitForTimeout(1000);
        answerHeld = false;
        await route.fulfill({ response: answer });
        await line.dispose();
      },
    );
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await page.getByTestId('two-factor-status').filter({ hasText: 'Off' }).waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    expect(new URL(page.url()).pathname).toBe('/profile/security');
    // Nor did a reload with the old cookie leave a return path, which the next sign-in would follow.
    const cookieNames = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookieNames).not.toContain('privy.redirect');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    expect(await page.getByTestId('totp-enrolment').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Two-step sign-in' }).count()).toBe(1);

    const { secret, backupCodes } = await enrol();

    // Next sign-in: password, then the code from the app.
    await signOutFromMenu(page);
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/login/two-factor');
    await page.getByLabel('Code from your app').fill(await totpFor(secret));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Without the phone: a backup code, once.
    await signOutFromMenu(page);
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/login/two-factor');
    await page.getByRole('button', { name: 'Lost your phone? Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(backupCodes[0] as string);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('keeps the tab live after turning it on, though the session behind it was replaced', async () => {
    const { page } = await newTab();
    // The browser's clock, so the socket's next heartbeat comes at once; it runs at real speed otherwise.
    await page.clock.install();
    const email = uniqueEmail('still-live');
    const password = 'lamps and ladders';
    await createAccount(email, password);
    await goto(page, '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await goto(page, '/profile/security');
    await waitForLiveChannel(page, /^user:/);

    // better-auth replaces the session when two-step sign-in turns on: the page reopens its socket
    // with the new cookie rather than keep one the server closes at its next heartbeat.
    await turnOnTwoStep(page, password);
    await waitForLiveChannel(page, /^user:/);
    await page.clock.fastForward('00:31');
    // The heartbeat's answer (or, were the socket still on the old session, its closing) arrives.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.documentElement.dataset.realtime)).toBe('open');

    const sent = await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await expect.poll(() => page.getByText(sent.message).first().isVisible(), { timeout: 3000 }).toBe(true);
  });
});
