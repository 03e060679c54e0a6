import { describe, expect, it } from 'vitest';
import { createAccount, signInWithForm } from './auth-helpers.ts';
import { useBrowser } from './browser.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/**
 * Booking from the listing page (issue 5 item 4): pick a day, a length and a start, review, pay on
 * the test checkout, land on the confirmed booking. A visitor who is not signed in signs in on the
 * way and comes back to the same choice; a time taken meanwhile is refused kindly.
 */

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
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

  it('a visitor picks a time, signs in on the way, reviews, pays and sees the booking confirmed', async () => {
    const { id: bathroomId, durations } = await aBathroom();
    const longer = durations[1] as number;
    const email = await member('flow');
    const { page } = await newTab();
    await page.goto(`/bathrooms/${bathroomId}?date=${inTwoDays()}`);
    await waitForHydration(page, '[data-testid="booking-panel"]');
    // The earliest free start is chosen already; ask for a longer visit and the second start instead.
    const panel = page.getByTestId('booking-panel');
    await panel.getByText(lengthLabel(longer), { exact: true }).click();
    await expect.poll(() => page.url()).toContain(`duration=${longer}`);
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
    await guest.page.goto(`/bathrooms/${bathroomId}?date=${inTwoDays()}&duration=${shortest}`);
    await waitForHydration(guest.page, '[data-testid="booking-panel"]');
    const slots = await apiCall(
      guest.page,
      'GET',
      `/api/bathrooms/${bathroomId}/slots?date=${inTwoDays()}&duration=${shortest}`,
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
