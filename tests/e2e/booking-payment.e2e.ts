import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, holdSomething, registerFresh, waitForHydration } from './session-helpers.ts';

/** A hold paid (or abandoned) on the test provider's checkout, back to the app's payment pages. */

describe('book and pay (test provider)', () => {
  const { newTab } = useBrowser();

  it('Pay on the test checkout lands on /payment-success with the booking confirmed', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'payer');
    const { checkoutPath } = await holdSomething(page, 3);
    await page.goto(checkoutPath);
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-success\?session_id=cs_test_/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your booking is confirmed');
    expect(await page.getByTestId('payment-status').textContent()).toContain('Paid and confirmed');
  });

  it('/payment-success, reached before the payment is confirmed, shows the confirmation live', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'early');
    const { checkoutPath } = await holdSomething(page, 5);
    const sessionId = checkoutPath.split('/').pop() as string;
    // Back from checkout before the provider's confirmation has arrived.
    await page.goto(`/payment-success?session_id=${sessionId}`);
    await waitForHydration(page, '#main');
    expect(await page.getByTestId('payment-status').textContent()).toContain(
      'We are confirming your payment.',
    );
    // Marks this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    const paid = await apiCall(page, 'POST', `/api/payments/test-checkout/${sessionId}/pay`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your booking is confirmed');
    expect(await page.getByTestId('payment-status').textContent()).toContain('Paid and confirmed');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  it('Cancel on the test checkout leads to /cancel-booking-payment, where the guest releases the time', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'leaver');
    const { bookingId, checkoutPath } = await holdSomething(page, 4);
    await page.goto(checkoutPath);
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`/cancel-booking-payment\\?booking=${bookingId}$`));
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: 'Release the time' }).click();
    await expect
      .poll(() => page.getByTestId('hold-status').textContent())
      .toContain('This time is no longer held for you.');
    const after = await apiCall(page, 'GET', `/api/bookings/${bookingId}`);
    expect(after.body.status).toBe('expired');
  });
});
