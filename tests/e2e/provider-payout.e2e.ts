import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/*
 * Paying hosts (ADRs 129, 130). The demo seed leaves Paula and Hector earnings payable on their
 * completed bookings and neither with a Stripe account. Paula links hers through the test
 * provider's onboarding; the admin presses "Pay all" on /admin/provider-payout: Paula is paid,
 * Hector is skipped with the reason, and Paula is told. The page refuses a host.
 */

type Overview = {
  hosts: { host_id: string; name: string; payable_cents: number; connect: string }[];
};

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

describe('provider payouts', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('the admin pays a linked host with payable earnings; an unlinked host is skipped with the reason', async () => {
    const paula = await newTab();
    await signIn(paula.page, 'paula@privy.test');
    const refused = await paula.page.goto('/admin/provider-payout');
    expect(refused?.status()).toBe(403);
    expect((await apiCall(paula.page, 'POST', '/api/admin/payouts/pay-all', {})).status).toBe(403);
    allowConsoleErrors(paula, /status of 403/);

    // Paula links her payout account, as in the Connect test.
    await paula.page.goto('/stripe-connect');
    await waitForHydration(paula.page, 'form button[type="submit"]');
    await paula.page.getByRole('button', { name: 'Connect Account' }).click();
    await paula.page.waitForURL(/\/test-connect\/acct_test_[0-9a-f]+$/);
    await paula.page.getByRole('button', { name: 'Complete' }).click();
    await paula.page.waitForURL(/\/stripe-connect\?return=1$/);

    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    const before = (await apiCall(admin.page, 'GET', '/api/admin/payouts')).body as unknown as Overview;
    const owed = before.hosts.find((host) => host.name === 'Paula Provider');
    const unlinked = before.hosts.find((host) => host.name === 'Hector Host');
    expect(owed).toMatchObject({ connect: 'connected' });
    expect(owed?.payable_cents).toBeGreaterThan(0);
    expect(unlinked).toMatchObject({ connect: 'unlinked' });
    expect(unlinked?.payable_cents).toBeGreaterThan(0);

    await admin.page.goto('/admin/provider-payout');
    await waitForHydration(admin.page, '[data-testid="payable-host"] button');
    const paulaCard = admin.page.locator(`[data-host-id="${owed?.host_id}"]`);
    const hectorCard = admin.page.locator(`[data-host-id="${unlinked?.host_id}"]`);
    expect(await paulaCard.innerText()).toContain(usd(owed?.payable_cents ?? 0));
    expect(await paulaCard.innerText()).toContain('Stripe connected');
    expect(await hectorCard.innerText()).toContain('No Stripe account');
    expect(await hectorCard.getByTestId('pay-blocked').innerText()).toBe('No Stripe account linked');
    await shootAll(admin.page, '/admin/provider-payout', 'provider-payout-before', { fullPage: true });
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    await admin.page.goto('/admin/provider-payout');
    await waitForHydration(admin.page, '[data-testid="payable-host"] button');

    await admin.page.getByRole('button', { name: 'Pay all' }).click();
    const results = admin.page.getByTestId('payout-results');
    await results.waitFor();
    const lines = await results.getByTestId('payout-result').allInnerTexts();
    expect(lines.join('\n')).toContain(`Paula Provider: Paid ${usd(owed?.payable_cents ?? 0)}`);
    expect(lines.join('\n')).toContain('Hector Host: No Stripe account linked');

    // Paula is no longer owed anything; the history shows her payout; Hector stays payable.
    await expect.poll(() => paulaCard.count()).toBe(0);
    expect(await hectorCard.count()).toBe(1);
    const history = admin.page.getByTestId('payout-row').filter({ hasText: 'Paula Provider' });
    expect(await history.innerText()).toContain(usd(owed?.payable_cents ?? 0));
    expect(await history.innerText()).toContain('paid');

    const notices = async () =>
      (
        (await apiCall(paula.page, 'GET', '/api/notifications')).body as unknown as {
          notifications: { notification_type: string; message: string }[];
        }
      ).notifications.filter((row) => row.notification_type === 'OWNER_PAYOUT_SENT');
    await expect.poll(async () => (await notices()).length).toBe(1);
    expect((await notices())[0]?.message).toBe(
      `We sent ${usd(owed?.payable_cents ?? 0)} of your earnings to your Stripe account.`,
    );
    await shootAll(admin.page, '/admin/provider-payout', 'provider-payout-after', { fullPage: true });
  });
});
