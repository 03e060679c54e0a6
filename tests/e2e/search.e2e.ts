import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { holdRequests } from './held-requests.ts';
import { apiCall, pickPlace, signIn, waitForHydration } from './session-helpers.ts';

describe('search', () => {
  const { newTab } = useBrowser();

  it('a guest types the city on the home page, picks 10 miles, finds the listing in the list and on the map, opens it', async () => {
    // A provider publishes a bathroom about 7 miles north of downtown Boise, through the listings API.
    // Boise has no demo bathrooms (server/seed/demo-cities.ts), so what this search finds is ours.
    const host = await newTab();
    await signIn(host.page, 'paula@privy.test');
    const title = `Quiet loo ${Date.now().toString(36)}`;
    const created = await apiCall(host.page, 'POST', '/api/properties', {
      title,
      description: 'Fresh towels and a step-free entrance.',
      location: {
        lat: 43.7135,
        lon: -116.2035,
        formatted: '9000 N Bogus Basin Rd, Boise, ID, United States',
        name: 'Boise',
        state_code: 'ID',
        country_code: 'US',
      },
      hourly_price_cents: 900,
      accessibility: ['step_free_entrance', 'grab_bars'],
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 160, b: 150 } },
    })
      .png()
      .toBuffer();
    const upload = await host.page.request.post(`/api/properties/${id}/photos`, {
      headers: { origin: baseUrl() },
      multipart: { file: { name: 'bathroom.png', mimeType: 'image/png', buffer: photo } },
    });
    expect(upload.status()).toBe(200);
    // Open round the clock, so "free to start today" has times whenever the test runs.
    const hours = await host.page.request.put(`/api/properties/${id}/opening-hours`, {
      headers: { origin: baseUrl() },
      data: {
        ranges: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' })),
      },
    });
    expect(hours.status()).toBe(200);
    expect((await apiCall(host.page, 'POST', `/api/properties/${id}/publish`)).status).toBe(200);

    const { page } = await newTab();
    await page.goto('/');
    await waitForHydration(page, 'form[aria-label="Find a bathroom"]');
    await pickPlace(page, 'Where are you?', 'Boise', /Boise, ID/);
    await page.getByRole('combobox', { name: 'Within' }).click();
    await page.getByRole('option', { name: '10 miles' }).click();
    await page.getByRole('button', { name: 'Find a bathroom' }).click();

    await page.waitForURL(/\/bathrooms\?.*radius=10/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toMatch(/Boise/);
    const card = page.locator(`[data-result-id="${id}"]`);
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain(title);
    expect(await card.textContent()).toContain('$9');
    expect(await card.textContent()).toMatch(/\d+\.\d mi away/);

    // The server rendered the same result into the first HTML (no JavaScript needed).
    const html = await (await page.request.get(url.pathname + url.search)).text();
    expect(html).toContain(title);
    // Five miles is too small: the empty state offers the wider radius.
    const narrow = new URL(url);
    narrow.searchParams.set('radius', '5');
    const narrowHtml = await (await page.request.get(narrow.pathname + narrow.search)).text();
    expect(narrowHtml).not.toContain(title);

    // On the map: a marker per result; hovering the card highlights its marker.
    await expect.poll(() => page.locator('path.privy-map-marker').count()).toBeGreaterThan(0);
    await card.hover();
    await expect.poll(() => page.locator('path.privy-map-marker-active').count()).toBe(1);
    // A card that appears under a resting pointer (here: the page reloaded under it) lights its
    // marker as soon as the pointer moves within it, though it never got a mouseenter.
    const box = await card.boundingBox();
    if (!box) throw new Error('the card should be on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 20);
    await page.reload();
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    await expect.poll(() => page.locator('path.privy-map-marker').count()).toBeGreaterThan(0);
    await page.mouse.move(box.x + box.width / 2, box.y + 40);
    await expect.poll(() => page.locator('path.privy-map-marker-active').count()).toBe(1);
    expect(await card.getAttribute('data-highlighted')).toBe('true');

    await card.click();
    await page.waitForURL(new RegExp(`/bathrooms/${id}\\?`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByText(/Hosted by Paula/).count()).toBe(1);
    expect(await page.getByRole('rowheader', { name: 'Monday' }).count()).toBe(1);
    expect(await page.locator('body').textContent()).toMatch(/mi from .*Boise/);
    // The listing's map is a picture of the area until it is touched (ADR 159).
    await expect.poll(() => page.locator('[data-static-map] [data-map-area]').count()).toBe(1);

    // Back returns to the same search.
    await page.goBack();
    await page.waitForURL(/\/bathrooms\?.*radius=10/);
    await expect.poll(() => card.count()).toBe(1);
  }, 90_000);

  it("the search page's selects and filters drawer work once live, each on its own turn", async () => {
    // The demo catalogue has bathrooms in Austin. Each select and the drawer go live separately
    // (use-live.ts); this uses every one of them and checks that the search it makes lands in the URL.
    const { page } = await newTab();
    await page.goto('/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5');
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    await page.getByRole('combobox', { name: 'Within' }).click();
    await page.getByRole('option', { name: '10 miles' }).click();
    await page.getByRole('combobox', { name: 'For' }).click();
    await page.getByRole('option', { name: '30 minutes' }).click();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Sink' }).check();
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(/amenities=sink/);
    let url = new URL(page.url());
    expect(url.searchParams.get('radius')).toBe('10');
    expect(url.searchParams.get('duration')).toBe('30');
    // Sorting searches at once.
    await page.getByRole('combobox', { name: 'Sort results' }).click();
    await page.getByRole('option', { name: 'Lowest price first' }).click();
    await page.waitForURL(/sort=price/);
    url = new URL(page.url());
    expect(url.searchParams.get('amenities')).toBe('sink');
    await expect.poll(() => page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);
    // Closed, the three live selects keep no hidden list for floating-ui to measure and place while
    // the page hydrates (ADR 161); an open one has its list.
    await expect.poll(() => page.locator('.mantine-Popover-dropdown').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Within' }).click();
    await expect.poll(() => page.locator('.mantine-Popover-dropdown').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.mantine-Popover-dropdown').count()).toBe(0);
  }, 60_000);

  it('a list opened while a search is loading stays open when its results arrive', async () => {
    // A guest applies a filter and at once opens Sort, before the new results are in (held here).
    // The form takes the new search when it arrives without being drawn anew: the list stays open.
    const { page } = await newTab();
    await page.goto('/bathrooms?q=Austin%2C+TX%2C+United+States&lat=30.2672&lng=-97.7431&radius=5');
    await waitForHydration(page, 'form[aria-label="Search bathrooms"]');
    const release = await holdRequests(
      page,
      /\.data(\?|$)/,
      ({ searchParams }) => searchParams.get('amenities') === 'sink' && !searchParams.has('sort'),
    );
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Sink' }).check();
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.getByRole('combobox', { name: 'Sort results' }).click();
    const cheapest = page.getByRole('option', { name: 'Lowest price first' });
    await cheapest.waitFor();
    release();
    await page.waitForURL(/amenities=sink/);
    await expect.poll(() => page.getByRole('button', { name: 'Filters (1)' }).count()).toBe(1);
    expect(await cheapest.isVisible()).toBe(true);
    await cheapest.click();
    await page.waitForURL(/sort=price/);
    expect(new URL(page.url()).searchParams.get('amenities')).toBe('sink');
  });

  it('an unpublished or unknown bathroom is a 404 to the public', async () => {
    const { page } = await newTab();
    const response = await page.request.get('/bathrooms/00000000-0000-4000-8000-000000000000');
    expect(response.status()).toBe(404);
  });
});
