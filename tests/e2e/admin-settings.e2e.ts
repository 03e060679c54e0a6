import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/*
 * /admin/settings (ADR 140): an admin changes a booking rule and a feature switch, each section
 * saved on its own, sees both in the history, and a visitor's home page loses its Go now button at
 * once. Everything is put back at the end: the other browser tests share this server.
 */

const GO_NOW_LABEL = 'Go now: free in 15 minutes';

async function putSettings(page: Page, body: Record<string, unknown>) {
  const response = await page.request.put('/api/admin/settings', {
    data: body,
    headers: { origin: baseUrl() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

describe('admin settings', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('an admin changes the checkout hold and switches Go now off; the history and the home page follow', {
    timeout: process.env.E2E_SCREENSHOTS ? 300_000 : 120_000,
  }, async () => {
    const adminTab = await newTab();
    const admin = adminTab.page;
    await signIn(admin, 'admin@privy.test');
    try {
      await admin.goto('/admin/settings');
      await waitForHydration(admin, '[data-testid="save-bookings"]');
      // Each field says its default.
      expect(await admin.getByTestId('default-holdMinutes').textContent()).toBe('Default: 15 minutes.');

      // Bookings: a longer checkout hold.
      const hold = admin.getByRole('textbox', { name: 'Checkout hold' });
      await hold.fill('20');
      await admin.getByTestId('save-bookings').click();
      await admin.getByText('Bookings saved').waitFor();

      // Features: Go now off.
      await admin.getByTestId('setting-goNowEnabled').click({ force: true });
      await admin.getByTestId('save-features').click();
      await admin.getByText('Features saved').waitFor();

      // The history lists both changes, newest first, after a reload too.
      await admin.reload();
      await waitForHydration(admin, '[data-testid="save-bookings"]');
      const entries = admin.getByTestId('settings-history-entry');
      await entries.first().waitFor();
      expect(await entries.nth(0).textContent()).toContain('Go now:On→changed toOff');
      expect(await entries.nth(1).textContent()).toContain('Checkout hold:15 minutes→changed to20 minutes');
      expect(await admin.getByRole('textbox', { name: 'Checkout hold' }).inputValue()).toBe('20 min');
      expect(await admin.getByTestId('setting-goNowEnabled').isChecked()).toBe(false);

      // A value out of bounds: the error sits next to its field and nothing is saved.
      const longest = admin.getByRole('textbox', { name: 'Longest booking' });
      await longest.fill('50');
      await admin.getByTestId('save-bookings').click();
      await admin.getByText('Use a multiple of 15 minutes').first().waitFor();
      expect(await longest.getAttribute('aria-invalid')).toBe('true');
      allowConsoleErrors(adminTab, /admin\/settings.*status of 400/);

      // A visitor: no Go now on the home page or the search page, and the API says why.
      const { page: visitor } = await newTab();
      await visitor.goto('/');
      await waitForHydration(visitor);
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await visitor.getByText(GO_NOW_LABEL).count()).toBe(0);
      await visitor.goto('/bathrooms');
      await waitForHydration(visitor);
      expect(await visitor.getByText(GO_NOW_LABEL).count()).toBe(0);
      const refused = await visitor.request.get('/api/bathrooms/go-now?lat=40.7128&lon=-74.006');
      expect(refused.status()).toBe(404);
      expect((await refused.json()).message).toContain('Go now is switched off');

      await shootAll(admin, '/admin/settings', 'admin-settings-page', { fullPage: true });
    } finally {
      // PRODUCT.md's values again, for the other browser tests (Go now's among them).
      await putSettings(admin, { holdMinutes: 15, goNowEnabled: true });
    }

    // Go now is back for visitors, without a restart.
    const { page: later } = await newTab();
    await later.goto('/');
    await later.getByText(GO_NOW_LABEL).first().waitFor();
  });
});
