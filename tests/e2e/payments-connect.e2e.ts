import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

const BANNER =
  'Your stripe account is not linked. Please link your stripe account to manage your properties and accept bookings.';

describe('payout account (test provider)', () => {
  const { newTab } = useBrowser();

  it('an unlinked provider sees the banner; Connect Account leads through test onboarding and clears it', async () => {
    const host = await newTab();
    const admin = await newTab();
    await registerFresh(host.page, 'connect');
    const asked = await apiCall(host.page, 'POST', '/api/provider-requests', {
      first_name: 'Fresh',
      last_name: 'Host',
      email: 'fresh-host@example.com',
    });
    expect(asked.status).toBe(201);
    await signIn(admin.page, 'admin@privy.test');
    expect(
      (await apiCall(admin.page, 'POST', `/api/admin/provider-requests/${asked.body.id}/approve`)).status,
    ).toBe(200);

    await host.page.goto('/dashboard');
    const banner = host.page.getByTestId('stripe-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(BANNER);
    await waitForHydration(host.page, '[data-testid="stripe-banner"] a');
    await banner.getByRole('link', { name: 'Connect Account' }).click();
    await host.page.waitForURL(/\/stripe-connect$/);
    expect(await host.page.getByTestId('test-mode-badge').textContent()).toBe('TEST MODE');

    await waitForHydration(host.page, 'form button[type="submit"]');
    await host.page.getByRole('button', { name: 'Connect Account' }).click();
    await host.page.waitForURL(/\/test-connect\/acct_test_[0-9a-f]+$/);
    expect(await host.page.getByTestId('test-mode-badge').isVisible()).toBe(true);
    await host.page.getByRole('button', { name: 'Complete' }).click();

    await host.page.waitForURL(/\/stripe-connect\?return=1$/);
    await expect
      .poll(() => host.page.getByTestId('connect-status').textContent())
      .toContain('Your payout account is linked');
    await host.page.goto('/dashboard');
    await host.page.getByRole('heading').first().waitFor();
    expect(await host.page.getByTestId('stripe-banner').count()).toBe(0);
  });
});
