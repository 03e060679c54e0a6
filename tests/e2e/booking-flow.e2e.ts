import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './auth-helpers.ts';
import { baseUrl, useBrowser } from './browser.ts';
import { holdRequests } from './held-requests.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/**
 * Booking from the listing page (ADR 093): pick a day, a length and a start, review, pay on
 * the test checkout, land on the confirmed booking. A visitor who is not signed in signs in on the
 * way and comes back to the same choice; a time taken meanwhile is refused kindly.
 */

/**
 * The first day from two days ahead with at least `count` free starts of `duration` minutes at this
 * bathroom: demo hours vary by weekday, and the test may run on any day.
 */
async function openDay(page: Page, bathroomId: string, duration: number, count = 1): Promise<string> {
  for (let day = 2; day < 9; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const slots = await apiCall(
      page,
      'GET',
      `/api/bathrooms/${bathroomId}/slots?date=${date}&duration=${duration}`,
    );
    if (slots.status === 200 && (slots.body.starts as unknown[]).length >= count) return date;
  }
  throw new Error(`no day in a week with ${count} free ${duration}-minute starts`);
}
const password = 'a long fresh password';

describe('booking from the listing page', () => {
  const { newTab } = useBrowser();

  /** One of a demo host's published bathrooms that offers at least two lengths of visit. */
  async function aBathroom(): Promise<{ id: string; durations: number[] }> {
    const { page } = await newTab();
    await signIn(page, 'hector@privy.test');
    const mine = await apiCall(page, 'GET', '/api/properties/mine');
    const published = (mine.body.properties as { id: string; status: string }[]).filter(
      (property) => property.status === 'published',
    );
    let listing: { id: string; allowed_durations: number[] } | undefined;
    for (const { id } of published) {
      const full = await apiCall(page, 'GET', `/api/properties/${id}`);
      if ((full.body.allowed_durations as number[]).length > 1) {
        listing = { id, allowed_durations: full.body.allowed_durations as number[] };
        break;
      }
    }
    if (!listing) throw new Error('the demo host should have a published bathroom with two durations');
    return { id: listing.id, durations: listing.allowed_durations };
  }

  const lengthLabel = (minutes: number) =>
    minutes < 60 ? `${minutes} min` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`;

  async function member(prefix: string) {
    const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await createAccount(email, password);
    return email;
  }

  it('a start tapped while a new length is loading keeps the new length', async () => {
    // A hurried guest taps a length and at once a start, before that length's starts have arrived.
    // The length shows at once, the starts on screen are dimmed and busy, and the start tapped is
    // booked with the length just chosen, not the one before it.
    const { id: bathroomId, durations } = await aBathroom();
    const longer = durations[1] as number;
    const { page } = await newTab();
    const date = await openDay(page, bathroomId, longer, 2);
    await page.goto(`/bathrooms/${bathroomId}?date=${date}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    // The start's navigation cancels this one: the page may have dropped the request by now.
    const release = await holdRequests(
      page,
      /\.data(\?|$)/,
      ({ searchParams }) => searchParams.get('duration') === String(longer) && !searchParams.has('start'),
    );
    const lengths = page.getByRole('radiogroup', { name: 'How long' });
    await page.getByTestId('booking-panel').getByText(lengthLabel(longer), { exact: true }).click();
    const starts = page.getByTestId('free-starts');
    await expect.poll(() => starts.getAttribute('aria-busy')).toBe('true');
    expect(await lengths.getByRole('radio', { checked: true }).getAttribute('value')).toBe(String(longer));
    const second = await starts.locator('input').nth(1).getAttribute('value');
    await starts.locator('label').nth(1).click();
    release();
    await page.waitForURL((url) => url.searchParams.get('start') === second);
    expect(new URL(page.url()).searchParams.get('duration')).toBe(String(longer));
    await expect.poll(() => page.getByTestId('booking-review').textContent()).toContain(lengthLabel(longer));
    expect(await starts.getAttribute('aria-busy')).toBeNull();
  });

  it('a visitor picks a time, signs in on the way, reviews, pays and sees the booking confirmed', async () => {
    const { id: bathroomId, durations } = await aBathroom();
    const longer = durations[1] as number;
    const email = await member('flow');
    const { page } = await newTab();
    const date = await openDay(page, bathroomId, longer, 2);
    await page.goto(`/bathrooms/${bathroomId}?date=${date}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    // The earliest free start is chosen already; ask for a longer visit and the second start instead.
    const panel = page.getByTestId('booking-panel');
    await panel.getByText(lengthLabel(longer), { exact: true }).click();
    await expect.poll(() => page.url()).toContain(`duration=${longer}`);
    // The starts on screen are the new length's once the review names it.
    await expect.poll(() => page.getByTestId('booking-review').textContent()).toContain(lengthLabel(longer));
    const starts = page.getByTestId('free-starts');
    const secondLabel = ((await starts.locator('label').nth(1).textContent()) ?? '').trim();
    await starts.locator('label').nth(1).click();
    await expect.poll(() => page.getByTestId('booking-review').textContent()).toContain(secondLabel);
    expect(await page.getByTestId('booking-total').textContent()).toMatch(/^\$\d+\.\d\d$/);

    await page.getByRole('button', { name: 'Reserve and pay' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signInWithForm(page, email, password);
    await page.waitForURL((url) => url.pathname === `/bathrooms/${bathroomId}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    expect(await page.getByTestId('booking-review').textContent()).toContain(secondLabel);
    expect(page.url()).toContain(`duration=${longer}`);

    await page.getByRole('button', { name: 'Reserve and pay' }).click();
    await page.waitForURL(/\/test-checkout\//);
    await waitForHydration(page, 'form button[type="submit"]');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/payment-success\?session_id=/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your booking is confirmed');
    expect(await page.getByTestId('booking-summary').textContent()).toContain(`${longer} minutes`);
  });

  it('says so when the chosen time was just taken', async () => {
    const { id: bathroomId, durations } = await aBathroom();
    const shortest = durations[0] as number;
    const guest = await newTab();
    const email = await member('late');
    await signIn(guest.page, email, password);
    const date = await openDay(guest.page, bathroomId, shortest);
    await guest.page.goto(`/bathrooms/${bathroomId}?date=${date}&duration=${shortest}`);
    await waitForHydration(guest.page, '[data-testid="booking-panel"]');
    const slots = await apiCall(
      guest.page,
      'GET',
      `/api/bathrooms/${bathroomId}/slots?date=${date}&duration=${shortest}`,
    );
    const chosen = (slots.body.starts as { starts_at: string }[])[0]?.starts_at;
    // Somebody else holds the very start this page chose for the guest.
    const other = await newTab();
    await signIn(other.page, await member('quick'), password);
    const held = await apiCall(other.page, 'POST', '/api/bookings', {
      bathroomId,
      startsAt: chosen,
      durationMinutes: shortest,
    });
    expect(held.status).toBe(201);

    await guest.page.getByRole('button', { name: 'Reserve and pay' }).click();
    await expect
      .poll(() => guest.page.getByTestId('booking-error').textContent())
      .toBe('Sorry, that time has just been booked by someone else. Please choose another start.');
    expect(new URL(guest.page.url()).pathname).toBe(`/bathrooms/${bathroomId}`);
  });
});

