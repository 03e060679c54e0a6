import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * The life of a booking in the browser (ADR 092): the host watches /manage/bookings while a guest
 * books and pays; the guest sees the address, then cancels more than an hour ahead and sees the
 * full refund.
 */

describe('booking pages', () => {
  const { newTab } = useBrowser();

  it('the host sees a new booking appear live; the guest sees the address, cancels and sees the full refund', async () => {
    const host = await newTab();
    await signIn(host.page, 'hector@privy.test');
    const bathroom = await firstPublishedBathroomOf(host.page);
    await host.page.goto(`/manage/bookings?bathroomId=${bathroom.id}`);
    await waitForHydration(host.page, '#main');
    const rowsBefore = await host.page.getByTestId('host-booking-row').count();

    const guest = await newTab();
    await registerFresh(guest.page, 'booker');
    const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest.page, bathroom.id);
    await guest.page.goto(checkoutPath);
    await waitForHydration(guest.page, 'form button[type="submit"]');
    await guest.page.getByRole('button', { name: /^Pay / }).click();
    await guest.page.waitForURL(/\/payment-success\?session_id=/);

    // The host did nothing: the new row arrives over the realtime connection.
    await expect.poll(() => host.page.getByTestId('host-booking-row').count()).toBe(rowsBefore + 1);
    expect(await host.page.getByTestId('host-bookings').textContent()).toContain('Fresh');

    await guest.page.getByRole('link', { name: 'View booking' }).click();
    await guest.page.waitForURL(new RegExp(`/bookings/${bookingId}$`));
    await waitForHydration(guest.page, '#main');
    expect(await guest.page.getByTestId('booking-status').first().textContent()).toBe('Confirmed');
    expect(await guest.page.getByTestId('booking-address').textContent()).toMatch(/Address.+/);
    await expect
      .poll(() => guest.page.getByTestId('start-countdown').textContent())
      .toMatch(/^Starts in \d+h/);

    await guest.page.getByRole('button', { name: 'Cancel booking' }).click();
    await expect
      .poll(() => guest.page.getByTestId('refund-terms').textContent())
      .toMatch(/^You get a full refund of \$/);
    await guest.page.getByRole('dialog').getByRole('button', { name: 'Cancel booking' }).click();
    await expect
      .poll(() => guest.page.getByTestId('booking-message').textContent())
      .toBe('The booking is cancelled.');
    await expect.poll(() => guest.page.getByTestId('booking-status').first().textContent()).toBe('Cancelled');
    await expect.poll(() => guest.page.getByTestId('refunded').textContent()).toMatch(/Refunded\$\d+\.\d\d/);
    const detail = await apiCall(guest.page, 'GET', `/api/bookings/${bookingId}/detail`);
    expect(detail.body.amount_refunded_cents).toBe(detail.body.amount_paid_cents);
    expect(detail.body.address).toBeNull();

    // The list shows it under Cancelled, with what came back.
    await guest.page.goto('/bookings?tab=cancelled');
    expect(await guest.page.getByTestId('booking-list').textContent()).toContain('refunded');
  });

  it("the host finds a paid booking on the week calendar, and the dashboard shows today's bookings to hosts only", async () => {
    const host = await newTab();
    await signIn(host.page, 'hector@privy.test');
    const bathroom = await firstPublishedBathroomOf(host.page);

    const guest = await newTab();
    await registerFresh(guest.page, 'weekly');
    const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest.page, bathroom.id);
    await guest.page.goto(checkoutPath);
    await waitForHydration(guest.page, 'form button[type="submit"]');
    await guest.page.getByRole('button', { name: /^Pay / }).click();
    await guest.page.waitForURL(/\/payment-success\?session_id=/);

    // This week starts today on the bathroom's clock, so two days ahead is in it.
    await host.page.goto(`/manage/bookings?view=week&bathroomId=${bathroom.id}`);
    await waitForHydration(host.page, '#main');
    const calendar = host.page.getByTestId('week-calendar');
    expect(await calendar.getByRole('rowheader').first().textContent()).toBe(bathroom.title);
    const entry = calendar.locator(`a[href="/bookings/${bookingId}"]`);
    expect(await entry.textContent()).toMatch(/^\d{1,2}:\d\d\s[AP]M · Fresh/);
    // Next week has moved on; "This week" comes back to it.
    const range = await host.page.getByTestId('week-range').textContent();
    await host.page.getByRole('link', { name: 'Next week' }).click();
    await expect.poll(() => host.page.getByTestId('week-range').textContent()).not.toBe(range);
    expect(await host.page.locator(`a[href="/bookings/${bookingId}"]`).count()).toBe(0);
    await host.page.getByRole('link', { name: 'This week' }).click();
    await expect.poll(() => host.page.getByTestId('week-range').textContent()).toBe(range);
    await host.page.locator(`a[href="/bookings/${bookingId}"]`).click();
    await host.page.waitForURL(new RegExp(`/bookings/${bookingId}$`));

    // The dashboard's "Today's bookings" lists what the API says starts today, or says there is none.
    await host.page.goto('/dashboard');
    const today = host.page.locator('section', {
      has: host.page.getByRole('heading', { name: "Today's bookings" }),
    });
    await today.waitFor();
    const listed = await today.getByRole('listitem').count();
    if (listed === 0) {
      expect(await today.getByTestId('today-empty').textContent()).toMatch(/^No bookings today\./);
    } else {
      expect(await today.getByTestId('today-bookings').locator('a[href^="/bookings/"]').count()).toBe(listed);
    }
    expect(await today.getByRole('link', { name: 'All bookings' }).getAttribute('href')).toBe(
      '/manage/bookings?view=week',
    );

    await guest.page.goto('/dashboard');
    await guest.page.getByRole('heading', { name: 'Welcome, Fresh' }).waitFor();
    expect(await guest.page.getByRole('heading', { name: "Today's bookings" }).count()).toBe(0);
  });
});
