import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { shootAll } from './screenshots.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/*
 * Reviews both ways (ADR 124): the demo guest Gus and the demo host Paula review Gus's seeded,
 * checked-in visit of three days ago. Nothing shows on the listing until both have written; then
 * both publish at once, the listing and the search card show the new count and average, and Paula
 * replies from /manage/reviews. No other browser test writes reviews.
 */

type Summary = { average: number | null; count: number };

async function rate(page: Page, field: string, stars: number) {
  const label = stars === 1 ? '1 star' : `${stars} stars`;
  // The radio itself is visually hidden; people click its star (the label).
  const id = await page.getByTestId(`stars-${field}`).getByRole('radio', { name: label }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

describe('reviews', () => {
  const { newTab } = useBrowser();

  it('guest and host review a visit; nothing shows until both have; then both, with the new average in search; the host replies', {
    // Twelve full-page screenshots take their time when asked for.
    timeout: process.env.E2E_SCREENSHOTS ? 240_000 : 60_000,
  }, async () => {
    const { page: host } = await newTab();
    await signIn(host, 'paula@privy.test');
    const { page: guest } = await newTab();
    await signIn(guest, 'gus@privy.test');

    // The host's page lists the guest waiting for her review; its link is the booking's form.
    await host.goto('/manage/reviews');
    await waitForHydration(host);
    const waiting = host.getByTestId('guests-to-review').getByRole('link', { name: /Review Gus at/ });
    const href = (await waiting.getAttribute('href')) as string;
    const bookingId = href.split('/')[2]?.split('#')[0] as string;
    const detail = await apiCall(guest, 'GET', `/api/bookings/${bookingId}/detail`);
    expect(detail.status).toBe(200);
    const { bathroom_id: bathroomId, area } = detail.body as {
      bathroom_id: string;
      area: { latitude: number; longitude: number };
    };
    const summary = async () =>
      (await apiCall(guest, 'GET', `/api/reviews/bathrooms/${bathroomId}`)).body.summary as Summary;
    const before = await summary();

    // The guest writes first: saved, hidden.
    const comment = `Bright and spotless ${Date.now().toString(36)}`;
    await guest.goto(`/bookings/${bookingId}`);
    await waitForHydration(guest, '[data-testid="booking-review"] form');
    await rate(guest, 'overall', 5);
    for (const field of ['cleanliness', 'accuracy', 'communication']) await rate(guest, field, 5);
    await guest.getByLabel('Comment (optional)').fill(comment);
    await guest.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => guest.getByTestId('review-message').textContent()).toContain('Saved.');
    await shootAll(guest, `/bookings/${bookingId}`, 'review-guest-form', { fullPage: true });
    await host.goto(`/bathrooms/${bathroomId}`);
    await waitForHydration(host, '[data-testid="bathroom-reviews"]');
    expect(await host.getByTestId('bathroom-reviews').textContent()).not.toContain(comment);
    expect(await summary()).toEqual(before);

    // The host writes second: both publish at once.
    await host.goto(href);
    await waitForHydration(host, '[data-testid="booking-review"] form');
    await rate(host, 'how-was-this-guest-', 4);
    await host.getByLabel('Private note to the guest (optional)').fill('Left it spotless. Welcome back!');
    await host.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => host.getByTestId('review-message').textContent()).toContain('now published');
    expect(await host.getByTestId('review-guest').textContent()).toContain(comment);

    const after = await summary();
    expect(after.count).toBe(before.count + 1);
    await guest.goto(`/bathrooms/${bathroomId}`);
    await waitForHydration(guest, '[data-testid="bathroom-reviews"]');
    expect(await guest.getByTestId('review-item').first().textContent()).toContain(comment);
    expect(await guest.getByTestId('rating-average').textContent()).toBe(
      (after.average as number).toFixed(1),
    );

    // Search: the card of this bathroom (nearest to its own point) shows the new figures.
    await guest.goto(`/bathrooms?lat=${area.latitude}&lng=${area.longitude}&radius=5&sort=distance`);
    await waitForHydration(guest);
    const card = guest.locator(`a[href^="/bathrooms/${bathroomId}"]`).first();
    await card.waitFor();
    const cardText = await card.textContent();
    expect(cardText).toContain((after.average as number).toFixed(1));
    expect(cardText).toContain(`(${after.count} reviews)`);

    // The host replies once, inline, from /manage/reviews (unanswered first).
    await host.goto('/manage/reviews');
    await waitForHydration(host, '[data-testid="manage-review"]');
    const mine = host.getByTestId('manage-review').filter({ hasText: comment });
    await mine.getByLabel('Your public reply').fill('Thank you, Gus!');
    await mine.getByRole('button', { name: 'Post reply' }).click();
    // Answered, it moves below the unanswered ones (maybe to a later page); the page says so.
    await expect
      .poll(() => host.getByTestId('reply-posted').textContent())
      .toContain('Your reply is posted.');
    const listed = await apiCall(host, 'GET', `/api/reviews/bathrooms/${bathroomId}`);
    const newest = (listed.body.reviews as { comment: string; reply: string | null }[])[0];
    expect(newest).toMatchObject({ comment, reply: 'Thank you, Gus!' });
    await shootAll(host, '/manage/reviews', 'manage-reviews', { fullPage: true });
    await guest.goto(`/bathrooms/${bathroomId}`);
    await waitForHydration(guest, '[data-testid="bathroom-reviews"]');
    expect(await guest.getByTestId('review-item').first().textContent()).toContain('Thank you, Gus!');
    await shootAll(guest, `/bathrooms/${bathroomId}#reviews`, 'listing-reviews', { fullPage: true });
  });
});
