import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { distanceMiles } from '../../../common/distance.ts';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { describeWithApp } from '../../test/harness.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const near = `lat=${AUSTIN.latitude}&lng=${AUSTIN.longitude}`;
/** earthdistance's sphere, which radius_m is measured on. */
const EARTH_METERS = 6378168;

/**
 * The search's slot test reads each bathroom's week from bathrooms.open_week_minutes, which
 * triggers keep in step with bathroom_opening_hours; its distances are computed in plain float
 * arithmetic. These pin both to the rules they replace.
 */
describeWithApp('GET /api/bathrooms/search: week column and distances', (ctx) => {
  const titles = async (query: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/bathrooms/search?${near}&${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as SearchResponse).results.map((result) => result.title);
  };

  it('follows opening hours as they are replaced, edited and removed', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const id = await insertBathroom(db, { hostId, title: 'Changing hours', ...northOf(AUSTIN, 1) });
    // Monday 7 June 2027; the default week is 08:00–20:00 every day.
    const lateMonday = 'date=2027-06-07&time=21:00&duration=30';
    expect(await titles(lateMonday)).toEqual([]);

    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('bathroom_opening_hours').where('bathroom_id', '=', id).execute();
      await trx
        .insertInto('bathroom_opening_hours')
        .values([1, 2].map((weekday) => ({ bathroom_id: id, weekday, opens: '00:00', closes: '24:00' })))
        .execute();
    });
    expect(await titles(lateMonday)).toEqual(['Changing hours']);

    await sql`update bathroom_opening_hours set closes = '21:15' where bathroom_id = ${id} and weekday = 1`.execute(
      db,
    );
    expect(await titles(lateMonday)).toEqual([]);
    expect(await titles('date=2027-06-07&time=20:45&duration=30')).toEqual(['Changing hours']);

    await db.deleteFrom('bathroom_opening_hours').where('bathroom_id', '=', id).execute();
    expect(await titles('date=2027-06-08&time=10:00&duration=30')).toEqual([]);
  });

  it('runs a Sunday night slot on into Monday morning', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    await insertBathroom(db, {
      hostId,
      title: 'Into Monday',
      ...northOf(AUSTIN, 1),
      hours: [
        { weekday: 7, opens: '20:00', closes: '24:00' },
        { weekday: 1, opens: '00:00', closes: '01:00' },
      ],
    });
    await insertBathroom(db, {
      hostId,
      title: 'Until midnight',
      ...northOf(AUSTIN, 2),
      hours: [{ weekday: 7, opens: '20:00', closes: '24:00' }],
    });
    // Sunday 13 June 2027.
    expect(await titles('date=2027-06-13&time=23:30&duration=60')).toEqual(['Into Monday']);
    expect(await titles('date=2027-06-13&time=23:30&duration=30')).toEqual(['Into Monday', 'Until midnight']);
    expect(await titles('date=2027-06-13&time=23:30&duration=120')).toEqual([]);
    // Monday 14 June, from the Monday range itself.
    expect(await titles('date=2027-06-14&time=00:15&duration=45')).toEqual(['Into Monday']);
  });

  it('counts the hour lost when the clocks go forward', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    await insertBathroom(db, {
      hostId,
      title: 'Small hours',
      ...northOf(AUSTIN, 1),
      hours: [{ weekday: 7, opens: '00:00', closes: '03:00' }],
    });
    // Sunday 14 March 2027 in Chicago: 02:00 CST becomes 03:00 CDT. 01:30 + 60 minutes ends at
    // 03:30 on the wall clock, after closing; 01:00 + 60 minutes ends at 03:00 exactly.
    expect(await titles('date=2027-03-14&time=01:30&duration=60')).toEqual([]);
    expect(await titles('date=2027-03-14&time=01:00&duration=60')).toEqual(['Small hours']);
    // A week later the same slot is an ordinary hour.
    expect(await titles('date=2027-03-21&time=01:30&duration=60')).toEqual(['Small hours']);
  });

  it('measures distances as common/distance.ts does and cuts the radius exactly', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const northEast = { latitude: AUSTIN.latitude + 0.031, longitude: AUSTIN.longitude + 0.047 };
    await insertBathroom(db, { hostId, title: 'North-east', ...northEast });
    const degrees = (meters: number) => ((meters / EARTH_METERS) * 180) / Math.PI;
    await insertBathroom(db, {
      hostId,
      title: '999 m',
      latitude: AUSTIN.latitude - degrees(999),
      longitude: AUSTIN.longitude,
    });
    await insertBathroom(db, {
      hostId,
      title: '1001 m',
      latitude: AUSTIN.latitude - degrees(1001),
      longitude: AUSTIN.longitude,
    });

    const response = await ctx().app.inject({ method: 'GET', url: `/api/bathrooms/search?${near}` });
    const results = (response.json() as SearchResponse).results;
    expect(results.map((result) => result.title)).toEqual(['999 m', '1001 m', 'North-east']);
    expect(results[2]?.distance_miles).toBe(distanceMiles(AUSTIN, northEast));
    expect(await titles('radius_m=1000')).toEqual(['999 m']);
  });

  it('finds bathrooms across the antimeridian', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const suva = { latitude: -17.8, longitude: 179.99 };
    const across = { latitude: -17.8, longitude: -179.99 };
    await insertBathroom(db, { hostId, title: 'Across the line', ...across, timezone: 'Pacific/Fiji' });
    const response = await ctx().app.inject({
      method: 'GET',
      url: `/api/bathrooms/search?lat=${suva.latitude}&lng=${suva.longitude}`,
    });
    const results = (response.json() as SearchResponse).results;
    expect(results.map((result) => result.title)).toEqual(['Across the line']);
    expect(results[0]?.distance_miles).toBe(distanceMiles(suva, across));
  });
});
