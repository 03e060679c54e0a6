import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * A newcomer's first minutes (ADR 115): the first dashboard says Welcome (not "back"); a guest's
 * unpaid hold shows its time left and Pay now, which resumes its checkout; the host sees the hold
 * apart from bookings, with when it expires. On a phone and on a desktop.
 */

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/** Screenshots for people to look at, only when asked (E2E_SCREENSHOTS=<folder>). */
async function shoot(page: Page, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** The page in light and in dark (the colour mode follows the system's by default). */
async function shootBoth(page: Page, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await shoot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await shoot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
}

describe('first impressions', () => {
  const { newTab } = useBrowser();

  for (const size of WIDTHS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`greets a new member with Welcome, then Welcome back (${size.name}, ${colorScheme})`, async () => {
        const member = await newTab({ colorScheme });
        await member.page.setViewportSize({ width: size.width, height: size.height });
        await registerFresh(member.page, 'newcomer');
        await member.page.goto('/dashboard');
        expect(await member.page.getByTestId('dashboard-greeting').textContent()).toBe('Welcome, Fresh');
        await shoot(member.page, `dashboard-first-${size.width}-${colorScheme}`);
        await member.page.reload();
        expect(await member.page.getByTestId('dashboard-greeting').textContent()).toBe('Welcome back, Fresh');
      });
    }

    it(`the guest pays a hold from its card; the host sees it held apart, with its expiry (${size.name})`, async () => {
      const host = await newTab();
      await host.page.setViewportSize({ width: size.width, height: size.height });
      await signIn(host.page, 'hector@privy.test');
      const bathroom = await firstPublishedBathroomOf(host.page);

      const guest = await newTab();
      await guest.page.setViewportSize({ width: size.width, height: size.height });
      await registerFresh(guest.page, 'holder');
      const { bookingId } = await holdTwoDaysAhead(guest.page, bathroom.id);

      // The host: the hold sits apart from the bookings, with when it lets go, and no cancel button.
      await host.page.goto(`/manage/bookings?bathroomId=${bathroom.id}`);
      const holdLine = host.page.locator(`[data-testid="host-hold"][data-booking-id="${bookingId}"]`);
      expect(await holdLine.textContent()).toMatch(
        /Fresh · Held, awaiting payment, expires \d{1,2}:\d\d [AP]M [A-Z]{2,4}/,
      );
      const rows = await host.page.getByTestId('host-booking-row').allTextContents();
      expect(rows.some((row) => row.includes('Awaiting payment'))).toBe(false);
      await shootBoth(host.page, `manage-bookings-hold-${size.width}`);
      // Only the hold's guest may pay for it; its host is refused on the server.
      expect((await apiCall(host.page, 'POST', `/api/bookings/${bookingId}/checkout`)).status).toBe(403);
      await host.page.goto(`/bookings/${bookingId}`);
      expect(await host.page.getByTestId('host-hold-note').textContent()).toMatch(/^Held, awaiting payment/);
      expect(await host.page.getByRole('button', { name: /Pay now/ }).count()).toBe(0);

      // The guest's booking page carries the same card.
      await guest.page.goto(`/bookings/${bookingId}`);
      expect(
        await guest.page
          .getByTestId('guest-hold')
          .getByRole('button', { name: /^Pay now/ })
          .count(),
      ).toBe(1);
      await shootBoth(guest.page, `booking-detail-hold-${size.width}`);

      // The guest: the hold leads the list with the time left and Pay now.
      await guest.page.goto('/bookings');
      await waitForHydration(guest.page, '[data-testid="guest-hold"] form button');
      const card = guest.page.getByTestId('guest-hold');
      expect(await card.getByTestId('hold-until').textContent()).toMatch(
        /^Held for you until \d{1,2}:\d\d [AP]M/,
      );
      await expect.poll(() => card.getByTestId('hold-time-left').textContent()).toMatch(/^1?\d:\d\d left$/);
      await shootBoth(guest.page, `bookings-hold-${size.width}`);
      await card.getByRole('button', { name: /^Pay now/ }).click();
      await guest.page.waitForURL(/\/test-checkout\//);
      await waitForHydration(guest.page, 'form button[type="submit"]');
      await guest.page.getByRole('button', { name: /^Pay / }).click();
      await guest.page.waitForURL(/\/payment-success\?session_id=/);
      await expect
        .poll(async () => (await apiCall(guest.page, 'GET', `/api/bookings/${bookingId}`)).body.status)
        .toBe('confirmed');

      // Paid, it is a booking now: no longer among the host's holds.
      await host.page.goto(`/manage/bookings?bathroomId=${bathroom.id}`);
      expect(await host.page.locator(`[data-booking-id="${bookingId}"]`).count()).toBe(0);
    });
  }
});
