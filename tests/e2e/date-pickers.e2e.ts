import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { apiCall, holdChunk, signIn, waitForHydration } from './session-helpers.ts';

/** The date and time pickers' spec §5 options where guests meet them (ADR 110). */
describe('date and time pickers', () => {
  const { newTab } = useBrowser();

  /** 'YYYY-MM-DD', `days` from today (UTC), and the next date from there on `weekday` (0 = Sunday). */
  const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const nextWeekday = (from: number, weekday: number) => {
    for (let days = from; ; days += 1) {
      const date = dayAhead(days);
      if (new Date(`${date}T12:00:00Z`).getUTCDay() === weekday) return date;
    }
  };

  it('the booking panel refuses a day the bathroom is closed, and takes an open one', async () => {
    const host = await newTab();
    await signIn(host.page, 'hector@privy.test');
    const mine = await apiCall(host.page, 'GET', '/api/properties/mine');
    const bathroom = (mine.body.properties as { id: string; status: string }[]).find(
      (property) => property.status === 'published',
    );
    if (!bathroom) throw new Error('the demo host should have a published bathroom');
    const full = await apiCall(host.page, 'GET', `/api/properties/${bathroom.id}`);
    const week = (full.body.opening_hours as { weekday: number; opens: string; closes: string }[]).map(
      ({ weekday, opens, closes }) => ({ weekday, opens, closes }),
    );
    const putHours = async (ranges: typeof week) => {
      const response = await host.page.request.fetch(`/api/properties/${bathroom.id}/opening-hours`, {
        method: 'PUT',
        headers: { origin: baseUrl() },
        data: { ranges },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    // Open Monday to Friday only, for this test; the demo's own hours come back after.
    await putHours([1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })));
    try {
      const { page } = await newTab();
      // Mantine's controls are held back until the day is typed: the refused day must outlive
      // the panel going live (booking-panel.tsx), as it does for a guest on a slow phone.
      const controls = await holdChunk(page, 'live-booking-panel');
      await page.goto(`/bathrooms/${bathroom.id}`);
      await waitForHydration(page, '[data-testid="booking-panel"]');
      const field = page.getByLabel('Another day');
      const sunday = nextWeekday(3, 0);

      await field.fill(sunday);
      const refusal = page.getByText(/^Sunday, .+ is not available\. Pick another day\.$/);
      await expect.poll(() => refusal.isVisible()).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      controls.release();
      // Mantine's SegmentedControl draws its indicator once it is live; the stand-in has none.
      await page.locator('[data-testid="booking-panel"] .mantine-SegmentedControl-indicator').waitFor();
      expect(await refusal.isVisible()).toBe(true);
      expect(await field.inputValue()).toBe(sunday);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
      expect(new URL(page.url()).searchParams.get('date')).not.toBe(sunday);

      const monday = nextWeekday(4, 1);
      await field.fill(monday);
      await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(monday);
      await expect.poll(() => refusal.count()).toBe(0);
      expect(await field.getAttribute('aria-invalid')).toBeNull();

      // Closed today (the bathroom's today): without a chosen day the panel opens on tomorrow,
      // the first open day, instead of refusing the day it chose itself.
      const timeZone = full.body.timezone as string;
      const localDay = (offset: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + offset * 86_400_000));
      const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
      const today = localDay(0);
      await putHours(
        [1, 2, 3, 4, 5, 6, 7]
          .filter((weekday) => weekday !== weekdayOf(today))
          .map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' })),
      );
      await page.goto(`/bathrooms/${bathroom.id}`);
      await waitForHydration(page, '[data-testid="booking-panel"]');
      const opened = await field.inputValue();
      expect(opened === localDay(1) || opened === localDay(2), `${opened} after ${today}`).toBe(true);
      expect(opened > today).toBe(true);
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByText(/is not available\. Pick another day\.$/).count()).toBe(0);
    } finally {
      await putHours(week);
    }
  });

  it('the search form offers days from today and quarter-hour times on the 12-hour clock', async () => {
    const { page } = await newTab();
    await page.goto('/bathrooms');
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    const date = page.getByLabel('Date', { exact: true });
    // Today's bound arrives in the render after hydration (it is the browser's calendar).
    await expect.poll(() => date.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = (await date.getAttribute('min')) as string;
    expect(await date.getAttribute('max')).toBe(
      new Date(new Date(`${today}T12:00:00Z`).getTime() + 60 * 86_400_000).toISOString().slice(0, 10),
    );
    const yesterday = new Date(new Date(`${today}T12:00:00Z`).getTime() - 86_400_000)
      .toISOString()
      .slice(0, 10);
    await date.fill(yesterday);
    await expect.poll(() => page.getByText(/^Pick .+ or later\.$/).isVisible()).toBe(true);

    const time = page.getByLabel('Time', { exact: true });
    const labels = await time.locator('option').allTextContents();
    expect(labels.slice(0, 3)).toEqual(['Any time', '12:00 AM', '12:15 AM']);
    expect(labels).toHaveLength(97);
    await time.selectOption('14:30');
    expect(await time.inputValue()).toBe('14:30');
    expect(await time.locator('option:checked').textContent()).toBe('2:30 PM');
  });
});
