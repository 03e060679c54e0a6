import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';
import { apiCall } from './session-helpers.ts';

/** /profile/{id}, reached the way guests reach it: from the host card on a listing page. */
describe('public profile', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it("shows a host's first name, member-since date and published bathrooms, and 404s an unknown id", async () => {
    const tab = await newTab();
    const { page } = tab;
    const host = await apiCall(page, 'GET', '/api/bathrooms/search?lat=30.2672&lng=-97.7431&radius=25');
    expect(host.status).toBe(200);
    const results = host.body.results as { id: string; title: string }[];
    // A public listing names its host; follow the host card from a listing page.
    const listing = results[0];
    if (!listing) throw new Error('the demo seed should list bathrooms near Austin');
    await page.goto(`/bathrooms/${listing.id}`);
    const hostLink = page.locator('a[href^="/profile/"]').first();
    await hostLink.waitFor();
    const href = (await hostLink.getAttribute('href')) as string;
    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    await page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/).waitFor();
    await expect.poll(() => page.locator('a[href^="/bathrooms/"]').count()).toBeGreaterThan(0);
    expect(await page.title()).toMatch(/ on Privy/);

    const missing = await page.goto('/profile/no-such-member');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    allowConsoleErrors(tab, /status of 404/);
  });
});
