import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/*
 * Refund requests (ADR 126), three browser profiles: a fresh guest on a phone asks for a refund
 * with a photo; the admin approves part of it at /admin/refund-requests; the guest and the host,
 * each on the booking page, see the refund arrive without a reload, and the booking shows the
 * refunded amount.
 */

describe('refund requests', () => {
  const { newTab } = useBrowser();

  it('a guest asks with a photo, the admin approves part, guest and host see the refund live', async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const { page: guest } = await newTab({
      device: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
    await registerFresh(guest, 'refund-guest');
    const bathroom = await firstPublishedBathroomOf(host);
    const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest, bathroom.id);
    const paid = await apiCall(
      guest,
      'POST',
      `/api/payments/test-checkout/${checkoutPath.split('/').pop()}/pay`,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const price = (
      (await apiCall(guest, 'GET', `/api/bookings/${bookingId}`)).body as { amount_paid_cents: number }
    ).amount_paid_cents;
    expect(price).toBeGreaterThan(100);

    // The guest asks, from the booking page on a phone.
    await guest.goto(`/bookings/${bookingId}`);
    await waitForHydration(guest, '[data-testid="request-refund"]');
    await guest.getByTestId('request-refund').click();
    const dialog = guest.getByRole('dialog', { name: 'Request a refund' });
    await dialog.getByLabel('What went wrong?').selectOption('not_clean');
    await dialog.getByLabel('What happened').fill('No soap, and the floor was wet.');
    const amount = dialog.getByRole('textbox', { name: 'Amount' });
    await amount.fill('');
    await amount.pressSequentially((price / 100).toFixed(2));
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5a8' } })
      .jpeg()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'floor.jpg', mimeType: 'image/jpeg', buffer: photo });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const panel = guest.getByTestId('refund-requests');
    await panel.getByTestId('refund-photos').locator('img').waitFor();
    expect(await panel.getByTestId('refund-request-status').textContent()).toBe('Open');

    // Guest and host each watch the booking page, live.
    await waitForLiveChannel(guest, /^user:/);
    await host.goto(`/bookings/${bookingId}`);
    await waitForHydration(host, '[data-testid="refund-requests"]');
    await waitForLiveChannel(host, /^user:/);
    expect(await host.getByTestId('refund-requests').innerText()).toContain(
      'No soap, and the floor was wet.',
    );

    // The admin approves $1.00 of it.
    const { page: admin } = await newTab();
    await signIn(admin, 'admin@privy.test');
    await admin.goto('/admin/refund-requests?status=open');
    const card = admin.getByTestId('refund-request').filter({ hasText: 'No soap, and the floor was wet.' });
    await waitForHydration(admin, '[data-testid="refund-decision"] button');
    expect(await card.locator('img').count()).toBe(1);
    await card.getByRole('textbox', { name: 'Amount to approve' }).fill('1');
    await card.getByRole('button', { name: 'Approve part' }).click();
    await admin.getByText('Refunded $1.00.').first().waitFor();

    for (const page of [guest, host]) {
      await page.getByTestId('refund-approved').waitFor();
      expect(await page.getByTestId('refund-approved').innerText()).toBe('$1.00 refunded.');
      expect(await page.getByTestId('refunded').innerText()).toContain('$1.00');
      expect(await page.getByTestId('refund-request-status').textContent()).toBe('Partially approved');
    }
    await shootAll(guest, `/bookings/${bookingId}`, 'refund-booking', { fullPage: true });
    await shootAll(admin, '/admin/refund-requests?status=all', 'refund-admin', { fullPage: true });
  });
});
