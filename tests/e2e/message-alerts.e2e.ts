import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signOutFromMenu } from './auth-helpers.ts';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { type Tab, useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/**
 * Message alerts (spec §3–§5, §9; ADR 121) between the guest and the host of one paid booking, each
 * in their own browser profile: the toast and the header's unread count reach the other side, not
 * the sender, and not a recipient already looking at that conversation; a click on the toast opens
 * it; signing out takes the count away. Needs the conversation pages (msg-pages, ADR 120) for
 * /messages/{bookingId}.
 */

const badge = (page: Page) => page.getByTestId('message-badge');
const badgeCount = async (page: Page) => Number(await badge(page).getAttribute('data-count'));
const alertToasts = (page: Page) => page.getByTestId('message-alert-toast');

/** What became of the last message the tab heard of (message-alerts-provider.tsx). */
async function lastAlertOutcome(page: Page, messageId: string): Promise<string | null> {
  const value = await page.evaluate(() => document.documentElement.dataset.messageAlert ?? null);
  return value?.startsWith(`${messageId} `) ? value.slice(messageId.length + 1) : null;
}

async function send(page: Page, bookingId: string, content: string): Promise<string> {
  const sent = await apiCall(page, 'POST', `/api/messages/${bookingId}`, { content });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return (sent.body.message as { id: string }).id;
}

/** A fresh guest's paid booking of demo host Hector's bathroom. */
async function paidBooking(guest: Tab, host: Tab): Promise<string> {
  await signIn(host.page, 'hector@privy.test');
  await registerFresh(guest.page, 'alerts');
  const bathroom = await firstPublishedBathroomOf(host.page);
  const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest.page, bathroom.id);
  const sessionId = checkoutPath.split('/').pop();
  const paid = await apiCall(guest.page, 'POST', `/api/payments/test-checkout/${sessionId}/pay`);
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return bookingId;
}

/** The header is live and so are the alerts, whose code loads after the page (root.tsx). */
async function waitForAlerts(page: Page): Promise<void> {
  await waitForHydration(page, '[data-testid="message-badge"] a');
  await page.locator('[data-testid="message-badge"][data-live="true"]').waitFor();
}

async function openLive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForAlerts(page);
  await waitForLiveChannel(page, /^user:/);
}

