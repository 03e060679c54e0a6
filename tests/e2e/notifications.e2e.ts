import { describe, expect, it } from 'vitest';
import { signOutFromMenu } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';
import { fireTestNotification } from './notification-helpers.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

const badgeCount = async (page: import('playwright-core').Page) =>
  Number(await page.getByTestId('notification-badge').getAttribute('data-count'));

describe('notifications panel', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('searches, marks read, deletes and counts down', async () => {
    const { page } = await newTab();
    await signIn(page, 'gus@privy.test');
    await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await fireTestNotification(page, 'RESERVATION_ONE_HOUR');
    await fireTestNotification(page, 'USER_REFUND_PROCESSED');
    await page.goto('/');
    await expect.poll(() => badgeCount(page)).toBe(3);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByTestId('notification-panel');
    await expect.poll(() => panel.getByTestId('notification-entry').count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => badgeCount(page)).toBe(0);

    // Search is case-insensitive on the message text.
    await panel.getByPlaceholder('Search notifications...').fill('IS THE BATHROOM');
    await expect.poll(() => panel.getByTestId('notification-entry').count()).toBe(1);
    expect(await panel.getByTestId('notification-message').first().textContent()).toContain(
      'Is the bathroom step-free?',
    );
    await panel.getByPlaceholder('Search notifications...').fill('nothing matches this');
    await expect.poll(() => panel.getByText('No notifications to display.').isVisible()).toBe(true);
    await panel.getByPlaceholder('Search notifications...').fill('');

    // The one-hour reminder counts down every second.
    const countdown = panel.getByTestId('notification-countdown').first();
    await expect.poll(() => countdown.textContent()).toMatch(/^Arriving in: (59m|1h 0m) \d+s$/);
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 4000 }).not.toBe(first);

    // Mark read, then delete, each with its toast.
    const entry = panel.getByTestId('notification-entry').filter({ hasText: 'Refund processed' });
    await entry.getByRole('button', { name: 'Mark as read' }).click();
    await expect
      .poll(() => page.getByText('Notification marked as read.', { exact: true }).isVisible())
      .toBe(true);
    expect(await entry.getAttribute('data-read')).toBe('true');
    await entry.getByRole('button', { name: 'Delete notification' }).click();
    await expect.poll(() => page.getByText('Notification deleted.', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => panel.getByTestId('notification-entry').filter({ hasText: 'Refund processed' }).count())
      .toBe(0);
  });

  it('hides a countdown entry once its booking has started', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'countdown');
    // The browser's clock, so an hour can pass in a moment; it runs on at real speed otherwise.
    await page.clock.install();
    await fireTestNotification(page, 'RESERVATION_ONE_HOUR');
    await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await page.goto('/');
    await waitForHydration(page, '#main');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByTestId('notification-panel');
    const reminder = panel.getByTestId('notification-entry').filter({ hasText: 'Starts in' });
    await expect.poll(() => reminder.count()).toBe(1);
    await expect
      .poll(() => reminder.getByTestId('notification-countdown').textContent())
      .toMatch(/^Arriving in: /);

    // The sample booking starts an hour after it was sent: a minute past that, its entry is gone.
    await page.clock.fastForward('01:01:00');
    await expect.poll(() => reminder.count()).toBe(0);
    expect(await panel.getByTestId('notification-entry').count()).toBe(1);
  });

  it('says so when marking read or deleting fails, and keeps the entry as it was', async () => {
    const tab = await newTab();
    const { page } = tab;
    await registerFresh(page, 'failing');
    const sent = await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await page.goto('/');
    await waitForHydration(page, '#main');
    // The list has loaded: the bell is the live one, and its panel lists the entry.
    await expect.poll(() => page.getByTestId('notification-badge').getAttribute('data-loaded')).toBe('true');
    // The server refuses both writes for this one notification.
    await page.route(`**/api/notifications/${sent.id}**`, (route) =>
      ['POST', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 500, json: { error: 'internal', message: 'Something went wrong.' } })
        : route.continue(),
    );
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const entry = page.getByTestId('notification-panel').getByTestId('notification-entry');
    await expect.poll(() => entry.count()).toBe(1);

    await entry.getByRole('button', { name: 'Mark as read' }).click();
    await expect
      .poll(() => page.getByText('Failed to mark as read.', { exact: true }).isVisible())
      .toBe(true);
    expect(await entry.getAttribute('data-read')).toBe('false');
    await entry.getByRole('button', { name: 'Delete notification' }).click();
    await expect
      .poll(() => page.getByText('Failed to delete notification.', { exact: true }).isVisible())
      .toBe(true);
    expect(await entry.count()).toBe(1);

    // Chromium logs each refused request; those two, and only those, are expected here.
    const refused = /Failed to load resource: the server responded with a status of 500/;
    await expect.poll(() => tab.errors.filter((error) => refused.test(error)).length).toBe(2);
    allowConsoleErrors(tab, refused);
  });

  it('signing out stops the live alerts, clears them and the count', async () => {
    const { page } = await newTab();
    const { email } = await registerFresh(page, 'leaving');
    await page.goto('/');
    await waitForHydration(page, '#main');
    await expect.poll(() => badgeCount(page)).toBe(0);
    await page.waitForTimeout(500);
    const sent = await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await expect.poll(() => page.getByText(sent.message).first().isVisible()).toBe(true);
    await expect.poll(() => badgeCount(page)).toBe(1);

    await signOutFromMenu(page);
    // No badge (no bell at all) and no alert of the account that left: cleared as the account goes
    // (a moment to fade out), well before its 8-second lifetime would have closed it.
    await expect.poll(() => page.getByTestId('notification-badge').count()).toBe(0);
    await expect.poll(() => page.getByText(sent.message).count(), { timeout: 3000 }).toBe(0);

    // A notification for that account now reaches nobody on this signed-out page.
    const elsewhere = await newTab();
    await signIn(elsewhere.page, email, 'a long fresh password');
    const later = await fireTestNotification(elsewhere.page, 'RESERVATION_CONFIRMED');
    await page.waitForTimeout(1500);
    expect(await page.getByText(later.message).count()).toBe(0);
    expect(await page.getByTestId('notification-badge').count()).toBe(0);
  });

  it('shows the empty state and no search box when there is nothing', async () => {
    const { page } = await newTab();
    // A new member: demo hosts now get booking notifications from the booking tests.
    await registerFresh(page, 'quiet');
    await page.goto('/');
    // A signed-in page hydrates once its header's code is there; a tap before that does nothing.
    await waitForHydration(page, '[aria-label^="Notifications"]');
    const scrollY = () => page.evaluate(() => window.scrollY);
    const rootOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    expect(await rootOverflow()).toBe('visible');
    // Counts the <style> elements put in while the panel opens (a lazy part's <link> may also
    // arrive meanwhile: that is not the dialog's doing).
    await page.evaluate(() => {
      const counter = window as unknown as { addedStyles: number };
      counter.addedStyles = 0;
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes) if (node.nodeName === 'STYLE') counter.addedStyles += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByTestId('notification-panel');
    await expect.poll(() => panel.getByText('No notifications to display.').isVisible()).toBe(true);
    expect(await panel.getByPlaceholder('Search notifications...').count()).toBe(0);
    // The page behind is locked by one CSS rule, not a stylesheet added on open (ADR 160): neither
    // the wheel over the backdrop nor the keyboard scrolls it.
    expect(await page.evaluate(() => (window as unknown as { addedStyles: number }).addedStyles)).toBe(0);
    expect(await rootOverflow()).toBe('hidden');
    await page.mouse.move(10, 300);
    await page.mouse.wheel(0, 600);
    await page.keyboard.press('End');
    await page.waitForTimeout(300);
    expect(await scrollY()).toBe(0);
    // A click outside closes it, and the page scrolls again.
    await page.mouse.click(10, 300);
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(rootOverflow).toBe('visible');
    await page.mouse.wheel(0, 600);
    await expect.poll(scrollY).toBeGreaterThan(0);
  });

  it('keeps a notice that arrived live while the list was on its way', async () => {
    const { page } = await newTab();
    await registerFresh(page, 'late-list');
    // The page's first list is read on the server at once, and its answer held until a notice has
    // been delivered live: the answer, older than the notice, must not take it back (late-arrivals.ts).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    await page.route('**/api/notifications?*', async (route) => {
      if (!first) return route.continue();
      first = false;
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/');
    await waitForLiveChannel(page, /^user:/);
    const badge = page.getByTestId('notification-badge');
    expect(await badge.getAttribute('data-loaded')).toBe('false');
    const sent = await fireTestNotification(page, 'MESSAGE_RECEIVED');
    await expect.poll(() => page.getByText(sent.message).first().isVisible(), { timeout: 3000 }).toBe(true);
    await expect.poll(() => badgeCount(page)).toBe(1);
    release();
    await expect.poll(() => badge.getAttribute('data-loaded')).toBe('true');
    expect(await badgeCount(page)).toBe(1);
    // The panel lists it too.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect.poll(() => page.getByTestId('notification-panel').getByText(sent.message).count()).toBe(1);
  });

  it('delivers live to every open tab, and loses nothing across a dropped socket', async () => {
    const tab = await newTab();
    // A new member: a demo host's badge also counts the notices of other tests' bookings and messages.
    await registerFresh(tab.page, 'live-tabs');
    const second = await tab.context.newPage();
    second.on('console', (message) => {
      if (message.type() === 'error') tab.errors.push(`${second.url()}: ${message.text()}`);
    });
    await tab.page.goto('/');
    await second.goto('/about');
    await expect.poll(() => badgeCount(tab.page)).toBe(0);
    // Wait until both sockets are subscribed before firing.
    for (const page of [tab.page, second]) await waitForLiveChannel(page, /^user:/);

    const sent = await fireTestNotification(tab.page, 'MESSAGE_RECEIVED');
    for (const page of [tab.page, second]) {
      await expect.poll(() => page.getByText(sent.message).first().isVisible(), { timeout: 3000 }).toBe(true);
      await expect.poll(() => badgeCount(page)).toBe(1);
    }

    // Drop the sockets from the server side; send while they are down; the reconnect catches up.
    const drop = await apiCall(tab.page, 'POST', '/api/dev/realtime/disconnect');
    expect(drop.body.closed).toBeGreaterThanOrEqual(2);
    await fireTestNotification(tab.page, 'RESERVATION_CONFIRMED');
    for (const page of [tab.page, second])
      await expect.poll(() => badgeCount(page), { timeout: 8000 }).toBe(2);
  });
});

describe('email preferences', () => {
  const { newTab } = useBrowser();

  it('turns a category off in /profile and keeps it off after a reload', async () => {
    const { page } = await newTab();
    await signIn(page, 'hector@privy.test');
    await page.goto('/profile');
    await waitForHydration(page, '#main');
    const reviews = page.getByRole('switch', { name: /Reviews/ });
    await expect.poll(() => reviews.isChecked()).toBe(true);
    await reviews.click({ force: true });
    await page.getByRole('button', { name: 'Save email settings' }).click();
    await expect.poll(() => page.getByText('Your email settings are saved.').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: /Reviews/ }).isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: /Bookings/ }).isChecked()).toBe(true);
  });
});
