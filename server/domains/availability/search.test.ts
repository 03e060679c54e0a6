import { expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { describeWithApp } from '../../test/harness.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const near = `lat=${AUSTIN.latitude}&lng=${AUSTIN.longitude}`;

describeWithApp('GET /api/bathrooms/search', (ctx) => {
  const search = async (query: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/bathrooms/search?${query}` });
    return {
      status: response.statusCode,
      body: response.json() as SearchResponse & { fields?: { field: string }[] },
    };
  };
  const titles = (body: SearchResponse) => body.results.map((result) => result.title);

  it('finds published bathrooms inside the radius only, nearest first, with distance and cover', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    await insertBathroom(db, {
      hostId,
      title: 'Two miles',
      ...northOf(AUSTIN, 2),
      coverKey: 'images/bathroom/abc',
    });
    await insertBathroom(db, { hostId, title: 'Half a mile', ...northOf(AUSTIN, 0.5) });
    await insertBathroom(db, { hostId, title: 'Seven miles', ...northOf(AUSTIN, 7) });
    await insertBathroom(db, { hostId, title: 'Draft nearby', ...northOf(AUSTIN, 1), status: 'draft' });
    await insertBathroom(db, { hostId, title: 'Unlisted nearby', ...northOf(AUSTIN, 1), status: 'unlisted' });

    const fiveMiles = await search(near);
    expect(fiveMiles.status).toBe(200);
    expect(titles(fiveMiles.body)).toEqual(['Half a mile', 'Two miles']);
    expect(fiveMiles.body.total).toBe(2);
    const [first, second] = fiveMiles.body.results;
    expect(first?.distance_miles).toBe(0.5);
    expect(first?.cover).toBeNull();
    expect(second?.distance_miles).toBe(2);
    expect(second?.cover).toEqual({
      url: '/uploads/images/bathroom/abc@1x.webp',
      srcset: '/uploads/images/bathroom/abc@1x.webp 1x, /uploads/images/bathroom/abc@2x.webp 2x',
      alt: 'A white-tiled bathroom with a large mirror',
    });

    expect(titles((await search(`${near}&radius=10`)).body)).toEqual([
      'Half a mile',
      'Two miles',
      'Seven miles',
    ]);
    // Any radius in metres (SEO pages): 1,000 m holds only the half-mile one (805 m).
    expect(titles((await search(`${near}&radius_m=1000`)).body)).toEqual(['Half a mile']);
  });

  it('keeps only bathrooms open for the whole slot, in each bathroom zone', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    await insertBathroom(db, { hostId, title: 'Daytime', ...northOf(AUSTIN, 1) });
    await insertBathroom(db, {
      hostId,
      title: 'Weekend nights',
      ...northOf(AUSTIN, 2),
      hours: [
        { weekday: 5, opens: '18:00', closes: '24:00' },
        { weekday: 6, opens: '00:00', closes: '02:00' },
      ],
    });
    await insertBathroom(db, {
      hostId,
      title: 'Short visits',
      ...northOf(AUSTIN, 3),
      allowedDurations: [15, 30],
    });

    // Monday 8 June 2026.
    expect(titles((await search(`${near}&date=2026-06-08&time=10:00&duration=30`)).body)).toEqual([
      'Daytime',
      'Short visits',
    ]);
    expect(titles((await search(`${near}&date=2026-06-08&time=10:00&duration=60`)).body)).toEqual([
      'Daytime',
    ]);
    expect(titles((await search(`${near}&date=2026-06-08&time=19:45&duration=30`)).body)).toEqual([]);
    // Friday 23:30 for an hour runs past midnight into Saturday's 00:00 range.
    expect(titles((await search(`${near}&date=2026-06-12&time=23:30&duration=60`)).body)).toEqual([
      'Weekend nights',
    ]);
    expect(titles((await search(`${near}&date=2026-06-13&time=01:30&duration=60`)).body)).toEqual([]);
    // A date alone: any hours that weekday (Monday has no night hours).
    expect(titles((await search(`${near}&date=2026-06-08`)).body)).toEqual(['Daytime', 'Short visits']);
    expect(titles((await search(`${near}&date=2026-06-13`)).body)).toEqual([
      'Daytime',
      'Weekend nights',
      'Short visits',
    ]);
  }, 20_000);

  it('applies price, rating, accessibility and amenity filters (all of the chosen features)', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    await insertBathroom(db, {
      hostId,
      title: 'Accessible',
      ...northOf(AUSTIN, 1),
      priceCents: 1500,
      rating: 4.8,
      accessibility: ['step_free_entrance', 'grab_bars'],
      amenities: ['sink', 'towels'],
    });
    await insertBathroom(db, {
      hostId,
      title: 'Budget',
      ...northOf(AUSTIN, 2),
      priceCents: 500,
      rating: 3.9,
      accessibility: ['grab_bars'],
      amenities: ['sink'],
    });
    await insertBathroom(db, { hostId, title: 'New', ...northOf(AUSTIN, 3), priceCents: 2500, rating: null });

    expect(titles((await search(`${near}&max_price=10`)).body)).toEqual(['Budget']);
    expect(titles((await search(`${near}&min_price=12&max_price=20`)).body)).toEqual(['Accessible']);
    expect(titles((await search(`${near}&min_rating=4`)).body)).toEqual(['Accessible']);
    expect(titles((await search(`${near}&accessibility=grab_bars`)).body)).toEqual(['Accessible', 'Budget']);
    expect(titles((await search(`${near}&accessibility=grab_bars,step_free_entrance`)).body)).toEqual([
      'Accessible',
    ]);
    expect(titles((await search(`${near}&amenities=sink&amenities=towels`)).body)).toEqual(['Accessible']);
    expect(titles((await search(`${near}&sort=price`)).body)).toEqual(['Budget', 'Accessible', 'New']);
    expect(titles((await search(`${near}&sort=rating`)).body)).toEqual(['Accessible', 'Budget', 'New']);
    const rated = (await search(`${near}&sort=rating`)).body.results[0];
    expect(rated?.rating_average).toBe(4.8);
    expect(rated?.accessibility).toEqual(['step_free_entrance', 'grab_bars']);
  });

  it('pages through results with the total on every page', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    for (let index = 1; index <= 5; index += 1) {
      await insertBathroom(db, { hostId, title: `Stop ${index}`, ...northOf(AUSTIN, index / 2) });
    }
    const first = await search(`${near}&limit=2`);
    expect(titles(first.body)).toEqual(['Stop 1', 'Stop 2']);
    expect(first.body.total).toBe(5);
    expect(titles((await search(`${near}&limit=2&page=3`)).body)).toEqual(['Stop 5']);
    const past = await search(`${near}&limit=2&page=4`);
    expect(past.body).toEqual({ results: [], total: 5, totalIsCapped: false });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['lng=-97.7', 'lat'],
      ['lat=91&lng=-97.7', 'lat'],
      ['lat=abc&lng=-97.7', 'lat'],
      [`${near}&radius=7`, 'radius'],
      [`${near}&radius_m=999999`, 'radius_m'],
      [`${near}&date=2026-02-30`, 'date'],
      [`${near}&time=10:10`, 'time'],
      [`${near}&time=10:00&duration=20`, 'duration'],
      [`${near}&duration=30`, 'time'],
      [`${near}&min_price=30&max_price=10`, 'max_price'],
      [`${near}&min_rating=6`, 'min_rating'],
      [`${near}&accessibility=Grab%20bars`, 'accessibility.0'],
      [`${near}&sort=cheapest`, 'sort'],
      [`${near}&page=0`, 'page'],
      [`${near}&limit=500`, 'limit'],
      [`${near}&owner=me`, 'owner'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await search(query);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body.fields?.map((issue) => issue.field)).toContain(field);
    }
    const { body } = await search('lat=91&lng=-97.7');
    expect(JSON.stringify(body)).toContain('Invalid coordinates provided.');
  });
});
