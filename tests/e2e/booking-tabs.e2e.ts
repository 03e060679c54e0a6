import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstPublishedBathroomOf, holdTwoDaysAhead } from './booking-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, registerFresh, signIn, waitForHydration } from './session-helpers.ts';

/**
 * /bookings and /manage/bookings on a phone and a desktop (ADR 114): real tabs (padded, apart,
 * underlined), each with its count, that switch the list; status badges whole at 360 px.
 */

const PHONE = { width: 390, height: 844 };
const NARROW_PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };
/** registerFresh's password. */
const FRESH_PASSWORD = 'a long fresh password';

/** Each tab's label, count, padding and box, and the list's underline. */
async function tabsOf(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('[role="tablist"]') as HTMLElement;
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => {
      const label = tab.querySelector('.mantine-Tabs-tabLabel') as HTMLElement;
      const box = tab.getBoundingClientRect();
      // The label's text itself (its element stretches across the tab).
      const text = document.createRange();
      text.selectNodeContents(label);
      const labelBox = text.getBoundingClientRect();
      return {
        text: tab.textContent ?? '',
        label: label.textContent ?? '',
        count: Number(tab.querySelector('[data-testid="count-tab-count"]')?.textContent),
        // A count squeezed by its tab shows an empty pill: its label then overflows.
        countCut: (() => {
          const count = tab.querySelector(
            '[data-testid="count-tab-count"] .mantine-Badge-label',
          ) as HTMLElement;
          return count.scrollWidth > count.clientWidth;
        })(),
        selected: tab.getAttribute('aria-selected') === 'true',
        paddingLeft: Number.parseFloat(getComputedStyle(tab).paddingLeft),
        height: box.height,
        labelLeft: labelBox.left,
        labelRight: labelBox.right,
        right: box.right,
        top: box.top,
      };
    });
    const line = getComputedStyle(list, '::before');
    return {
      tabs,
      underline: Number.parseFloat(line.borderBottomWidth) + Number.parseFloat(line.borderTopWidth),
    };
  });
}

/** Tabs that look like tabs: padded, a finger tall, their labels well apart, on an underline. */
function expectStyledTabs(state: Awaited<ReturnType<typeof tabsOf>>) {
  expect(state.underline).toBeGreaterThan(0);
  for (const tab of state.tabs) {
    expect(tab.paddingLeft, tab.label).toBeGreaterThanOrEqual(8);
    expect(tab.height, tab.label).toBeGreaterThanOrEqual(40);
    // The tab's own text names it (no aria-label that could drift from what shows).
    expect(tab.text).toBe(`${tab.label}${tab.count}`);
    expect(tab.countCut, `${tab.label}'s count is cut`).toBe(false);
  }
  // One row of tabs, not a wrapped block.
  expect(new Set(state.tabs.map((tab) => Math.round(tab.top))).size).toBe(1);
  for (let index = 1; index < state.tabs.length; index += 1) {
    const gap = (state.tabs[index]?.labelLeft ?? 0) - (state.tabs[index - 1]?.labelRight ?? 0);
    expect(gap, 'space between two tab labels').toBeGreaterThanOrEqual(16);
  }
}

/** Every status badge shows its whole label, inside its card, on this screen. */
async function expectWholeBadges(page: Page, rowTestId: string) {
  const badges = await page.evaluate((testId) => {
    return [...document.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].map((row) => {
      const badge = row.querySelector('[data-testid="booking-status"]') as HTMLElement;
      const label = badge.querySelector('.mantine-Badge-label') as HTMLElement;
      const card = row.getBoundingClientRect();
      const box = badge.getBoundingClientRect();
      return {
        text: badge.textContent,
        scrollWidth: label.scrollWidth,
        clientWidth: label.clientWidth,
        inside: box.left >= card.left && box.right <= card.right,
        onScreen: box.right <= window.innerWidth,
      };
    });
  }, rowTestId);
  expect(badges.length).toBeGreaterThan(0);
  for (const badge of badges) {
    expect(badge.scrollWidth, `${badge.text} is cut off`).toBeLessThanOrEqual(badge.clientWidth);
    expect(badge.inside && badge.onScreen, `${badge.text} sticks out`).toBe(true);
  }
  return badges.map((badge) => badge.text);
}

