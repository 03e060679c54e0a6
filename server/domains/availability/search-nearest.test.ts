import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { describeWithApp } from '../../test/harness.ts';
import { SEARCH_COUNT_CAP } from './search-repository.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

// Nearest-first search walks the distance index and stops early, and counting stops at a cap
// (ADR 080, "Nearest first" and "Counting"). These tests pin what a guest sees of that.
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const near = `lat=${AUSTIN.latitude}&lng=${AUSTIN.longitude}`;

describeWithApp('nearest-first search', (ctx) => {
  const search = async (query: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/bathrooms/search?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as SearchResponse;
  };
  const titles = (body: SearchResponse) => body.results.map((result) => result.title);

  /** `count` bathrooms in a row going north, 0.01 mile apart from `fromMiles`, in one statement. */
  async function insertRow(hostId: string, count: number, fromMiles: number, priceCents = 1000) {
    const db = ctx().services.db;
    await sql`
      insert into bathrooms (host_id, status, title, location, latitude, longitude, public_latitude,
        public_longitude, city, state_code, country_code, timezone, hourly_price_cents, published_at)
      select ${hostId}, 'published', 'Row ' || (${fromMiles}::float8 * 100 + g)::int, '{"lat":0,"lon":0,"formatted":"x"}',
        p.lat, ${AUSTIN.longitude}::float8, p.lat, ${AUSTIN.longitude}::float8, 'Austin', 'TX', 'US',
        'America/Chicago', ${priceCents}::int, now()
      from generate_series(0, ${count - 1}::int) g
      cross join lateral (select ${AUSTIN.latitude}::float8 + (${fromMiles}::float8 + g * 0.01) / 69.1707 as lat) p`.execute(
      db,
    );
  }

  it(`says "${SEARCH_COUNT_CAP}+" past the cap, and pages on nearest first without gaps or repeats`, async () => {
    const hostId = await insertHost(ctx().services.db);
    await insertRow(hostId, SEARCH_COUNT_CAP + 5, 0.1);
    const first = await search(`${near}&radius=5&limit=20`);
    expect(first.total).toBe(SEARCH_COUNT_CAP);
    expect(first.totalIsCapped).toBe(true);
    const second = await search(`${near}&radius=5&limit=20&page=2`);
    const distances = [...first.results, ...second.results].map((result) => result.distance_miles);
    expect(distances).toHaveLength(40);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(40);
    expect(first.results[0]?.distance_miles).toBeCloseTo(0.1, 3);
    // Sorting by price reads every match, so it counts them all, and says the same.
    const byPrice = await search(`${near}&radius=5&limit=20&sort=price`);
    expect(byPrice).toMatchObject({ total: SEARCH_COUNT_CAP, totalIsCapped: true });
  });

  it('counts exactly below the cap', async () => {
    const hostId = await insertHost(ctx().services.db);
    await insertRow(hostId, 7, 1);
    expect(await search(`${near}&radius=5&limit=3`)).toMatchObject({ total: 7, totalIsCapped: false });
  });

  it('finds far matches when a filter drops the nearest two hundred', async () => {
    const hostId = await insertHost(ctx().services.db);
    await insertRow(hostId, 250, 0.1, 500);
    await insertBathroom(ctx().services.db, {
      hostId,
      title: 'Far and dear',
      ...northOf(AUSTIN, 4),
      priceCents: 5000,
    });
    const found = await search(`${near}&radius=5&min_price=40`);
    expect(titles(found)).toEqual(['Far and dear']);
    expect(found).toMatchObject({ total: 1, totalIsCapped: false });
  });

  it('orders bathrooms at the same spot by id across a page boundary', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const spot = northOf(AUSTIN, 1);
    const ids = [];
    for (const title of ['Twin A', 'Twin B', 'Twin C'])
      ids.push(await insertBathroom(db, { hostId, title, ...spot }));
    const pages = [await search(`${near}&radius=5&limit=2`), await search(`${near}&radius=5&limit=2&page=2`)];
    expect(pages.flatMap((page) => page.results.map((result) => result.id))).toEqual([...ids].sort());
  });

  it('gives the same order walking the index (5 miles) as reading the whole circle (2 km)', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    for (const miles of [1.1, 0.2, 0.9, 0.5, 0.7]) {
      await insertBathroom(db, { hostId, title: `At ${miles}`, ...northOf(AUSTIN, miles) });
    }
    const walked = titles(await search(`${near}&radius=5`));
    expect(walked).toEqual(['At 0.2', 'At 0.5', 'At 0.7', 'At 0.9', 'At 1.1']);
    expect(titles(await search(`${near}&radius_m=2000`))).toEqual(walked);
  });
});
