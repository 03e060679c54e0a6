import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall } from './session-helpers.ts';

/** Bookings made through the API from a browser profile, for the browser tests. */

/** A demo host's first published bathroom (the host's browser profile must be signed in). */
export async function firstPublishedBathroomOf(page: Page): Promise<{ id: string; title: string }> {
  const mine = await apiCall(page, 'GET', '/api/properties/mine');
  const listing = (mine.body.properties as { id: string; title: string; status: string }[]).find(
    (property) => property.status === 'published',
  );
  if (!listing) throw new Error('the demo host should have a published bathroom');
  return listing;
}

/** Holds the first free start two or more days ahead; returns the booking and its checkout path. */
export async function holdTwoDaysAhead(page: Page, bathroomId: string) {
  // The first day from two days ahead on which this demo bathroom is open (hours vary by weekday).
  let start: { starts_at: string } | undefined;
  let duration = 30;
  for (let day = 2; day < 9 && !start; day += 1) {
    const date = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    for (const minutes of [30, 15, 60]) {
      const slots = await apiCall(
        page,
        'GET',
        `/api/bathrooms/${bathroomId}/slots?date=${date}&duration=${minutes}`,
      );
      start = slots.status === 200 ? (slots.body.starts as { starts_at: string }[])[0] : undefined;
      if (start) {
        duration = minutes;
        break;
      }
    }
  }
  if (!start) throw new Error('no free start in a week');
  const held = await apiCall(page, 'POST', '/api/bookings', {
    bathroomId,
    startsAt: start.starts_at,
    durationMinutes: duration,
  });
  expect(held.status, JSON.stringify(held.body)).toBe(201);
  const body = held.body as { booking: { id: string }; checkoutUrl: string };
  return { bookingId: body.booking.id, checkoutPath: new URL(body.checkoutUrl).pathname };
}
