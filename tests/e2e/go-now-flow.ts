import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';

/*
 * "I need one" to "the door is open" on a phone, as a hurried guest does it: open Privy, tap Go now,
 * tap a start, tap Pay on the test checkout (docs/PERFORMANCE.md, "Go now on a phone"). Shared by
 * the browser test (tests/e2e/go-now-phone.e2e.ts, which checks the taps and the host's screen) and
 * `npm run bench:go-now` (which times them); neither part asserts a duration here.
 */

/** A phone like the one most guests hold: 390 × 844 CSS px, touch, CPU slowed 4× by DevTools. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
export const CPU_SLOWDOWN = 4;

export type Listing = { id: string; title: string; public_latitude: number; public_longitude: number };

export type GoNowRun = {
  /** Taps from the home page to the confirmed booking. */
  taps: number;
  /** From opening the home page to "Your booking is confirmed" on screen. */
  msToConfirmed: number;
  /** From the tap on Pay to the booking showing as confirmed on the host's open /manage/bookings. */
  msHostSees: number;
  bookingStart: string;
};

async function expectOk(response: { status: () => number; text: () => Promise<string> }, what: string) {
  if (response.status() >= 300) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/**
 * The `skip`-th of the host's published bathrooms that takes 15-minute visits (or the next one
 * still free), opened round the clock so a start within 15 minutes exists at any hour; `restore`
 * puts its week back.
 */
export async function openAllDay(host: APIRequestContext, origin: string, skip = 0) {
  const mine = await host.get('/api/properties/mine');
  await expectOk(mine, 'list the host’s bathrooms');
  // In a fixed order: the list is newest-edited first, and another run's edit would reorder it.
  const published = ((await mine.json()).properties as { id: string; status: string }[])
    .filter((property) => property.status === 'published')
    .sort((a, b) => a.id.localeCompare(b.id));
  type View = Listing & {
    allowed_durations: number[];
    opening_hours: { weekday: number; opens: string; closes: string }[];
  };
  let passed = 0;
  for (const { id } of published) {
    const full = (await (await host.get(`/api/properties/${id}`)).json()) as View;
    if (!full.allowed_durations.includes(15) || passed++ < skip) continue;
    const putHours = async (ranges: { weekday: number; opens: string; closes: string }[]) =>
      expectOk(
        await host.fetch(`/api/properties/${id}/opening-hours`, {
          method: 'PUT',
          headers: { origin },
          data: { ranges },
        }),
        'set opening hours',
      );
    const week = full.opening_hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes }));
    await putHours([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })));
    // Other tests book and publish bathrooms for the same host (a new one can shift this order
    // onto one booked a minute ago): take the first whose next 15 minutes Go now really offers.
    const near = `lat=${full.public_latitude}&lon=${full.public_longitude}`;
    const offered = (await (await host.get(`/api/bathrooms/go-now?${near}`)).json()) as {
      results: { id: string }[];
    };
    if (offered.results.some((result) => result.id === id)) {
      return { listing: full as Listing, restore: () => putHours(week) };
    }
    await putHours(week);
  }
  throw new Error(`the host has no free bathroom taking 15-minute visits after the first ${skip}`);
}

/** A new guest account, signed in within `context` (registering alone signs nobody in, ADR 105). */
export async function newSignedInGuest(context: BrowserContext, origin: string): Promise<void> {
  const email = `go-now-phone-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'a long fresh password';
  const headers = { origin };
  await expectOk(
    await context.request.post('/api/account/register', {
      headers,
      data: { email, password, first_name: 'Quick', last_name: 'Guest' },
    }),
    'register',
  );
  await expectOk(
    await context.request.post('/api/account/sign-in', { headers, data: { email, password } }),
    'sign in',
  );
}

/** The profile's browser reports standing at the bathroom's public point, location already allowed. */
export async function standAt(context: BrowserContext, listing: Listing): Promise<void> {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: listing.public_latitude, longitude: listing.public_longitude });
}

/** Resolves when a booking that was not on the host's page before shows there as confirmed. */
async function hostSeesNewConfirmed(hostPage: Page, before: string[]): Promise<void> {
  await hostPage.waitForFunction(
    (known) =>
      [...document.querySelectorAll<HTMLAnchorElement>('a[href^="/bookings/"]')].some((link) => {
        if (known.includes(link.getAttribute('href') ?? '')) return false;
        const row = link.closest('tr, li, article, [data-testid="host-booking-row"]');
        return /confirmed/i.test(row?.textContent ?? '');
      }),
    before,
    { timeout: 30_000, polling: 50 },
  );
}

/**
 * Runs the path on `guest` (a signed-in phone page) while the host watches /manage/bookings on
 * `hostPage`. Every tap the guest makes goes through `tap`, so the count is the path's own.
 */
export async function goNowOnPhone(guest: Page, hostPage: Page, listing?: Listing): Promise<GoNowRun> {
  const cdp = await guest.context().newCDPSession(guest);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const hostLinks = await hostPage
    .locator('a[href^="/bookings/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  let taps = 0;
  const tap = async (locator: ReturnType<Page['locator']>) => {
    taps += 1;
    await locator.tap();
  };

  const openedAt = performance.now();
  await guest.goto('/');
  await tap(guest.getByRole('button', { name: /^Go now/ }));
  const dialog = guest.getByRole('dialog', { name: 'Free in the next 15 minutes' });
  // The host's bathroom the guest stands at (other tests' listings may be as near), else the first.
  const cards = dialog.getByTestId('go-now-result');
  const card = listing ? cards.filter({ hasText: listing.title }) : cards;
  const reserve = card.getByRole('button', { name: /^Reserve 15 min at / }).first();
  const bookingStart = ((await reserve.textContent()) ?? '').match(/\d{1,2}:\d\d [AP]M/)?.[0] ?? '';
  await tap(reserve);
  await guest.waitForURL(/\/test-checkout\//);
  const pay = guest.getByRole('button', { name: /^Pay / });
  await tap(pay);
  const paidAt = performance.now();
  const hostSees = hostSeesNewConfirmed(hostPage, hostLinks).then(() => performance.now());
  await guest.waitForURL(/\/payment-success\?session_id=/);
  await guest.getByRole('heading', { level: 1, name: 'Your booking is confirmed' }).waitFor();
  const confirmedAt = performance.now();
  const hostSawAt = await hostSees;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return {
    taps,
    msToConfirmed: confirmedAt - openedAt,
    msHostSees: hostSawAt - paidAt,
    bookingStart,
  };
}
