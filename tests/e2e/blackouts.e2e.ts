import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * Blackouts in the browser (ADR 094): a host blocks a range over a guest's paid
 * booking on /manage/blackout-dates, sees the booking listed first, confirms; the guest finds the
 * booking cancelled with a full refund and a booking_cancelled_blackout notification.
 */

async function firstPublishedBathroomOf(page: Page): Promise<{ id: string; title: string }> {
  const mine = await apiCall(page, 'GET', '/api/properties/mine');
  const listing = (mine.body.properties as { id: string; title: string; status: string }[]).find(
    (property) => property.status === 'published',
  );
  if (!listing) throw new Error('the demo host should have a published bathroom');
  return listing;
}

/** 'YYYY-MM-DDTHH:MM' on the bathroom's wall clock. */
function localInput(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Picks a day and a time ('YYYY-MM-DDTHH:MM') in the date and time fields under `legend`. */
async function pickDateTime(page: Page, legend: RegExp, value: string) {
  const [date = '', time = ''] = value.split('T');
  const group = page.getByRole('group', { name: legend });
  await group.getByLabel('Date').fill(date);
  await group.getByLabel('Time').selectOption(time);
}

/** A paid 30-minute booking on the first day from three days ahead with a free start. */
async function paidBooking(page: Page, bathroomId: string) {
  let startsAt: string | undefined;
  for (let days = 3; days < 10 && !startsAt; days += 1) {
    const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const slots = await apiCall(page, 'GET', `/api/bathrooms/${bathroomId}/slots?date=${date}&duration=30`);
    expect(slots.status).toBe(200);
    startsAt = (slots.body.starts as { starts_at: string }[])[0]?.starts_at;
  }
  if (!startsAt) throw new Error('the demo bathroom should have a free start within ten days');
  const held = await apiCall(page, 'POST', '/api/bookings', {
    bathroomId,
    startsAt,
    durationMinutes: 30,
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const body = held.body as {
    booking: { id: string; starts_at: string; ends_at: string };
    checkoutUrl: string;
  };
  await page.goto(new URL(body.checkoutUrl).pathname);
  await waitForHydration(page, 'form button[type="submit"]');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?session_id=/);
  return body.booking;
}

describe('blackouts', () => {
  const { newTab } = useBrowser();

  it('a host blacks out a range over a booking; the guest sees it cancelled, refunded and is told', async () => {
    const host = await newTab();
    await signIn(host.page, 'hector@privy.test');
    const bathroom = await firstPublishedBathroomOf(host.page);
    const listed = await apiCall(host.page, 'GET', `/api/manage/blackouts?bathroomId=${bathroom.id}`);
    expect(listed.status).toBe(200);
    const timezone = (listed.body.bathroom as { timezone: string }).timezone;

    const guest = await newTab();
    await registerFresh(guest.page, 'blacked-out');
    const booking = await paidBooking(guest.page, bathroom.id);

    // The guest is on the site while it happens; the host also has their bookings list open.
    await guest.page.goto('/bookings');
    await waitForHydration(guest.page, '#main');
    const hostList = await host.context.newPage();
    hostList.on('console', (message) => {
      if (message.type() === 'error') host.errors.push(`${hostList.url()}: ${message.text()}`);
    });
    await hostList.goto(`/manage/bookings?status=all&bathroomId=${bathroom.id}`);
    await waitForHydration(hostList, '#main');
    const hostRow = hostList
      .getByTestId('host-booking-row')
      .filter({ has: hostList.locator(`a[href="/bookings/${booking.id}"]`) });
    expect(await hostRow.getByTestId('booking-status').textContent()).toBe('Confirmed');

    await host.page.goto(`/manage/blackout-dates?bathroomId=${bathroom.id}`);
    await waitForHydration(host.page, 'form button[type="submit"]');
    expect(await host.page.getByText(`Times are in the bathroom's time zone, ${timezone}.`).count()).toBe(1);
    const from = new Date(new Date(booking.starts_at).getTime() - 15 * 60_000);
    const to = new Date(new Date(booking.ends_at).getTime() + 15 * 60_000);
    await pickDateTime(host.page, /^Starts/, localInput(from, timezone));
    await pickDateTime(host.page, /^Ends/, localInput(to, timezone));
    await host.page.getByLabel(/^Reason/).fill('Plumber visit');
    await host.page.getByRole('button', { name: 'Block this time' }).click();

    // The preview: the guest's booking and its refund, before anything is written.
    const dialog = host.page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('blackout-affected').textContent()).toContain('Fresh');
    expect(await dialog.getByTestId('blackout-affected').textContent()).toMatch(/\$\d+\.\d\d/);
    const before = await apiCall(guest.page, 'GET', `/api/bookings/${booking.id}`);
    expect(before.body.status).toBe('confirmed');
    await dialog.getByRole('button', { name: 'Block and cancel it' }).click();
    await expect
      .poll(() => host.page.getByTestId('blackout-saved').textContent())
      .toContain('One booking was cancelled with a full refund');
    await expect.poll(() => host.page.getByTestId('blackout-row').count()).toBeGreaterThan(0);

    // The host's bookings list, open in another tab, shows the cancellation without a reload.
    await expect.poll(() => hostRow.getByTestId('booking-status').textContent()).toBe('Cancelled');

    // The guest is told live (a toast), and finds the notice in the panel.
    const told = /was cancelled because the host blocked that time/;
    await expect.poll(() => guest.page.getByText(told).first().isVisible()).toBe(true);
    await guest.page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = guest.page.getByTestId('notification-panel');
    const entries = panel.getByTestId('notification-entry').filter({ hasText: told });
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Booking cancelled');
    await entries.first().getByRole('button', { name: 'View Booking' }).click();
    await guest.page.waitForURL((url) => url.pathname === `/bookings/${booking.id}`);
    await expect.poll(() => guest.page.getByTestId('booking-status').first().textContent()).toBe('Cancelled');
    const detail = await apiCall(guest.page, 'GET', `/api/bookings/${booking.id}`);
    expect(detail.body.amount_refunded_cents).toBe(detail.body.amount_paid_cents);

    // Leave the demo bathroom bookable for the other browser tests.
    const after = await apiCall(host.page, 'GET', `/api/manage/blackouts?bathroomId=${bathroom.id}`);
    for (const blackout of after.body.upcoming as { id: string; reason: string }[]) {
      if (blackout.reason === 'Plumber visit') {
        expect((await apiCall(host.page, 'DELETE', `/api/manage/blackouts/${blackout.id}`)).status).toBe(204);
      }
    }
  });
});