describe('message alerts', () => {
  const { newTab } = useBrowser();

  it('reach the other party, not the sender nor someone reading that conversation', async () => {
    const guest = await newTab();
    const host = await newTab();
    const bookingId = await paidBooking(guest, host);
    await openLive(guest.page, '/bookings');
    await openLive(host.page, '/dashboard');
    expect(await badgeCount(guest.page)).toBe(0);

    // The host writes: the guest gets the toast (first 80 characters and an ellipsis) and a count.
    const long = `Welcome! The door code is on your booking page; the light switch is left of the door ${Date.now()}.`;
    await send(host.page, bookingId, long);
    const toast = alertToasts(guest.page).filter({ hasText: long.slice(0, 80) });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.textContent()).toContain('💬 Hector');
    expect(await toast.getByTestId('message-alert-link').textContent()).toBe(`${long.slice(0, 80)}…`);
    expect(await toast.getAttribute('data-severity')).toBe('info');
    await expect.poll(() => badgeCount(guest.page)).toBe(1);
    expect(await badge(guest.page).getByRole('link').getAttribute('aria-label')).toBe('Messages (1 unread)');

    // The guest answers: the host is alerted; the guest, who sent it, is not.
    const reply = `Thank you, see you then ${Date.now()}`;
    const replyId = await send(guest.page, bookingId, reply);
    await expect.poll(() => alertToasts(host.page).filter({ hasText: reply }).isVisible()).toBe(true);
    expect(await alertToasts(host.page).filter({ hasText: reply }).textContent()).toContain('💬 Fresh');
    await expect.poll(() => badgeCount(host.page)).toBeGreaterThanOrEqual(1);
    expect(await lastAlertOutcome(guest.page, replyId)).toBeNull();
    expect(await alertToasts(guest.page).filter({ hasText: reply }).count()).toBe(0);

    // Looking at that very conversation, the guest gets no toast for the next message.
    await guest.page.goto(`/messages/${bookingId}`);
    await waitForAlerts(guest.page);
    await waitForLiveChannel(guest.page, /^user:/);
    const quiet = `Any questions, just ask ${Date.now()}`;
    const quietId = await send(host.page, bookingId, quiet);
    await expect.poll(() => lastAlertOutcome(guest.page, quietId)).toBe('viewing-conversation');
    expect(await alertToasts(guest.page).filter({ hasText: quiet }).count()).toBe(0);
  });

  it('open the conversation from the toast, and leave with the account', async () => {
    const guest = await newTab();
    const host = await newTab();
    const bookingId = await paidBooking(guest, host);
    await openLive(guest.page, '/bookings');

    const text = `Parking is free on Sundays ${Date.now()}`;
    const messageId = await send(host.page, bookingId, text);
    const toast = alertToasts(guest.page).filter({ hasText: text });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await lastAlertOutcome(guest.page, messageId)).toBe('shown');
    await expect.poll(() => badgeCount(guest.page)).toBe(1);
    // A click on the toast itself (its title, not the link inside) opens the conversation.
    await toast.getByText('💬 Hector').click();
    await guest.page.waitForURL((url) => url.pathname === `/messages/${bookingId}`);
    await expect.poll(() => toast.count()).toBe(0);

    // Back elsewhere, another message: a toast and a count, which signing out takes away at once
    // (well before the toast's 6 seconds would have closed it).
    await openLive(guest.page, '/bookings');
    const later = `One more thing: towels are in the cabinet ${Date.now()}`;
    await send(host.page, bookingId, later);
    const laterToast = alertToasts(guest.page).filter({ hasText: later });
    await expect.poll(() => laterToast.isVisible()).toBe(true);
    await expect.poll(() => badgeCount(guest.page)).toBeGreaterThanOrEqual(1);
    await signOutFromMenu(guest.page);
    await expect.poll(() => badge(guest.page).count()).toBe(0);
    await expect.poll(() => laterToast.count(), { timeout: 3000 }).toBe(0);
  });

  it('/test-messaging shows a simulated alert, marks it read and clears the list', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'simulate');
    await page.goto('/test-messaging');
    await waitForAlerts(page);
    const before = await badgeCount(page);
    await page.getByRole('button', { name: 'Show the alert' }).click();
    const toast = alertToasts(page).filter({ hasText: '💬 Gina' });
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.getByTestId('message-alert-link').textContent()).toMatch(/^.{80}…$/u);
    await expect.poll(() => badgeCount(page)).toBe(before + 1);

    // No name: the fallback "User" (spec §8).
    await page.getByLabel("Sender's first name").fill('');
    await page.getByRole('button', { name: 'Show the alert' }).click();
    await expect.poll(() => alertToasts(page).filter({ hasText: '💬 User' }).isVisible()).toBe(true);

    const recent = page.getByTestId('recent-alert');
    await expect.poll(() => recent.count()).toBe(2);
    await recent.first().getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => recent.first().getAttribute('data-read')).toBe('true');
    expect(await recent.nth(1).getAttribute('data-read')).toBe('false');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => recent.count()).toBe(0);
  });

  // Screenshots for people to look at, only when asked (E2E_SCREENSHOTS=<folder>).
  const folder = process.env.E2E_SCREENSHOTS;
  it.runIf(folder)(
    'screenshots: header badge and toast, phone and desktop, light and dark',
    async () => {
      for (const size of [
        { name: 'phone', width: 390, height: 844 },
        { name: 'desktop', width: 1280, height: 900 },
      ]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { page } = await newTab({ colorScheme });
          await page.setViewportSize({ width: size.width, height: size.height });
          await registerFresh(page, 'shots');
          await page.goto('/test-messaging');
          await waitForAlerts(page);
          await page.getByRole('button', { name: 'Show the alert' }).click();
          await expect.poll(() => alertToasts(page).first().isVisible()).toBe(true);
          await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${folder}/message-alert-${size.name}-${colorScheme}.png` });
        }
      }
    },
    180_000,
  );
});
