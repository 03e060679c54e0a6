import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForLiveChannel } from './session-helpers.ts';

describe('becoming a provider', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('reaches the admin live, and the approval reaches the user live', async () => {
    const admin = await newTab();
    const guest = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await signIn(guest.page, 'gina@privy.test');

    await admin.page.goto('/admin/provider-requests');
    await expect.poll(() => admin.page.getByTestId('provider-requests-empty').isVisible()).toBe(true);
    // The toast comes on the admin's own channel and the row on the admins' one: an event sent
    // before a channel is open is not replayed, so wait for both, as an admin already on the page.
    await waitForLiveChannel(admin.page, /^admins$/);
    await waitForLiveChannel(admin.page, /^user:/);

    await guest.page.goto('/become-a-provider');
    expect(await guest.page.getByLabel('First name').inputValue()).toBe('Gina');
    expect(await guest.page.getByLabel('Email').inputValue()).toBe('gina@privy.test');
    await guest.page.getByRole('button', { name: 'Send my request' }).click();
    await expect
      .poll(() => guest.page.getByTestId('provider-request-status').textContent())
      .toContain('being reviewed');

    // The admin, already on the page, gets the toast and the new row without reloading.
    await expect
      .poll(() =>
        admin.page.getByText('Gina Guest (gina@privy.test) asked to become a provider.').first().isVisible(),
      )
      .toBe(true);
    await expect.poll(() => admin.page.getByTestId('provider-request-row').count()).toBe(1);

    // The approval is toasted live only to a tab whose channel is already open (a later one
    // catches up in the badge): wait for the guest's, as a person would already be on the page.
    await waitForLiveChannel(guest.page, /^user:/);
    await admin.page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => admin.page.getByTestId('provider-requests-empty').isVisible()).toBe(true);

    // The user hears it live: toast and badge, and the page now knows they are a host.
    await expect
      .poll(() => guest.page.getByText('You are now a host').filter({ visible: true }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => guest.page.getByTestId('notification-badge').getAttribute('data-count'))
      .toBe('1');
    await expect
      .poll(() => guest.page.getByTestId('provider-request-status').textContent())
      .toContain('You are a Privy host');

    // Its "Manage Properties" button marks it read and leads to the host's listings.
    await guest.page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = guest.page.getByTestId('notification-entry').filter({ hasText: 'approved' });
    await entry.getByRole('button', { name: 'Manage Properties' }).click();
    await guest.page.waitForURL(/\/manage\/properties$/);
    const read = await guest.page.evaluate(
      async () => (await (await fetch('/api/notifications')).json()).notifications[0].read,
    );
    expect(read).toBe(true);

    // Revoking asks first, then takes host access away; the user hears that live too.
    await admin.page.locator('label', { hasText: /^Approved$/ }).click();
    await admin.page.waitForURL(/status=approved/);
    // Other browser tests approve hosts of their own on the same server: only Gina's row is ours.
    const ginas = admin.page.getByTestId('provider-request-row').filter({ hasText: 'gina@privy.test' });
    await expect.poll(() => ginas.count()).toBe(1);
    await ginas.getByRole('button', { name: 'Revoke', exact: true }).click();
    await admin.page.getByRole('button', { name: 'Revoke and cancel bookings' }).click();
    await expect.poll(() => ginas.count()).toBe(0);
    await expect
      .poll(() => guest.page.getByTestId('notification-badge').getAttribute('data-count'))
      .toBe('1');
    await expect
      .poll(() =>
        guest.page.evaluate(
          async () => (await (await fetch('/api/notifications')).json()).notifications[0].notification_type,
        ),
      )
      .toBe('BECOME_PROVIDER_REQUEST_REVOKED');
    // Their open host page refreshes with the profile and shows how to become a host again.
    await guest.page.waitForURL(/\/become-a-provider$/);
    await expect
      .poll(() => guest.page.getByTestId('provider-request-status').textContent())
      .toContain('Your hosting access was removed');
  });

  it('catches up on a request sent while the admin was offline, once the socket is back', async () => {
    const admin = await newTab();
    const guest = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    const member = await registerFresh(guest.page, 'offline-ask');
    await admin.page.goto('/admin/provider-requests');
    await waitForLiveChannel(admin.page, /^admins$/);
    const theirs = admin.page.getByTestId('provider-request-row').filter({ hasText: member.email });
    expect(await theirs.count()).toBe(0);

    // Drop the admin's socket and keep it down (its first retry comes a second later), then ask.
    const drop = await apiCall(admin.page, 'POST', '/api/dev/realtime/disconnect');
    expect(drop.body.closed).toBeGreaterThanOrEqual(1);
    await admin.context.setOffline(true);
    const asked = await apiCall(guest.page, 'POST', '/api/provider-requests', {
      first_name: 'Fresh',
      last_name: 'Member',
      email: member.email,
    });
    expect(asked.status).toBe(201);
    // The event went out while nothing was listening: no live delivery can have shown it.
    expect(await admin.page.evaluate(() => document.documentElement.dataset.realtime)).not.toBe('open');
    await admin.page.waitForTimeout(300);
    expect(await theirs.count()).toBe(0);

    // Back online, the client reconnects on its own; the restored channel reloads the list.
    await admin.context.setOffline(false);
    await waitForLiveChannel(admin.page, /^admins$/);
    await expect.poll(() => theirs.count(), { timeout: 15_000 }).toBe(1);

    // What the browser itself says of requests made while it was offline is expected.
    allowConsoleErrors(admin, /ERR_INTERNET_DISCONNECTED/);
    // Leave no pending request for the other tests, which expect an empty queue.
    const decided = await apiCall(admin.page, 'POST', `/api/admin/provider-requests/${asked.body.id}/reject`);
    expect(decided.status).toBeLessThan(300);
  });
});
