import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './browser.ts';
import { apiCall, signIn, waitForHydration } from './session-helpers.ts';

/** Boise has no demo listings, so what its pages show is what this test published. */
const BOISE = { lat: 43.6135, lon: -116.2035 };

async function publishInBoise(page: import('playwright-core').Page, title: string): Promise<string> {
  const created = await apiCall(page, 'POST', '/api/properties', {
    title,
    description: 'A calm, clean bathroom two blocks from the Capitol.',
    location: {
      ...BOISE,
      formatted: '700 W Jefferson St, Boise, ID, United States',
      name: 'Boise',
      state_code: 'ID',
      country_code: 'US',
    },
    hourly_price_cents: 1100,
    accessibility: ['step_free_entrance'],
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const photo = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 120, g: 170, b: 190 } },
  })
    .png()
    .toBuffer();
  const upload = await page.request.post(`/api/properties/${id}/photos`, {
    headers: { origin: baseUrl() },
    multipart: { file: { name: 'bathroom.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.status()).toBe(200);
  expect((await apiCall(page, 'POST', `/api/properties/${id}/publish`)).status).toBe(200);
  return id;
}

describe('location pages and the sitemap', () => {
  const { newTab, allowConsoleErrors } = useBrowser();

  it('a newly published listing shows on its city page, with canonical URL and structured data, and in the sitemap', async () => {
    const host = await newTab();
    await signIn(host.page, 'paula@privy.test');
    const title = `Capitol loo ${Date.now().toString(36)}`;
    const id = await publishInBoise(host.page, title);

    const { page } = await newTab();
    const response = await page.goto('/bathrooms-in/boise-id');
    expect(response?.status()).toBe(200);
    await waitForHydration(page, `[data-result-id="${id}"]`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Private bathrooms in Boise, ID',
    );
    expect(await page.locator(`[data-result-id="${id}"]`).textContent()).toContain(title);
    expect(await page.title()).toBe('Private bathrooms in Boise, ID · Privy');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl()}/bathrooms-in/boise-id`,
    );
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
      `${baseUrl()}/bathrooms-in/boise-id`,
    );
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('in Boise, ID');

    // The structured data parses, names the listing as a Product with its hourly Offer, and carries
    // this response's CSP nonce (compare with the header of a fresh request for the same page).
    const direct = await page.request.get('/bathrooms-in/boise-id');
    const nonce = /'nonce-([^']+)'/.exec(direct.headers()['content-security-policy'] ?? '')?.[1];
    const html = await direct.text();
    const block = /<script type="application\/ld\+json" nonce="([^"]+)">([^<]*)<\/script>/.exec(html);
    expect(nonce).toBeTruthy();
    expect(block?.[1]).toBe(nonce);
    const jsonLd = JSON.parse(block?.[2] ?? 'null');
    expect(jsonLd['@type']).toBe('ItemList');
    const item = jsonLd.itemListElement.find(
      (entry: { item: { url: string } }) => entry.item.url === `${baseUrl()}/bathrooms/${id}`,
    )?.item;
    expect(item).toMatchObject({
      '@type': 'Product',
      name: title,
      offers: { '@type': 'Offer', price: '11.00', priceCurrency: 'USD' },
    });

    // One tap to the wider page: it lists the listing too, with the distance from the centre.
    await page.getByRole('link', { name: 'Within 25 miles' }).click();
    await page.waitForURL(/\/bathrooms-near\/boise-id$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Private bathrooms near Boise, ID');
    await expect.poll(() => page.locator(`[data-result-id="${id}"]`).textContent()).toMatch(/away/);
    // And on to the listing itself.
    await page.locator(`[data-result-id="${id}"]`).click();
    await page.waitForURL(new RegExp(`/bathrooms/${id}$`));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);

    const sitemap = await page.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseUrl()}/bathrooms/${id}</loc>`);
    expect(xml).toContain(`<loc>${baseUrl()}/bathrooms-in/boise-id</loc>`);

    // The city index lists Boise among the cities with bathrooms, linking its "in" page.
    await page.goto('/dynamic-seo-pages');
    const listed = page.getByRole('region', { name: 'Cities with bathrooms' });
    expect(await listed.getByRole('heading', { name: 'Idaho' }).count()).toBe(1);
    expect(await listed.getByRole('link', { name: 'Boise', exact: true }).getAttribute('href')).toBe(
      '/bathrooms-in/boise-id',
    );

    // Unpublishing takes it off the page and out of the sitemap.
    expect((await apiCall(host.page, 'POST', `/api/properties/${id}/unpublish`)).status).toBe(200);
    expect(await (await page.request.get('/bathrooms-in/boise-id')).text()).not.toContain(title);
    expect(await (await page.request.get('/sitemap.xml')).text()).not.toContain(`/bathrooms/${id}<`);
  }, 90_000);

  it('an unknown place is a 404 that suggests the places meant', async () => {
    const tab = await newTab();
    const response = await tab.page.goto('/bathrooms-near/bosie-id');
    expect(response?.status()).toBe(404);
    expect(await tab.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'We could not find that place',
    );
    const suggestion = tab.page.getByRole('list', { name: 'Suggested places' }).getByRole('link', {
      name: 'Boise, ID',
    });
    expect(await suggestion.getAttribute('href')).toBe('/bathrooms-near/boise-id');
    expect(await tab.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    allowConsoleErrors(tab, /404/);
  });

  it('the city index and robots.txt point crawlers at the pages that matter', async () => {
    const { page } = await newTab();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Bathrooms by city' }).click();
    await page.waitForURL(/\/dynamic-seo-pages$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Private bathrooms by city');
    expect(await page.getByRole('heading', { name: 'More cities' }).count()).toBe(1);

    const robots = await page.request.get('/robots.txt');
    expect(robots.headers()['content-type']).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('Disallow: /manage\n');
    expect(text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});
