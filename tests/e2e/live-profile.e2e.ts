import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn } from './session-helpers.ts';

describe('profile changes made elsewhere arrive live', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('shows the account gate the moment an admin disables the account, without a reload', async () => {
    const member = await newTab();
    const { id } = await registerFresh(member.page, 'live-gate');
    await member.page.goto('/dashboard');
    await member.page.getByRole('heading', { name: 'Welcome, Fresh' }).waitFor();
    // Give the socket a moment to subscribe.
    await member.page.waitForTimeout(500);
    const marker = await member.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);

    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    expect((await apiCall(admin.page, 'PATCH', `/api/admin/users/${id}`, { is_deleted: true })).status).toBe(
      200,
    );

    await expect
      .poll(() => member.page.getByTestId('account-gate-message').textContent(), { timeout: 5000 })
      .toBe('Your account has been disabled. Please contact support for assistance.');
    expect(
      await member.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    // Revalidating the blocked account's own page answers 403 behind the overlay.
    allowConsoleErrors(member, /status of 403/);
  });
});
