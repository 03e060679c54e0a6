import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/*
 * Messaging between a guest and a host, each in their own browser profile (ADR 120): what one
 * sends shows on the other side without a reload, with the typing line and "Seen" live too. The
 * guest is a fresh account with a paid booking of the demo host's bathroom, so no other test's
 * data is involved.
 */

/** A fresh guest's paid booking of the demo host's first bathroom: a conversation of their own. */
async function paidBookingOfPaula(host: Page, guest: Page): Promise<string> {
  const bathroom = await firstPublishedBathroomOf(host);
  const { bookingId, checkoutPath } = await holdTwoDaysAhead(guest, bathroom.id);
  const paid = await apiCall(
    guest,
    'POST',
    `/api/payments/test-checkout/${checkoutPath.split('/').pop()}/pay`,
  );
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return bookingId;
}

describe('messages between a guest and a host', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('live: Message host opens the thread, messages, typing and Seen cross over, markup stays text', async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const { page: guest } = await newTab();
    await registerFresh(guest, 'messaging-guest');
    const bookingId = await paidBookingOfPaula(host, guest);

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

    // Wide screen: opening a conversation renders the thread beside the list, the same list element.
    await guest.setViewportSize({ width: 1280, height: 900 });
    await guest.goto('/messages');
    await waitForHydration(guest, '[data-testid="conversation"]');
    await guest.evaluate(() => {
      (document.querySelector('nav[aria-label="Conversations"]') as unknown as { kept: boolean }).kept = true;
    });
    await guest.getByTestId('conversation').first().click();
    await guest.getByTestId('thread').waitFor();
    expect(
      await guest.evaluate(
        () =>
          (document.querySelector('nav[aria-label="Conversations"]') as unknown as { kept?: boolean }).kept,
      ),
    ).toBe(true);

    // Phone: the list and the thread are separate screens, with a way back.
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.goto('/messages');
    await waitForHydration(guest, '[data-testid="conversation"]');
    expect(await guest.getByTestId('thread').count()).toBe(0);
    await guest.getByTestId('conversation').first().click();
    await guest.getByTestId('thread').waitFor();
    await expect.poll(() => guest.getByRole('navigation', { name: 'Conversations' }).isVisible()).toBe(false);
    await guest.getByTestId('back-to-list').click();
    await guest.waitForURL(/\/messages$/);
    // The URL changes as the navigation starts; the list shows once it has rendered.
    await expect.poll(() => guest.getByRole('navigation', { name: 'Conversations' }).isVisible()).toBe(true);

    await shootAll(guest, '/messages', 'messages-list');
    await shootAll(guest, `/messages/${bookingId}`, 'messages-thread');
  }, 180_000);

  it('composer: sends over the live connection; a failed send stays with Retry; the count; offline', async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const tab = await newTab();
    const guest = tab.page;
    await registerFresh(guest, 'messaging-composer');
    const bookingId = await paidBookingOfPaula(host, guest);
    // The page's live connection, through a relay that can drop it when a send goes over it.
    let dropSends = false;
    let subscribed = false;
    await guest.routeWebSocket('**/api/realtime', (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        const text = String(frame);
        if (dropSends && text.startsWith('{"type":"request"')) return socket.close();
        if (text.includes(`"conversation:${bookingId}"`)) subscribed = true;
        server.send(frame);
      });
    });
    const posts: string[] = [];
    guest.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/messages/${bookingId}`))
        posts.push(request.url());
    });
    await guest.goto(`/messages/${bookingId}`);
    await waitForHydration(guest, '[data-testid="composer"] textarea');
    const box = guest.getByRole('textbox', { name: 'Message' });
    const storedMessages = () =>
      apiCall(host, 'GET', `/api/messages/${bookingId}`).then((answer) => answer.body.messages);

    // With the live connection open, a send goes over it: no HTTP request (ADR 149).
    await expect.poll(() => subscribed).toBe(true);
    await box.fill('On my way, five minutes');
    await box.press('Enter');
    await expect.poll(storedMessages).toHaveLength(1);
    expect(posts).toEqual([]);

    // The connection drops before it answers, and the HTTP request that follows fails too: the
    // message stays, marked, with Retry.
    dropSends = true;
    let refused = 0;
    await guest.route(`**/api/messages/${bookingId}`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      refused += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Try again"}' });
    });
    await box.fill('Is the gate code the same as last time?');
    await box.press('Enter');
    const pending = guest.getByTestId('message').filter({ hasText: 'gate code' });
    await pending.getByText('Not sent.').waitFor();
    allowConsoleErrors(tab, /503/);
    dropSends = false;
    await guest.unroute(`**/api/messages/${bookingId}`);
    await pending.getByRole('button', { name: 'Retry' }).click();
    await pending.getByText('Not sent.').waitFor({ state: 'detached' });
    await expect.poll(storedMessages).toHaveLength(2);
    expect(refused).toBe(1);

    await box.fill('x'.repeat(1850));
    expect(await guest.getByTestId('length-count').textContent()).toBe('1,850 / 2,000 characters');
    await box.fill('');
    expect(await guest.getByTestId('length-count').count()).toBe(0);

    // The browser says it is offline (the events a phone losing signal fires).
    await guest.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    });
    await guest.getByTestId('offline-note').waitFor();
    expect(await box.isDisabled()).toBe(true);
    await guest.evaluate(() => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
      window.dispatchEvent(new Event('online'));
    });
    await guest.getByTestId('offline-note').waitFor({ state: 'detached' });
    expect(await box.isDisabled()).toBe(false);
  }, 120_000);

  it('the list catches up on a message sent while its socket was down', async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const tab = await newTab();
    const { page: guest, context } = tab;
    await registerFresh(guest, 'messaging-offline-list');
    const bookingId = await paidBookingOfPaula(host, guest);
    await guest.goto('/messages');
    await waitForHydration(guest, '[data-testid="conversation"]');
    await waitForLiveChannel(guest, /^user:/);
    const row = guest.getByTestId('conversation').first();

    // The guest's socket dropped and kept down (its first retry is a second away) while Paula writes.
    const drop = await apiCall(guest, 'POST', '/api/dev/realtime/disconnect');
    expect(drop.body.closed).toBeGreaterThanOrEqual(1);
    await context.setOffline(true);
    const sent = await apiCall(host, 'POST', `/api/messages/${bookingId}`, { content: 'Door code is 4512' });
    expect(sent.status).toBe(201);
    expect(await guest.evaluate(() => document.documentElement.dataset.realtime)).not.toBe('open');
    await guest.waitForTimeout(300);
    expect(await row.textContent()).not.toContain('Door code is 4512');

    // Back online: the restored channel reads the list again, with the message's preview.
    await context.setOffline(false);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Door code is 4512');
    // What the browser itself says of requests made while it was offline is expected.
    allowConsoleErrors(tab, /ERR_INTERNET_DISCONNECTED/);
  }, 90_000);

  it('a closed conversation of the demo guest reads, with the reason where the composer was', async () => {
    const { page } = await newTab();
    await signIn(page, 'gina@privy.test');
    // Her list as seeded, before any thread is opened (opening one marks it read).
    await shootAll(page, '/messages', 'messages-demo-guest-list');
    const list = await apiCall(page, 'GET', '/api/messages/conversations');
    const closed = (
      list.body.conversations as { bookingId: string; canSend: boolean; closedReason: string | null }[]
    ).find((conversation) => !conversation.canSend && conversation.closedReason);
    if (!closed) throw new Error('the demo seed should give Gina a closed conversation');
    await page.goto(`/messages/${closed.bookingId}`);
    expect(await page.getByTestId('message').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('thread-closed').textContent()).toBe(closed.closedReason);
    await shootAll(page, `/messages/${closed.bookingId}`, 'messages-closed');
  }, 90_000);

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