describe('booking tabs and cards', () => {
  const { newTab } = useBrowser();
  let guestEmail = '';

  // One guest with an unpaid hold ("Awaiting payment", the longest label) and a cancelled one, both
  // at a demo host's bathroom, so the host's list has them too.
  beforeAll(async () => {
    const host = await newTab();
    await signIn(host.page, 'hector@privy.test');
    const bathroom = await firstPublishedBathroomOf(host.page);
    const { page } = await newTab();
    guestEmail = (await registerFresh(page, 'tabs')).email;
    await holdTwoDaysAhead(page, bathroom.id);
    const cancelled = await holdTwoDaysAhead(page, bathroom.id);
    expect((await apiCall(page, 'POST', `/api/bookings/${cancelled.bookingId}/cancel`, {})).status).toBe(200);
  });

  async function guestAt(viewport: { width: number; height: number }) {
    const { page } = await newTab();
    await page.setViewportSize(viewport);
    await signIn(page, guestEmail, FRESH_PASSWORD);
    await page.goto('/bookings');
    await waitForHydration(page, '[role="tablist"]');
    return page;
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`/bookings at ${viewport.width} px: styled tabs with counts that switch the list`, async () => {
      const page = await guestAt(viewport);
      const state = await tabsOf(page);
      expect(state.tabs.map((tab) => [tab.label, tab.count, tab.selected])).toEqual([
        ['Upcoming', 1, true],
        ['Past', 0, false],
        ['Cancelled', 1, false],
      ]);
      expectStyledTabs(state);
      // The three fit side by side on a phone: none is pushed off the screen.
      for (const tab of state.tabs) expect(tab.right).toBeLessThanOrEqual(viewport.width);

      await page.getByRole('tab', { name: /^Cancelled/ }).click();
      await page.waitForURL(/\/bookings\?tab=cancelled$/);
      await expect.poll(() => page.getByTestId('booking-status').allTextContents()).toEqual(['Cancelled']);
      expect(await page.getByRole('tab', { name: /^Cancelled/ }).getAttribute('aria-selected')).toBe('true');

      await page.getByRole('tab', { name: /^Past/ }).click();
      await page.waitForURL(/\/bookings\?tab=past$/);
      await expect.poll(() => page.getByTestId('booking-row').count()).toBe(0);
      await page.getByRole('tab', { name: /^Upcoming/ }).click();
      await page.waitForURL(/\/bookings$/);
      // The unpaid hold leads the list as its own card (ADR 115).
      await expect
        .poll(() => page.getByTestId('guest-hold').getByTestId('booking-status').allTextContents())
        .toEqual(['Not paid yet']);
    });
  }

  it('/bookings at 360 px: the hold\'s whole "Not paid yet" badge shows', async () => {
    const page = await guestAt(NARROW_PHONE);
    expect(await expectWholeBadges(page, 'guest-hold')).toEqual(['Not paid yet']);
    for (const tab of (await tabsOf(page)).tabs) expect(tab.right).toBeLessThanOrEqual(NARROW_PHONE.width);
  });

  for (const viewport of [NARROW_PHONE, DESKTOP]) {
    it(`/manage/bookings at ${viewport.width} px: status tabs with counts that switch the list; whole badges`, async () => {
      const host = await newTab();
      await host.page.setViewportSize(viewport);
      await signIn(host.page, 'hector@privy.test');
      await host.page.goto('/manage/bookings?status=all');
      await waitForHydration(host.page, '[role="tablist"]');
      const state = await tabsOf(host.page);
      expect(state.tabs.map((tab) => tab.label)).toEqual([
        'Upcoming',
        'Confirmed',
        'Checked in',
        'Completed',
        'Cancelled or expired',
        'All',
      ]);
      expectStyledTabs(state);
      const all = state.tabs.find((tab) => tab.label === 'All');
      expect(all?.selected).toBe(true);
      // The chosen tab is on the screen, even when the row scrolls (All is the last of six).
      await expect
        .poll(async () => {
          const box = await host.page.getByRole('tab', { name: /^All/ }).boundingBox();
          return Boolean(box && box.x >= 0 && box.x + box.width <= viewport.width);
        })
        .toBe(true);
      // The tab counts what it shows: bookings as cards, live holds apart above them (ADR 115).
      const shownAll = async () =>
        (await host.page.getByTestId('host-booking-row').count()) +
        (await host.page.getByTestId('host-hold').count());
      await expect.poll(shownAll).toBe(all?.count);
      expect(await host.page.getByTestId('host-hold').count()).toBeGreaterThan(0);
      expect((await expectWholeBadges(host.page, 'host-booking-row')).length).toBeGreaterThan(0);

      // A tab off a phone's screen scrolls into view and still switches the list.
      const cancelled = state.tabs.find((tab) => tab.label === 'Cancelled or expired');
      expect(cancelled?.count).toBeGreaterThan(0);
      await host.page.getByRole('tab', { name: /^Cancelled or expired/ }).click();
      await host.page.waitForURL(/status=cancelled/);
      const shown = () => host.page.getByTestId('booking-status').allTextContents();
      await expect
        .poll(async () => (await shown()).every((text) => text === 'Cancelled' || text === 'Hold expired'))
        .toBe(true);
      expect((await shown()).length).toBe(cancelled?.count);
    });
  }
});
