import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser.ts';
import { waitForLiveChannel } from './session-helpers.ts';

/** Helpers for the account and sign-in browser tests (auth*.e2e.ts). */

export const DEMO_PASSWORD = 'privy-demo-2026';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A US number nobody else in this run has: 555-01xx numbers are reserved for fiction. */
export function uniquePhone(): { typed: string; e164: string } {
  const area = 200 + Math.floor(Math.random() * 700);
  const line = String(Math.floor(Math.random() * 100)).padStart(2, '0');
  const exchange = 100 + Math.floor(Math.random() * 800);
  const digits = `${area}${exchange}01${line}`;
  return { typed: `(${area}) ${exchange}-01${line}`, e164: `+1${digits}` };
}

/** Creates an email account outside any browser profile, for tests that start from an existing account. */
export async function createAccount(email: string, password: string): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email, password, first_name: 'Test', last_name: 'Member' }),
  });
  expect(response.status, await response.text()).toBe(200);
}

/** Resolves once React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('#main');
    return Boolean(main && Object.keys(main).some((key) => key.startsWith('__reactFiber')));
  });
}

export async function goto(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Opens the newest message to `recipient` in the dev mailbox (/dev/mailbox) the way a developer
 * would, and returns its text version.
 */
export async function readLatestMessage(page: Page, recipient: string): Promise<string> {
  await goto(page, '/dev/mailbox');
  const row = page.getByTestId('outbox-row').filter({ hasText: recipient }).first();
  await row.getByRole('link').click();
  const text = page.getByTestId('message-text');
  await text.waitFor();
  return (await text.textContent()) ?? '';
}

export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://\\S*${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[0];
}

export function codeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no 6-digit code in: ${text}`);
  return match[1];
}

/** What an authenticator app shows right now for a key typed in by hand (groups of four allowed). */
export async function totpFor(secret: string): Promise<string> {
  return createOTP(base32.decode(secret.replace(/\s+/g, ''))).totp();
}

/** Fills and sends the sign-in form on /login with an email address. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs out from the avatar menu in the site header; sign-out lands on /login (spec §2). First the
 * page's live parts must have been let in: a request they sent as the page opened, answered after
 * the sign-out has ended the session, is refused (a console 401), as a person who signs out a
 * moment after arriving would see too.
 */
export async function signOutFromMenu(page: Page): Promise<void> {
  await waitForLiveChannel(page, /^user:/);
  // The message alerts load lazily and ask for the unread count as they start (before the badge
  // says they are live): that request is then ahead of the sign-out.
  await page.locator('[data-testid="message-badge"][data-live="true"]').waitFor();
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

/** Flips the email-or-phone switch of a sign-in or sign-up form (its radios are visually hidden). */
export async function choosePhoneNumber(page: Page): Promise<void> {
  await page
    .locator('label', { hasText: /^Phone number$/ })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).waitFor();
}
