import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { goNowOnPhone, newSignedInGuest, openAllDay, PHONE, standAt } from './go-now-flow.ts';
import { signIn, waitForHydration } from './session-helpers.ts';

/**
 * The need-it-now path on a phone with a 4× slower CPU: from the home page, signed in, to a paid
 * booking starting within 15 minutes in at most four taps, and on the host's open bookings page
 * without a reload. `npm run bench:go-now` times the same path (docs/PERFORMANCE.md).
 */
describe('Go now on a phone', () => {
  const { newTab } = useBrowser();

  it('takes at most four taps from the home page to a paid booking the host sees live', async () => {
    const host = await newTab();
    await signIn(host.page, 'paula@privy.test');
    // A bathroom no other browser test books (booking-flow.e2e.ts takes her first), so its next 15
    // minutes are free.
    const { listing, restore } = await openAllDay(host.context.request, baseUrl(), 1);
    try {
      await host.page.goto('/manage/bookings');
      await waitForHydration(host.page);
      const guest = await newTab({ device: PHONE });
      await newSignedInGuest(guest.context, baseUrl());
      await standAt(guest.context, listing);

      const run = await goNowOnPhone(guest.page, host.page, listing);

      expect(run.taps).toBeLessThanOrEqual(4);
      expect(run.bookingStart).toMatch(/^\d{1,2}:\d\d [AP]M$/);
      const summary = await guest.page.getByTestId('booking-summary').textContent();
      expect(summary).toContain('15 minutes');
      expect(summary).toContain(run.bookingStart);
    } finally {
      await restore();
    }
  });
});

describe('a tap on Go now before the page is live', () => {
  const { newTab } = useBrowser();

  it('is kept and acted on once the page hydrates', async () => {
    const { page, context } = await newTab({ device: PHONE });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
    // Hold the page's scripts back, as a slow phone on a slow network does, until after the tap.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const button = page.getByRole('button', { name: /^Go now/ });
    await button.tap();
    const hydrated = await button.evaluate((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactProps')),
    );
    expect(hydrated, 'the tap came before React owned the button').toBe(false);
    release();
    await page.getByRole('dialog', { name: 'Free in the next 15 minutes' }).waitFor();
  });
});
