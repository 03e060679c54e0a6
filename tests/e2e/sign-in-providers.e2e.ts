import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, goto, signInWithForm, uniqueEmail, waitForHydration } from './auth-helpers.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';

/**
 * "Continue with Acme SSO" against a real OpenID Connect provider that global-setup.ts starts beside
 * the app (server/test/oidc-test-provider.ts): its own login and consent pages, PKCE, state, nonce.
 */

/** Signs in at the provider (its login page, then its consent page) until it sends the browser back. */
async function passProvider(page: Page, login: string, button: string) {
  const app = new URL(baseUrl()).origin;
  const start = page.url();
  // Privy's form answers with a redirect to the provider, which may come straight back when it
  // still has a session and the consent.
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.href !== start);
  for (let step = 0; step < 4; step++) {
    await page.waitForLoadState('load');
    const here = page.url();
    if (new URL(here).origin === app) return;
    const loginField = page.locator('input[name="login"]');
    if (await loginField.count()) {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else {
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    await page.waitForURL((url) => url.href !== here);
  }
  await page.waitForURL((url) => url.origin === app);
}

describe('sign in with an OpenID Connect provider, and linked identities', () => {
  const { newTab } = useBrowser();

  it('creates the account on a first "Continue with", on a phone, and shows the identity in Security', async () => {
    const { page } = await newTab({
      device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    const email = uniqueEmail('sso-newcomer');
    await goto(page, '/login');
    await passProvider(page, email, 'Continue with Acme SSO');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('avatar-menu').waitFor();

    await goto(page, '/profile/security');
    const row = page.getByTestId('identity-row').filter({ hasText: 'Acme SSO' });
    expect(await row.textContent()).toContain(email);
    // The only way this account signs in: it cannot be unlinked.
    expect(await row.getByRole('button', { name: 'Unlink Acme SSO' }).isDisabled()).toBe(true);
    await page.getByTestId('last-identity-note').waitFor();
    await shootAll(page, '/profile/security', 'security-identities');

    // A first password: then the email signs in too, two-step sign-in can be turned on, and the
    // provider is no longer the only way in.
    await page.setViewportSize({ width: 390, height: 844 });
    await goto(page, '/profile/security');
    expect(await page.getByRole('button', { name: 'Set up an authenticator app' }).count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill('lantern over the bay');
    await page.getByLabel('New password again').fill('lantern over the bay');
    await page.getByRole('button', { name: 'Add password' }).click();
    await page.getByText('Password added').waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    expect(await row.getByRole('button', { name: 'Unlink Acme SSO' }).isEnabled()).toBe(true);
    await page.getByLabel('Current password').waitFor();
  });

  it('sends an existing email back to sign in first, then links, signs in with, and unlinks the provider', async () => {
    const { page } = await newTab();
    const email = uniqueEmail('sso-owner');
    const password = 'harbour lights at dusk';
    await createAccount(email, password);

    await goto(page, '/login');
    await passProvider(page, email, 'Continue with Acme SSO');
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('error') === 'account_not_linked',
    );
    const notice = page.getByTestId('provider-failure');
    expect(await notice.textContent()).toContain('You already have a Privy account with that email');
    await shootAll(page, page.url().replace(baseUrl(), ''), 'login-account-not-linked');
    await shootAll(page, '/register', 'register-with-providers');
    await page.setViewportSize({ width: 1280, height: 900 });
    await goto(page, '/login');

    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await goto(page, '/profile/security');
    await passProvider(page, email, 'Link Acme SSO');
    await page.waitForURL((url) => url.pathname === '/profile/security');
    await page.getByTestId('identity-linked').waitFor();
    const row = page.getByTestId('identity-row').filter({ hasText: 'Acme SSO' });
    expect(await row.textContent()).toContain(email);

    // Another browser signs in to the same account through the provider alone.
    const other = await newTab();
    await goto(other.page, '/login');
    await passProvider(other.page, email, 'Continue with Acme SSO');
    await other.page.waitForURL((url) => url.pathname === '/dashboard');

    await waitForHydration(page);
    await row.getByRole('button', { name: 'Unlink Acme SSO' }).click();
    await page.getByText('Acme SSO unlinked').waitFor();
    await page.getByTestId('identity-row').filter({ hasText: 'Acme SSO' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Link Acme SSO' }).waitFor();
  });
});
