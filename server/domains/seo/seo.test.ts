import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { insertHost, northOf } from '../availability/search-test-support.ts';
import { AUSTIN, insertBathroomIn, NEW_YORK, ROUND_ROCK } from './seo-test-support.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describeWithApp('location pages, sitemap and robots.txt', (ctx) => {
  it('an "in" page lists the city’s published bathrooms, best rated first; "near" adds the neighbours by distance', async () => {
    const { db, seo } = ctx().services;
    const hostId = await insertHost(db);
    const base = { hostId, city: 'Austin', stateCode: 'TX' };
    const good = await insertBathroomIn(db, { ...base, title: 'Good', ...northOf(AUSTIN, 3), rating: 4.2 });
    const best = await insertBathroomIn(db, { ...base, title: 'Best', ...northOf(AUSTIN, 6), rating: 4.9 });
    const draft = await insertBathroomIn(db, { ...base, title: 'Draft', ...AUSTIN, status: 'draft' });
    const unlisted = await insertBathroomIn(db, {
      ...base,
      title: 'Unlisted',
      ...AUSTIN,
      status: 'unlisted',
    });
    const roundRock = await insertBathroomIn(db, {
      hostId,
      city: 'Round Rock',
      stateCode: 'TX',
      title: 'Round Rock',
      ...ROUND_ROCK,
    });

    const inCity = await seo.locationPage('austin-tx', 'bathrooms-in');
    if (inCity.status !== 'ok') throw new Error(`expected a page, got ${inCity.status}`);
    expect(inCity.results.map((result) => result.id)).toEqual([best, good]);
    expect(inCity.total).toBe(2);
    expect(inCity.city).toMatchObject({ slug: 'austin-tx', label: 'Austin, TX', state: 'Texas' });
    const ids = inCity.results.map((result) => result.id);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(unlisted);
    // The neighbour's link knows it has a listing of its own.
    expect(inCity.nearby.find((city) => city.slug === 'round-rock-tx')).toMatchObject({ bathrooms: 1 });
    expect(inCity.search).toMatchObject({ q: 'Austin, TX', radius: '10', sort: 'rating' });

    const near = await seo.locationPage('austin-tx', 'bathrooms-near');
    if (near.status !== 'ok') throw new Error(`expected a page, got ${near.status}`);
    expect(near.results.map((result) => result.id)).toEqual([good, best, roundRock]);
    expect(near.radius_miles).toBe(25);

    const properties = await seo.locationPage('austin-tx', 'properties-in');
    expect(properties.status === 'ok' && properties.results.map((result) => result.id)).toEqual([best, good]);
  });

  it('matches the spellings an address may use, and sends other spellings of the slug to the canonical one', async () => {
    const { db, seo } = ctx().services;
    const hostId = await insertHost(db);
    const short = await insertBathroomIn(db, { hostId, city: 'New York', stateCode: 'NY', ...NEW_YORK });
    const long = await insertBathroomIn(db, { hostId, city: 'new york city', stateCode: 'NY', ...NEW_YORK });
    // Same name, another state: not New York City's.
    await insertBathroomIn(db, { hostId, city: 'New York', stateCode: 'TX', ...AUSTIN });

    const page = await seo.locationPage('new-york-ny', 'bathrooms-in');
    expect(page.status === 'ok' && page.results.map((result) => result.id).sort()).toEqual(
      [short, long].sort(),
    );
    expect(await seo.locationPage('new-york-city-ny', 'bathrooms-in')).toEqual({
      status: 'redirect',
      slug: 'new-york-ny',
    });
    expect(await seo.locationPage('Austin-TX', 'bathrooms-near')).toEqual({
      status: 'redirect',
      slug: 'austin-tx',
    });
  });

  it('answers an unknown place with typo-tolerant suggestions', async () => {
    const { seo } = ctx().services;
    const typo = await seo.locationPage('austn-tx', 'bathrooms-in');
    if (typo.status !== 'not-found') throw new Error(`expected not-found, got ${typo.status}`);
    expect(typo.suggestions[0]).toMatchObject({ slug: 'austin-tx', label: 'Austin, TX' });
    const notASlug = await seo.locationPage('san franciso', 'bathrooms-near');
    expect(notASlug.status === 'not-found' && notASlug.suggestions.map((city) => city.slug)).toContain(
      'san-francisco-ca',
    );
    expect(await seo.locationPage('qqqqqqqq-zz', 'bathrooms-in')).toEqual({
      status: 'not-found',
      suggestions: [],
    });
  });

  it('indexes cities with bathrooms by state, then large cities without', async () => {
    const { db, seo } = ctx().services;
    const hostId = await insertHost(db);
    await insertBathroomIn(db, { hostId, city: 'Austin', stateCode: 'TX', ...AUSTIN });
    await insertBathroomIn(db, { hostId, city: 'austin', stateCode: 'TX', ...AUSTIN });
    await insertBathroomIn(db, { hostId, city: 'New York', stateCode: 'NY', ...NEW_YORK });
    await insertBathroomIn(db, { hostId, city: 'Austin', stateCode: 'TX', ...AUSTIN, status: 'draft' });
    // A name the gazetteer does not hold for that state: no page to list.
    await insertBathroomIn(db, { hostId, city: 'Nowhereville', stateCode: 'TX', ...AUSTIN });

    const index = await seo.locationIndex();
    expect(index.withBathrooms.map((group) => group.name)).toEqual(['New York', 'Texas']);
    expect(index.withBathrooms[1]?.cities).toEqual([
      expect.objectContaining({ slug: 'austin-tx', name: 'Austin', bathrooms: 2 }),
    ]);
    expect(index.bathrooms).toBe(3);
    const more = index.more.flatMap((group) => group.cities.map((city) => city.slug));
    expect(more).toContain('dallas-tx');
    expect(more).not.toContain('austin-tx');
    expect(more).not.toContain('new-york-ny');
    // Large cities only: the page stays a few hundred links long.
    expect(more.length).toBeGreaterThan(200);
    expect(more.length).toBeLessThan(600);
  });

  it('serves a sitemap of public pages, published bathrooms and the location pages that have some', async () => {
    const { app, services } = ctx();
    const { db } = services;
    const hostId = await insertHost(db);
    const published = await insertBathroomIn(db, { hostId, city: 'Austin', stateCode: 'TX', ...AUSTIN });
    const draft = await insertBathroomIn(db, {
      hostId,
      city: 'Dallas',
      stateCode: 'TX',
      ...AUSTIN,
      status: 'draft',
    });
    const unlisted = await insertBathroomIn(db, {
      hostId,
      city: 'Houston',
      stateCode: 'TX',
      ...AUSTIN,
      status: 'unlisted',
    });

    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(response.body);
    const origin = 'http://localhost:3000';
    expect(urls).toContain(`${origin}/bathrooms/${published}`);
    expect(urls).not.toContain(`${origin}/bathrooms/${draft}`);
    expect(urls).not.toContain(`${origin}/bathrooms/${unlisted}`);
    expect(response.body).toMatch(
      new RegExp(`<loc>${origin}/bathrooms/${published}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+Z</lastmod>`),
    );
    expect(urls).toEqual(
      expect.arrayContaining([
        `${origin}/`,
        `${origin}/bathrooms`,
        `${origin}/dynamic-seo-pages`,
        `${origin}/rent-your-bathroom`,
        `${origin}/accessible-bathroom-provider`,
        `${origin}/bathrooms-in/austin-tx`,
        `${origin}/bathrooms-near/austin-tx`,
      ]),
    );
    // Only cities with a published bathroom; "properties" pages point at these as canonical.
    expect(urls.filter((url) => url?.includes('/bathrooms-in/'))).toEqual([
      `${origin}/bathrooms-in/austin-tx`,
    ]);
    expect(urls.some((url) => url?.includes('/properties-'))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('serves robots.txt: public pages allowed, tools and account pages not, and where the sitemap is', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Allow: /',
        'Disallow: /manage',
        'Disallow: /admin',
        'Disallow: /api',
        'Disallow: /dev',
        'Disallow: /dashboard',
        'Disallow: /profile$',
        'Disallow: /login',
        'Sitemap: http://localhost:3000/sitemap.xml',
      ]),
    );
    // Nothing that the sitemap lists is disallowed.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const path of ['/bathrooms', '/bathrooms-in/austin-tx', '/profile/abc', '/dynamic-seo-pages', '/']) {
      expect(
        disallowed.some((rule) => (rule.endsWith('$') ? path === rule.slice(0, -1) : path.startsWith(rule))),
        path,
      ).toBe(false);
    }
  });
});