/**
 * The Reserve button of this test's own bathroom in the Go now list: the list is sorted from the
 * searched place, which may be a city's centre, and another test's bathroom (or one still open at
 * this hour) can come first.
 */
function reserveAt(dialog: Locator, bathroomId: string, name: RegExp = /^Reserve 15 min at /): Locator {
  return dialog
    .locator('.mantine-Paper-root')
    .filter({ has: dialog.page().locator(`a[href^="/bathrooms/${bathroomId}"]`) })
    .getByRole('button', { name });
}

describe('Go now from the home and search pages', () => {
  const { newTab } = useBrowser();

  type GoNowResult = { id: string; title: string; starts_at: string; duration_minutes: number };

  /**
   * One of the demo host's published bathrooms that takes 15-minute visits, opened round the clock
   * for the test so a start within 15 minutes exists at any hour; `restore` puts its week back.
   */
  async function openAllDay(skip = 0, host = 'hector@privy.test') {
    const { page } = await newTab();
    await signIn(page, host);
    const mine = await apiCall(page, 'GET', '/api/properties/mine');
    // In a fixed order: the list is newest-edited first, and another test's edit would reorder it.
    const published = (mine.body.properties as { id: string; status: string }[])
      .filter((property) => property.status === 'published')
      .sort((a, b) => a.id.localeCompare(b.id));
    type View = {
      id: string;
      allowed_durations: number[];
      public_latitude: number;
      public_longitude: number;
      opening_hours: { weekday: number; opens: string; closes: string }[];
    };
    let listing: View | undefined;
    let passed = 0;
    for (const { id } of published) {
      const full = (await apiCall(page, 'GET', `/api/properties/${id}`)).body as unknown as View;
      // Each test takes its own bathroom: one test's booking would use up the other's 15 minutes.
      if (full.allowed_durations.includes(15) && passed++ === skip) {
        listing = full;
        break;
      }
    }
    if (!listing) throw new Error('the demo host should have a published bathroom taking 15-minute visits');
    const putHours = async (ranges: { weekday: number; opens: string; closes: string }[]) => {
      const response = await page.request.fetch(`/api/properties/${listing.id}/opening-hours`, {
        method: 'PUT',
        headers: { origin: baseUrl() },
        data: { ranges },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    const week = listing.opening_hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
    await putHours([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })));
    return { listing, restore: () => putHours(week) };
  }

  /** The browser reports the guest standing at the bathroom's public point. */
  async function standAt(
    context: import('playwright-core').BrowserContext,
    listing: { public_latitude: number; public_longitude: number },
  ) {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: listing.public_latitude, longitude: listing.public_longitude });
  }

  async function goNowAt(listing: { public_latitude: number; public_longitude: number }) {
    const { page } = await newTab();
    const near = `lat=${listing.public_latitude}&lon=${listing.public_longitude}`;
    const answer = await apiCall(page, 'GET', `/api/bathrooms/go-now?${near}`);
    expect(answer.status).toBe(200);
    return answer.body.results as GoNowResult[];
  }

  it('a signed-in guest taps Go now, reserves 15 minutes starting within 15 minutes and pays', async () => {
    const { listing, restore } = await openAllDay();
    try {
      const listed = await goNowAt(listing);
      expect(listed.length).toBeGreaterThan(0);
      const email = `go-now-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      await createAccount(email, password);
      const { page, context, errors } = await newTab();
      await signIn(page, email, password);
      await standAt(context, listing);
      await page.goto('/');
      await waitForHydration(page);
      const tappedAt = Date.now();
      await page.getByRole('button', { name: /^Go now/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Free in the next 15 minutes' });
      const reserve = reserveAt(dialog, listing.id, /^Reserve 15 min at \d{1,2}:\d\d [AP]M/);
      await reserve.waitFor();
      // A centred dialog on a desktop-sized window (without Modal's styles it spanned the page's top).
      const box = await page.locator('.mantine-Modal-content').boundingBox();
      expect(box?.width).toBeLessThan(800);
      expect(box?.x).toBeGreaterThan(100);
      await reserve.click();
      await page.waitForURL(/\/test-checkout\//);
      await waitForHydration(page, 'form button[type="submit"]');
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(/\/payment-success\?session_id=/);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Your booking is confirmed');
      expect(await page.getByTestId('booking-summary').textContent()).toContain('15 minutes');

      const booked = await apiCall(page, 'GET', '/api/bookings?tab=upcoming');
      const bookings = booked.body.bookings as { starts_at: string; duration_minutes: number }[];
      expect(bookings).toHaveLength(1);
      // On the grid, no earlier than the tap rounded down, no later than 15 minutes after it.
      const start = new Date(bookings[0]?.starts_at as string).getTime();
      expect(start % (15 * 60_000)).toBe(0);
      expect(start).toBeGreaterThan(tappedAt - 15 * 60_000);
      expect(start).toBeLessThanOrEqual(tappedAt + 15 * 60_000);
      expect(errors).toEqual([]);
    } finally {
      await restore();
    }
  });

  it('a visitor who is not signed in signs in on the way and comes back to that start on the listing', async () => {
    const { listing, restore } = await openAllDay(1);
    try {
      const email = `go-now-visitor-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      await createAccount(email, password);
      const { page, context } = await newTab();
      await standAt(context, listing);
      await page.goto('/');
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Go now/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Free in the next 15 minutes' });
      const reserve = reserveAt(dialog, listing.id);
      await reserve.waitFor();
      const label = ((await reserve.textContent()) ?? '').match(/\d{1,2}:\d\d [AP]M/)?.[0] ?? '';
      await reserve.click();
      await page.waitForURL((url) => url.pathname === '/login');
      await signInWithForm(page, email, password);
      await page.waitForURL((url) => url.pathname.startsWith('/bathrooms/'));
      await waitForHydration(page, '[data-testid="booking-panel"]');
      expect(page.url()).toContain('duration=15');
      expect(await page.getByTestId('booking-review').textContent()).toContain(label);
      await page.getByRole('button', { name: 'Reserve and pay' }).click();
      await page.waitForURL(/\/test-checkout\//);
    } finally {
      await restore();
    }
  });

  it('on the search page it looks around the searched place, and one tap reserves', async () => {
    const { listing, restore } = await openAllDay(0, 'paula@privy.test');
    try {
      const email = `go-now-search-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      await createAccount(email, password);
      // No geolocation permission: the point can only come from the search.
      const { page, errors } = await newTab();
      await signIn(page, email, password);
      const lat = listing.public_latitude.toFixed(4);
      const lng = listing.public_longitude.toFixed(4);
      await page.goto(`/bathrooms?q=Here&lat=${lat}&lng=${lng}&radius=5`);
      await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
      const asked = page.waitForRequest((request) => request.url().includes('/api/bathrooms/go-now'));
      await page.getByRole('button', { name: /^Go now/ }).click();
      const query = new URL((await asked).url()).searchParams;
      expect([query.get('lat'), query.get('lon')]).toEqual([lat, lng].map((value) => String(Number(value))));
      const dialog = page.getByRole('dialog', { name: 'Free in the next 15 minutes' });
      const reserve = reserveAt(dialog, listing.id, /^Reserve 15 min at \d{1,2}:\d\d [AP]M/);
      await reserve.waitFor();
      await reserve.click();
      await page.waitForURL(/\/test-checkout\//);
      const booked = await apiCall(page, 'GET', '/api/bookings?tab=upcoming');
      const bookings = booked.body.bookings as { duration_minutes: number }[];
      expect(bookings).toHaveLength(1);
      expect(bookings[0]?.duration_minutes).toBe(15);
      expect(errors).toEqual([]);
    } finally {
      await restore();
    }
  });
});
