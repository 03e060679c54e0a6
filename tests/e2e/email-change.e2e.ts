import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  goto,
  linkIn,
  readLatestMessage,
  signInWithForm,
  uniqueEmail,
  uniquePhone,
} from './auth-helpers.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';

/**
 * Changing the email on /profile (ADR 145): the link goes to the new address, the old one gets a
 * notice whose undo link signs everyone out. Refusals (replays, other accounts, missing proofs) are
 * the server's rules, tested in server/domains/auth/email-change.test.ts.
 */

/** Screenshots of the open form, which no address reaches: opened after each load. */
async function shootOpenForm(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme });
      await goto(page, '/profile');
      await page.getByRole('button', { name: /^(Change email|Add an email)$/ }).click();
      await page.getByLabel('New email address').fill('not-an-address');
      await page.getByTestId('contact-email').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${folder}/${name}-${width}-${colorScheme}.png` });
    }
  }
  // The server's answer to a bad address, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await page.getByText('Enter a valid email address', { exact: false }).first().waitFor();
  await page.screenshot({ path: `${folder}/${name}-error-390-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('email change', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('changes the email from the profile, confirms it from the new inbox, and the old inbox undoes it', async () => {
    const tab = await newTab({
      device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    const { page } = tab;
    const email = uniqueEmail('changer');
    const newEmail = uniqueEmail('changed');
    const password = 'quiet pines at noon';
    await createAccount(email, password);
    await goto(page, '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await shootAll(page, '/profile', 'email-change-1-idle', { fullPage: true });
    await shootOpenForm(page, 'email-change-2-form');
    allowConsoleErrors(tab, /status of 400/);
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, '/profile');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    const pending = page.getByTestId('email-change-pending');
    await pending.waitFor();
    expect(await pending.textContent()).toContain(`Check ${newEmail}`);
    expect(await page.getByTestId('contact-email').textContent()).toContain(email);
    await shootAll(page, '/profile', 'email-change-3-pending');

    const confirmation = linkIn(await readLatestMessage(page, newEmail), '/api/auth/verify-email');
    await page.goto(confirmation);
    await page.waitForURL((url) => url.pathname === '/profile' && url.search === '?email=changed');
    await page.getByTestId('email-change-outcome').getByText('Email changed').waitFor();
    expect(await page.getByTestId('contact-email').textContent()).toContain(newEmail);
    await shootAll(page, '/profile?email=changed', 'email-change-4-changed');

    const undo = linkIn(await readLatestMessage(page, email), '/undo-email-change');
    expect(undo.startsWith(baseUrl())).toBe(true);
    await shootAll(page, undo, 'email-change-5-undo');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await goto(page, undo);
    await page.getByRole('button', { name: 'Undo the change' }).click();
    await page.getByTestId('email-change-undone').waitFor();
    // The header's live parts of the signed-out session are refused until the page drops them.
    allowConsoleErrors(tab, /status of 401/);
    expect(await page.getByTestId('email-change-undone').textContent()).toContain(email);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/email-change-6-undone-390-light.png` });
    }

    // Signed out everywhere: the profile now asks for a sign-in.
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    // The link worked once.
    await goto(page, undo);
    await page.getByText('This change was already undone').waitFor();
  });

  it('offers a phone account to add an email', async () => {
    const { page } = await newTab({ device: { viewport: { width: 390, height: 844 } } });
    const phone = uniquePhone();
    const password = 'quiet pines at noon';
    const headers = { origin: baseUrl() };
    const registered = await page.request.post('/api/account/register', {
      data: { phone: phone.typed, password },
      headers,
    });
    expect(registered.status()).toBe(200);
    const signedIn = await page.request.post('/api/account/sign-in', {
      data: { phone: phone.typed, password },
      headers,
    });
    expect(signedIn.status()).toBe(200);
    await goto(page, '/profile');
    expect(await page.getByTestId('contact-email').textContent()).toContain('No email address');
    await page.getByRole('button', { name: 'Add an email' }).waitFor();
    await shootAll(page, '/profile', 'email-change-0-phone', { fullPage: true });
  });
});
