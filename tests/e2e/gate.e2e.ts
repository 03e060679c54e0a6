import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

const DISABLED = 'Your account has been disabled. Please contact support for assistance.';
const UNDER_REVIEW = "We're reviewing your account. Please check back later.";
/** React's mark of a boundary's content sent apart from its place, hidden until a script moves it. */
const OUTLINED = /<div hidden id="S:/;

/** The page as the server sends it: every part in its place, nothing waiting hidden (ADR 158). */
async function pageHtml(page: Page, path: string): Promise<string> {
  return (await page.request.get(path)).text();
}

describe('account gate', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('an admin disables, then suspends, then restores an account; the member sees each overlay', async () => {
    const member = await newTab();
    const { id } = await registerFresh(member.page, 'gate');
    await member.page.goto('/dashboard');
    await member.page.getByRole('heading', { name: 'Welcome, Fresh' }).waitFor();
    // The signed-in header's menu sits in a boundary of its own (ADR 151).
    expect(await pageHtml(member.page, '/dashboard')).not.toMatch(OUTLINED);

    // The admin works in a separate browser profile, as they would on their own device.
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    const overlay = member.page.getByTestId('account-gate-message');

    const disable = await apiCall(admin.page, 'PATCH', `/api/admin/users/${id}`, { is_deleted: true });
    expect(disable).toEqual({ status: 200, body: { id, status: 'disabled' } });
    const gateHtml = await pageHtml(member.page, '/dashboard');
    expect(gateHtml).toContain(DISABLED);
    expect(gateHtml).not.toMatch(OUTLINED);
    await member.page.reload();
    await overlay.waitFor();
    expect(await overlay.textContent()).toBe(DISABLED);
    expect(await member.page.getByRole('alertdialog').isVisible()).toBe(true);
    expect(await member.page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    // The server refuses the account's API calls too, not only the page.
    expect((await apiCall(member.page, 'GET', '/api/profile')).status).toBe(403);

    await apiCall(admin.page, 'PATCH', `/api/admin/users/${id}`, { is_deleted: false, is_active: false });
    await member.page.goto('/profile');
    await overlay.waitFor();
    expect(await overlay.textContent()).toBe(UNDER_REVIEW);

    await apiCall(admin.page, 'PATCH', `/api/admin/users/${id}`, { is_active: true });
    await member.page.goto('/dashboard');
    await member.page.getByRole('heading', { name: 'Welcome back, Fresh' }).waitFor();
    expect(await overlay.count()).toBe(0);
    allowConsoleErrors(member, /status of 403/);
  });

  it('the overlay lets a disabled member sign out, to /login', async () => {
    const member = await newTab();
    const { id } = await registerFresh(member.page, 'gate-out');
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await apiCall(admin.page, 'PATCH', `/api/admin/users/${id}`, { is_deleted: true });
    await member.page.goto('/');
    await waitForHydration(member.page);
    await member.page.getByTestId('account-gate-message').waitFor();
    await member.page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await member.page.waitForURL(/\/login$/);
    expect((await apiCall(member.page, 'GET', '/api/account/me')).status).toBe(401);
    allowConsoleErrors(member, /status of 40[13]/);
  });
});
