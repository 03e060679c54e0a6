import { describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS_MESSAGE } from '../../common/schemas/auth.ts';
import {
  codeIn,
  createAccount,
  DEMO_PASSWORD,
  goto,
  linkIn,
  readLatestMessage,
  signInWithForm,
  signOutFromMenu,
  uniqueEmail,
  waitForHydration,
} from './auth-helpers.ts';
import { useBrowser } from './browser.ts';

describe('accounts: sign up, confirm, sign in, sign out', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('registers with an email, confirms it from the dev mailbox, signs in, out and in again', async () => {
    const { page } = await newTab();
    const email = uniqueEmail('newcomer');
    const password = 'morning tide lanterns';
    await goto(page, '/register');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('First name').fill('Nora');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('check-inbox').waitFor();
    expect(await page.getByTestId('check-inbox').textContent()).toContain(email);

    const message = await readLatestMessage(page, email);
    await page.goto(linkIn(message, '/api/auth/verify-email'));
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('verified'));
    expect(await page.getByTestId('email-confirmed').textContent()).toContain('Your email is confirmed');

    // Registering signed nobody in (ADR 105): the confirmed address and password do.
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await signOutFromMenu(page);
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('avatar-menu').waitFor();
    await signOutFromMenu(page);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('says exactly what is missing when neither an email nor a phone number is given', async () => {
    const tab = await newTab();
    await goto(tab.page, '/register');
    await tab.page.getByRole('button', { name: 'Create account' }).click();
    await tab.page.getByTestId('form-error').waitFor();
    expect(await tab.page.getByTestId('form-error').textContent()).toContain(MISSING_CREDENTIALS_MESSAGE);
    allowConsoleErrors(tab, /status of 400/);
  });

  it('brings a visitor back to the full guarded path, query included, after signing in', async () => {
    const { page } = await newTab();
    await page.goto('/profile/security?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    await signInWithForm(page, 'hector@privy.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/profile/security');
    expect(new URL(page.url()).search).toBe('?x=1');
    await page.getByTestId('current-session').waitFor();

    // The saved path was used up: the next sign-in goes to the dashboard.
    await signOutFromMenu(page);
    await signInWithForm(page, 'hector@privy.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('brings back to the page, not its data request, someone whose session ended before a link', async () => {
    const tab = await newTab();
    const { page, context } = tab;
    await goto(page, '/login');
    await signInWithForm(page, 'paula@privy.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForHydration(page);
    // The session ends under the open page (expired, or signed out on another device); the next
    // link is a client-side navigation, whose loader request is /manage/properties.data.
    await context.clearCookies();
    await page.getByRole('link', { name: 'My bathrooms' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInWithForm(page, 'paula@privy.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/manage/properties');
    await page.getByRole('heading', { name: 'My bathrooms' }).waitFor();
    // The page's live parts, still open when the session went, are refused once on the way (their
    // reconnect and unread count), as they would be for a person whose session ended.
    allowConsoleErrors(tab, /status of 401|WebSocket connection to .* failed/);
  });

  it('sends a signed-in user from /login and /register to the dashboard', async () => {
    const { page } = await newTab();
    await goto(page, '/login');
    await signInWithForm(page, 'gus@privy.test', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/login');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.goto('/register');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('signs in with a one-time code from the email', async () => {
    const { page } = await newTab();
    const email = uniqueEmail('coder');
    await createAccount(email, 'paper boats at dawn');
    await goto(page, '/login');
    await page.getByRole('link', { name: 'Email me a one-time code' }).click();
    await page.waitForURL((url) => url.pathname === '/login/code');
    // The URL changes before React has drawn the new page, and /login has an Email field too: on a
    // slow machine the email went into the old page's field, and an empty one was sent.
    await page.getByRole('button', { name: 'Send me a code' }).waitFor();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByTestId('code-sent').waitFor();

    // The mailbox is read in another tab, as a person would with their email app.
    const mailbox = await newTab();
    const code = codeIn(await readLatestMessage(mailbox.page, email));
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });
});
