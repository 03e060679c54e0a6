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
    const enrol = async () => {
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
    };
    await enrol();

    // Turned off on the same page: the card starts over, with no leftover steps of the first setup.
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByLabel('Your password').fill(password);
    await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
    await page.getByTestId('two-factor-status').filter({ hasText: 'Off' }).waitFor();
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
});
