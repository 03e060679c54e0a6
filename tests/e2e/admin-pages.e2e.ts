import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * The admin area's users and bookings pages, reached the way admins reach them: from the
 * USER_REGISTERED and ADMIN_RESERVATION_* notifications' buttons.
 */

const DISABLED = 'Your account has been disabled. Please contact support for assistance.';

describe('admin pages', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('a newcomer reaches the admin live; the admin finds and disables them, and they see the gate', async () => {
    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await admin.page.goto('/admin');
    await waitForHydration(admin.page, '#main');

    const member = await newTab();
    const { email } = await registerFresh(member.page, 'newcomer');
    await member.page.goto('/dashboard');
    await waitForHydration(member.page, '#main');

    // USER_REGISTERED arrives as a toast; its panel entry's "View Users" leads to /admin/users.
    await expect
      .poll(() => admin.page.getByText('Fresh Member just created an account.').first().isVisible())
      .toBe(true);
    await admin.page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = admin.page.getByTestId('notification-entry').filter({ hasText: 'Fresh Member' }).first();
    await entry.getByRole('button', { name: 'View Users' }).click();
    await admin.page.waitForURL(/\/admin\/users$/);

    await admin.page.getByPlaceholder('Name, email or phone').fill(email);
    await admin.page.getByRole('button', { name: 'Search', exact: true }).click();
    await admin.page.waitForURL(/\/admin\/users\?q=/);
    await expect.poll(() => admin.page.getByTestId('admin-users').locator('tbody tr').count()).toBe(1);
    expect(await admin.page.getByTestId('admin-users').textContent()).toContain(email);

    await waitForHydration(admin.page, '#main');
    await admin.page.getByRole('button', { name: "Change Fresh Member's account" }).click();
    await admin.page.getByRole('menuitem', { name: 'Disable' }).click();
    await expect.poll(() => admin.page.getByText('Fresh Member is disabled.').first().isVisible()).toBe(true);
    await expect.poll(() => admin.page.getByTestId('admin-users').textContent()).toContain('Disabled');

    // The member did nothing: the gate arrives with the live profile change. (Their page's data
    // is refused with a 403 from then on, which the browser logs: expected here, as in gate.e2e.)
    await expect.poll(() => member.page.getByTestId('account-gate-message').textContent()).toBe(DISABLED);
    allowConsoleErrors(member, /status of 403/);
  });

  it('an admin goes from a booking notification to /admin/bookings and cancels it with a full refund', async () => {
    const host = await newTab();
    await signIn(host.page, 'paula@privy.test');
    const bathroom = await firstPublishedBathroomOf(host.page);

    const guest = await newTab();
    await registerFresh(guest.page, 'admin-booking');
    const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest.page, bathroom.id);
    await guest.page.goto(checkoutPath);
    await waitForHydration(guest.page, 'form button[type="submit"]');
    await guest.page.getByRole('button', { name: /^Pay / }).click();
    await guest.page.waitForURL(/\/payment-success\?session_id=/);

    const admin = await newTab();
    await signIn(admin.page, 'admin@privy.test');
    await admin.page.goto('/admin');
    await waitForHydration(admin.page, '#main');
    await admin.page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = admin.page
      .getByTestId('notification-entry')
      .filter({ hasText: `Booking confirmed at ${bathroom.title}` })
      .first();
    await entry.getByRole('button', { name: 'Admin Bookings' }).click();
    await admin.page.waitForURL(/\/admin\/bookings$/);

    await admin.page.goto(`/admin/bookings?q=${bookingId}`);
    await waitForHydration(admin.page, '#main');
    const row = admin.page.getByTestId('admin-booking-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('booking-status').textContent()).toBe('Confirmed');
    await row.getByRole('button', { name: 'Cancel', exact: true }).click();
    await admin.page.getByRole('button', { name: 'Cancel with full refund' }).click();
    await expect.poll(() => row.getByTestId('booking-status').textContent()).toBe('Cancelled');

    const detail = await apiCall(guest.page, 'GET', `/api/bookings/${bookingId}/detail`);
    expect(detail.body.status).toBe('cancelled');
    await expect
      .poll(async () => {
        const after = await apiCall(guest.page, 'GET', `/api/bookings/${bookingId}/detail`);
        return after.body.amount_refunded_cents === after.body.amount_paid_cents;
      })
      .toBe(true);
  });
});
