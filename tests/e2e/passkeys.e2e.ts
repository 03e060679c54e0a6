import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createAccount,
  goto,
  signInWithForm,
  signOutFromMenu,
  totpFor,
  uniqueEmail,
  waitForHydration,
} from './auth-helpers.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { waitForLiveChannel } from './session-helpers.ts';

/**
 * Chromium's virtual authenticator (through the DevTools protocol): a platform authenticator with
 * discoverable credentials that verifies its user (a fingerprint, in real life) without a prompt.
 */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

async function signUpAndSignIn(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = 'fingers and faces';
  await createAccount(email, password);
  await goto(page, '/login');
  await signInWithForm(page, email, password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return { email, password };
}

async function addPasskeyOnSecurity(page: Page, name: string) {
  await goto(page, '/profile/security');
  await page.getByRole('textbox', { name: 'Name (optional)' }).fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByTestId('passkey-row').filter({ hasText: name }).waitFor();
}

async function signInWithPasskey(page: Page) {
  await goto(page, '/login');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

describe('accounts: passkeys (ADR 146)', () => {
  const { newTab } = useBrowser();

  it('adds a passkey on Security, then signs in with it alone', async () => {
    const { page, context } = await newTab();
    await addVirtualAuthenticator(context, page);
    await signUpAndSignIn(page, 'passkey');

    await goto(page, '/profile/security');
    expect(await page.getByTestId('no-passkeys').isVisible()).toBe(true);
    await addPasskeyOnSecurity(page, 'Test laptop');
    expect(await page.getByRole('button', { name: 'Delete passkey Test laptop' }).isVisible()).toBe(true);

    await signOutFromMenu(page);
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The saved return path is followed, as after a password sign-in.
    await signOutFromMenu(page);
    await goto(page, '/profile/security');
    await page.waitForURL((url) => url.pathname === '/login');
    await waitForHydration(page);
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/profile/security');

    // "Confirm it's you" with the passkey; the plugin's sign-in session it makes on the way is gone.
    await goto(page, '/profile/security?confirm=1');
    const confirm = page.getByTestId('confirm-its-you');
    await confirm.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await page.getByText('Thanks, that was you').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await goto(page, '/profile/security');
    expect(await page.getByTestId('session-row').count()).toBe(1);
    await shootAll(page, '/profile/security?confirm=1', 'passkeys-confirm');

    await shootAll(page, '/profile/security', 'passkeys-security', { fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signOutFromMenu(page);
    await shootAll(page, '/login', 'passkeys-login');

    // Deleting it (the sign-in is fresh, so no "Confirm it's you").
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await goto(page, '/profile/security');
    await page.getByRole('button', { name: 'Delete passkey Test laptop' }).click();
    await page.getByTestId('no-passkeys').waitFor();
  });

  it('signs an account with an authenticator app in by passkey without asking for the code', async () => {
    const { page, context } = await newTab();
    await addVirtualAuthenticator(context, page);
    const { email, password } = await signUpAndSignIn(page, 'passkey-totp');

    // Two-step sign-in on, through the same endpoints the Security card uses. Turning it on
    // replaces the session (better-auth), so the page's first live requests go out before it.
    await waitForLiveChannel(page, /^user:/);
    await page.locator('[data-testid="message-badge"][data-live="true"]').waitFor();
    const headers = { origin: baseUrl() };
    const enabled = await page.request.post('/api/auth/two-factor/enable', { data: { password }, headers });
    expect(enabled.status(), await enabled.text()).toBe(200);
    const secret = new URL(((await enabled.json()) as { totpURI: string }).totpURI).searchParams.get(
      'secret',
    );
    const verified = await page.request.post('/api/auth/two-factor/verify-totp', {
      data: { code: await totpFor(secret ?? '') },
      headers,
    });
    expect(verified.status(), await verified.text()).toBe(200);

    await addPasskeyOnSecurity(page, 'Phone');
    await signOutFromMenu(page);
    await signInWithPasskey(page);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(page.url()).not.toContain('two-factor');

    // The passkey as the second step: after the password, in place of the app's code.
    await signOutFromMenu(page);
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/login/two-factor');
    await waitForHydration(page);
    const instead = page.getByRole('button', { name: 'Use a passkey instead' });
    await shootAll(page, '/login/two-factor', 'passkeys-two-factor');
    await expect.poll(() => instead.isEnabled()).toBe(true);
    await instead.click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('offers no passkey where the browser has no WebAuthn', async () => {
    const { page } = await newTab();
    await page.addInitScript(() => {
      // @ts-expect-error: a browser without passkeys (old versions, some in-app webviews)
      delete window.PublicKeyCredential;
    });
    await signUpAndSignIn(page, 'no-webauthn');
    await goto(page, '/profile/security');
    await page.getByTestId('passkeys-unsupported').waitFor();
    expect(await page.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
    await signOutFromMenu(page);
    await waitForHydration(page);
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
  });
});
