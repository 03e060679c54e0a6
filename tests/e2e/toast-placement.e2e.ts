import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration, waitForLiveChannel } from './session-helpers.ts';

/**
 * Toasts never cover navigation (ADR 114): spec §2's top-right group app-notifications, with its
 * Refresh button, stays clear of the header's nav, bell and avatar on both layouts, and of the
 * search box on /admin/provider-requests; the default group starts below the header.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box for ${locator}`);
  return box;
}

/** Two live notifications toasted into the group; resolves once both and Refresh show. */
async function toastTwo(page: Page) {
  await waitForLiveChannel(page, /^user:/);
  for (const type of ['RESERVATION_ONE_HOUR', 'BECOME_PROVIDER_REQUEST']) {
    expect((await apiCall(page, 'POST', '/api/notifications/test', { notification_type: type })).status).toBe(
      200,
    );
  }
  const group = page.getByTestId('app-notifications-group');
  await expect.poll(() => group.locator('.mantine-Notification-root').count()).toBe(2);
  await group.getByRole('button', { name: 'Refresh' }).waitFor();
  // Toasts slide in: measure once they have settled.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  return group;
}

/** The group holds its toasts and Refresh button, and touches none of the given elements. */
async function expectClear(group: Locator, others: Record<string, Locator>) {
  const box = await boxOf(group);
  expect(box.height).toBeGreaterThan(0);
  for (const toast of await group.locator('.mantine-Notification-root').all()) {
    const inner = await boxOf(toast);
    expect(inner.y >= box.y && inner.y + inner.height <= box.y + box.height + 1).toBe(true);
  }
  for (const [name, other] of Object.entries(others)) {
    expect(intersects(box, await boxOf(other)), `the toast group covers ${name}`).toBe(false);
  }
}

describe('toast placement', () => {
  const { newTab } = useBrowser();

  for (const viewport of [PHONE, DESKTOP]) {
    it(`default layout at ${viewport.width} px: the group clears the header's nav, bell and avatar`, async () => {
      const { page } = await newTab();
      await page.setViewportSize(viewport);
      await registerFresh(page, 'toasted');
      await page.goto('/bookings');
      await waitForHydration(page, '#main');
      // Until a toast shows, the areas are not drawn at all (ADR 147).
      await waitForLiveChannel(page, /^user:/);
      expect(await page.locator('.mantine-Notifications-root').count()).toBe(0);
      const group = await toastTwo(page);
      const header = page.locator('header').first();
      await expectClear(group, {
        'the header': header,
        'the bell': page.getByRole('button', { name: /^Notifications/ }),
        'the avatar': page.getByTestId('avatar-menu'),
        'the colour mode toggle': page.getByTestId('color-mode-toggle'),
        ...(viewport === DESKTOP
          ? { 'the main nav': page.getByRole('navigation', { name: 'Main' }) }
          : { 'the menu button': page.getByRole('button', { name: 'Open navigation' }) }),
      });
      // Refresh reloads the page (spec §2).
      await group.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForLoadState('load');
      await waitForHydration(page, '#main');
    });

    it(`admin layout at ${viewport.width} px: the group clears the header and the search box`, async () => {
      const { page } = await newTab();
      await page.setViewportSize(viewport);
      await signIn(page, 'admin@privy.test');
      await page.goto('/admin/provider-requests');
      await waitForHydration(page, '#main');
      const group = await toastTwo(page);
      await expectClear(group, {
        'the admin header': page.locator('header').first(),
        'the bell': page.getByRole('button', { name: /^Notifications/ }),
        'the search box': page.getByRole('textbox', { name: 'Search name or email' }),
      });
    });

    it(`the default group starts below the header at ${viewport.width} px`, async () => {
      const { page } = await newTab();
      await page.setViewportSize(viewport);
      await registerFresh(page, 'six');
      await page.goto('/test-notifications');
      await waitForHydration(page, '#main');
      await page.getByRole('button', { name: 'Show all six' }).click();
      const info = page.locator('[data-severity="info"]').filter({ hasText: 'Info toast' });
      await expect.poll(() => info.isVisible()).toBe(true);
      const header = await boxOf(page.locator('header').first());
      const container = await boxOf(page.locator('[data-position="top-center"]').filter({ has: info }));
      expect(container.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  }
});

describe('the bottom of a phone listing', () => {
  const { newTab } = useBrowser();

  /** A published demo bathroom's page. */
  async function aListing(page: Page): Promise<string> {
    const found = await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25');
    const first = (found.body.results as { id: string }[] | undefined)?.[0];
    if (!first) throw new Error('the demo catalogue should have a bathroom near Austin');
    return `/bathrooms/${first.id}`;
  }

  it('toasts sit above the booking bar, not over it', async () => {
    const { page } = await newTab();
    await page.setViewportSize(PHONE);
    await registerFresh(page, 'toasted-listing');
    await page.goto(await aListing(page));
    await waitForHydration(page, '#main');
    const group = await toastTwo(page);
    await expectClear(group, { 'the booking bar': page.getByTestId('booking-bar') });
  });

  it('the payout banner lifts the booking bar instead of covering it', async () => {
    const host = await newTab();
    const admin = await newTab();
    await host.page.setViewportSize(PHONE);
    const prefix = `unlinked-${Date.now()}`;
    await registerFresh(host.page, prefix);
    await signIn(admin.page, 'admin@privy.test');
    const asked = await apiCall(host.page, 'POST', '/api/provider-requests', {
      first_name: 'New',
      last_name: 'Host',
      email: `${prefix}@example.com`,
    });
    expect(asked.status).toBe(201);
    const approved = await apiCall(
      admin.page,
      'POST',
      `/api/admin/provider-requests/${asked.body.id}/approve`,
    );
    expect(approved.status).toBe(200);
    await host.page.goto(await aListing(host.page));
    const banner = host.page.getByTestId('stripe-banner');
    await banner.waitFor();
    const bar = host.page.getByTestId('booking-bar');
    await expect.poll(async () => intersects(await boxOf(bar), await boxOf(banner))).toBe(false);
    expect((await boxOf(bar)).y).toBeLessThan((await boxOf(banner)).y);
  });
});
