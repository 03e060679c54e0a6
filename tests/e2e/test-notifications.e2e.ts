import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { registerFresh, waitForHydration } from './session-helpers.ts';

/** /test-notifications (a test route of spec §2): fire a type at yourself and see it arrive. */
describe('/test-notifications', () => {
  const { newTab } = useBrowser();

  it('sends the chosen sample to yourself: a live toast, the badge and a panel entry with its buttons', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'tester');
    await page.goto('/test-notifications');
    await waitForHydration(page, '#main');
    await page.getByLabel('Notification type').first().fill('OWNER_CONFIRMED');
    await page.getByRole('option', { name: /RESERVATION_OWNER_CONFIRMED/ }).click();
    await expect
      .poll(() => page.getByLabel('Notification type').first().inputValue())
      .toMatch(/^RESERVATION_OWNER_CONFIRMED/);
    await page.getByRole('button', { name: 'Send to me' }).click();

    const sample = 'Sample reservation owner confirmed for Sunny Loft Bathroom (sample).';
    await expect.poll(() => page.getByText(sample).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('notification-badge').getAttribute('data-count')).toBe('1');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = page.getByTestId('notification-panel').getByTestId('notification-entry').first();
    await entry.waitFor();
    expect(await entry.getByRole('button', { name: 'View Booking' }).count()).toBe(1);
  });

  it('shows a toast of each of the six severities', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'severities');
    await page.goto('/test-notifications');
    await waitForHydration(page, '#main');
    await page.getByRole('button', { name: 'Show all six' }).click();
    for (const severity of ['info', 'success', 'warn', 'error', 'secondary', 'contrast']) {
      const title = `${severity.charAt(0).toUpperCase()}${severity.slice(1)} toast`;
      const shown = page.locator(`[data-severity="${severity}"]`).filter({ hasText: title });
      await expect.poll(() => shown.isVisible()).toBe(true);
    }
  });
});
