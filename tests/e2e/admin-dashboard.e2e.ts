import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/**
 * The /admin dashboard follows the marketplace live (ADR 133): a sign-up, a provider request and
 * an admin's decision show on an open dashboard without a reload; the decision is in the audit log.
 */
describe('admin dashboard and audit log', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('counts a sign-up and a provider request live, and lists the decision as an admin action', async () => {
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await waitForHydration(admin.page, '#main');
    await waitForLiveChannel(admin.page, /^admins$/);
    await waitForLiveChannel(admin.page, /^user:/);
    const figure = (id: string) => admin.page.getByTestId(`figure-${id}-value`).textContent();
    const usersBefore = Number(await figure('new-users'));
    const pendingBefore = Number(await figure('pending-providers'));

    const member = await newTab();
    await registerFresh(member.page, 'dashboard');
    await expect
      .poll(async () => Number(await figure('new-users')), { timeout: 20_000 })
      .toBe(usersBefore + 1);

    const asked = await apiCall(member.page, 'POST', '/api/provider-requests', {
      first_name: 'Fresh',
      last_name: 'Member',
      email: `dash-${Date.now()}@example.com`,
    });
    expect(asked.status).toBe(201);
    await expect
      .poll(async () => Number(await figure('pending-providers')), { timeout: 20_000 })
      .toBe(pendingBefore + 1);

    const approved = await apiCall(
      admin.page,
      'POST',
      `/api/admin/provider-requests/${asked.body.id}/approve`,
    );
    expect(approved.status).toBe(200);
    await expect
      .poll(() => admin.page.getByTestId('recent-actions').textContent(), { timeout: 20_000 })
      .toContain('Approved Fresh Member');
    expect(Number(await figure('pending-providers'))).toBe(pendingBefore);

    // Each figure leads to its list.
    await admin.page.getByTestId('figure-pending-providers').click();
    await admin.page.waitForURL(/\/admin\/provider-requests\?status=pending$/);

    await admin.page.goto('/admin/audit?action=provider_request.approved');
    const entries = admin.page.getByTestId('audit-entries');
    await entries.waitFor();
    expect(await entries.locator('[data-action]').first().textContent()).toContain('Approved Fresh Member');
    expect(await entries.textContent()).toContain('"status":"approved"');

    await shootAll(admin.page, '/admin', 'admin-dashboard', { fullPage: true });
    await shootAll(admin.page, '/admin/audit', 'admin-audit', { fullPage: true });
  });

  it('refuses the dashboard and the audit log to a member who is not an admin', async () => {
    const tab = await newTab();
    const { page } = tab;
    await registerFresh(page, 'not-admin');
    for (const path of ['/api/admin/overview', '/api/admin/audit']) {
      expect((await apiCall(page, 'GET', path)).status, path).toBe(403);
    }
    const response = await page.goto('/admin/audit');
    expect(response?.status()).toBe(403);
    allowConsoleErrors(tab, /status of 403/);
  });
});
