import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { registerFresh, signIn } from './session-helpers.ts';

/** Every same-site link inside main answers 200: the hub never points at a page that is not there. */
async function expectNoDeadLinks(page: Page) {
  const hrefs = await page
    .locator('main a[href^="/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href') ?? ''))]);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const response = await page.request.get(href, { maxRedirects: 0 });
    expect(response.status(), href).toBe(200);
  }
  return hrefs;
}

describe('dashboard and admin overview', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('sends a visitor without a session to sign in', async () => {
    const { page } = await newTab();
    await page.goto('/dashboard');
    await page.waitForURL(/\/login$/);
  });

  it('a guest sees the account checklist and guest help, with no dead links', async () => {
    const { page } = await newTab();
    const { email } = await registerFresh(page, 'hub');
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Fresh' }).waitFor();
    expect(await page.getByTestId('checklist-progress').textContent()).toBe('0 of 4 done');
    expect(await page.getByTestId('check-verify-email').textContent()).toContain(email);
    expect(await page.getByRole('link', { name: 'Verify your email' }).getAttribute('href')).toBe('/profile');
    expect(await page.getByRole('link', { name: 'Add a profile photo' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(await page.getByRole('link', { name: 'Turn on two-step verification' }).getAttribute('href')).toBe(
      '/profile/security',
    );
    expect(await page.getByRole('heading', { name: 'Before your first booking' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Hosting' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Open the admin area' }).count()).toBe(0);
    expect(await expectNoDeadLinks(page)).not.toContain('/admin');
  });

  it('a host sees an honest hosting section', async () => {
    const { page } = await newTab();
    await signIn(page, 'paula@privy.test');
    await page.goto('/dashboard');
    const hosting = page.locator('section', { has: page.getByRole('heading', { name: 'Hosting' }) });
    await hosting.waitFor();
    // The demo seed may already have given Paula bathrooms: the summary states the real count.
    expect(await hosting.getByTestId('host-listing-summary').textContent()).toMatch(
      /^(You have no bathrooms listed yet\.|\d+ bathrooms?, \d+ published\.)$/,
    );
    expect(await hosting.getByRole('link', { name: 'My bathrooms' }).getAttribute('href')).toBe(
      '/manage/properties',
    );
    expect(await hosting.getByRole('link', { name: 'Add a bathroom' }).getAttribute('href')).toBe(
      '/manage/add-property',
    );
    await expectNoDeadLinks(page);
  });

  it('an admin reaches /admin from the dashboard and sees real figures', async () => {
    // Somebody joins just before: the newest accounts must show them (earlier tests add accounts
    // too, so a seeded one may no longer be among the ten newest).
    const newcomer = await registerFresh((await newTab()).page, 'newest');
    const { page } = await newTab();
    await signIn(page, 'admin@privy.test');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Open the admin area' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    const api = await page.request.get('/api/admin/overview');
    const { counts } = await api.json();
    expect(counts.users).toBeGreaterThanOrEqual(5);
    expect(counts.admins).toBeGreaterThanOrEqual(1);
    expect(counts.providers).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('stat-admins').textContent()).toBe(String(counts.admins));
    expect(await page.getByTestId('stat-providers').textContent()).toBe(String(counts.providers));
    const table = page.getByTestId('newest-accounts');
    expect(await table.locator('tbody tr').count()).toBe(Math.min(10, counts.users));
    expect(await table.textContent()).toContain(newcomer.email);
  });

  it('refuses /admin and its API to a member who is not an admin', async () => {
    const tab = await newTab();
    await signIn(tab.page, 'gina@privy.test');
    const response = await tab.page.goto('/admin');
    expect(response?.status()).toBe(403);
    expect((await tab.page.request.get('/api/admin/overview')).status()).toBe(403);
    allowConsoleErrors(tab, /status of 403/);
  });
});
