import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/*
 * Messaging between a guest and a host, each in their own browser profile (ADR 120): what one
 * sends shows on the other side without a reload, with the typing line and "Seen" live too. The
 * guest is a fresh account with a paid booking of the demo host's bathroom, so no other test's
 * data is involved.
 */

/** Screenshots at a phone's and a desktop's width, light and dark, only when asked (E2E_SCREENSHOTS=<folder>). */
async function shootAll(page: Page, path: string, name: string) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await page.screenshot({ path: `${folder}/${name}-${width}-${colorScheme}.png` });
    }
  }
}

describe('messages between a guest and a host', () => {
  const { newTab } = useBrowser();

  it('live: Message host opens the thread, messages, typing and Seen cross over, markup stays text', async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const bathroom = await firstPublishedBathroomOf(host);

    const { page: guest } = await newTab();
    await registerFresh(guest, 'messaging-guest');
    const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest, bathroom.id);
    const paid = await apiCall(
      guest,
      'POST',
      `/api/payments/test-checkout/${checkoutPath.split('/').pop()}/pay`,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // The guest starts from the booking, as a guest would.
    await guest.goto(`/bookings/${bookingId}`);
    await waitForHydration(guest, '[data-testid="message-party"]');
    await guest.getByRole('link', { name: 'Message host' }).click();
    await guest.waitForURL(`**/messages/${bookingId}`);
    await guest.getByTestId('thread').waitFor();

    // The host arrives the way a notice's "Message Guest" button sends them.
    await host.goto(`/messages?booking=${bookingId}`);
    await host.waitForURL(`**/messages/${bookingId}`);
    await waitForHydration(host, '[data-testid="composer"] textarea');
    await waitForLiveChannel(host, new RegExp(`^conversation:${bookingId}$`));
    await waitForLiveChannel(guest, new RegExp(`^conversation:${bookingId}$`));

    const guestBox = guest.getByRole('textbox', { name: 'Message' });
    await guestBox.click();
    await guestBox.pressSequentially('Hi Paula, is there');
    await expect.poll(() => host.getByTestId('typing').textContent()).toBe('Fresh is typing…');
    // Shift+Enter is a new line; Enter sends.
    await guestBox.press('Shift+Enter');
    await guestBox.pressSequentially('parking nearby?');
    await guestBox.press('Enter');
    expect(await guestBox.inputValue()).toBe('');

    const fromGuest = host.getByTestId('message').filter({ hasText: 'parking nearby?' });
    await fromGuest.waitFor();
    expect(await fromGuest.innerText()).toContain('Hi Paula, is there\nparking nearby?');
    // Her message came: the typing line is gone with it.
    expect(await host.getByTestId('typing').textContent()).toBe('');

    // The host's thread is on screen, so it is read: the guest sees Seen under her message.
    const ownOnGuest = guest.getByTestId('message').filter({ hasText: 'parking nearby?' });
    await ownOnGuest.getByTestId('seen').waitFor();

    // The host answers with markup and a link: the guest sees the characters and one real link.
    const hostBox = host.getByRole('textbox', { name: 'Message' });
    await hostBox.fill('<b>Yes</b> <img src=x onerror="window.hacked=1"> see https://privy.test/parking');
    await host.getByRole('button', { name: 'Send' }).click();
    const fromHost = guest.getByTestId('message').filter({ hasText: 'see https://privy.test/parking' });
    await fromHost.waitFor();
    expect(await fromHost.innerText()).toContain('<b>Yes</b> <img src=x onerror="window.hacked=1">');
    expect(await fromHost.locator('b, img').count()).toBe(0);
    expect(
      await fromHost.getByRole('link', { name: 'https://privy.test/parking' }).getAttribute('href'),
    ).toBe('https://privy.test/parking');
    expect(await guest.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();

    // Both messages are the list's too, after a reload: each stored once.
    await guest.goto(`/messages/${bookingId}`);
    expect(await guest.getByTestId('message').count()).toBe(2);

    await shootAll(guest, '/messages', 'messages-list');
    await shootAll(guest, `/messages/${bookingId}`, 'messages-thread');
  }, 180_000);

  it('a member without conversations lands on the empty page, which leads to booking', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'messaging-empty');
    await page.goto('/messages');
    await page.waitForURL('**/messages/empty');
    expect(await page.getByRole('link', { name: 'Find a bathroom' }).getAttribute('href')).toBe('/bathrooms');
    await shootAll(page, '/messages/empty', 'messages-empty');
  }, 60_000);

  it('the demo thread is public and read-only', async () => {
    const { page } = await newTab();
    await page.goto('/messages-demo');
    expect(await page.getByTestId('message').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('thread-closed').textContent()).toContain('sample conversation');
    await shootAll(page, '/messages-demo', 'messages-demo');
  }, 60_000);
});
