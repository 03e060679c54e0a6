import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { bookingCast, publishedBathroom } from '../bookings/booking-test-support.ts';
import { createSearchRecorder } from './search-recorder.ts';

/** Searches are recorded for analytics anonymously, and never at a search's expense (ADR 138). */
describeWithApp('search recording', (ctx) => {
  const rows = () => ctx().services.db.selectFrom('search_events').selectAll().execute();

  it('records one rounded, anonymous row per search, and nothing about who searched', async () => {
    const { host, guest } = await bookingCast(ctx);
    await publishedBathroom(ctx, host.id);
    const before = Date.now();
    // Signed in, so there is a user, a session and an address the recorder could have taken.
    const found = await guest.agent.get('/api/bathrooms/search?lat=40.712345&lng=-74.006789&radius=5');
    expect(found.statusCode, found.body).toBe(200);
    const nowhere = await guest.agent.get('/api/bathrooms/search?lat=47.6097&lng=-122.3331&radius=5');
    expect(nowhere.statusCode, nowhere.body).toBe(200);
    // A further page of the same search is not another search.
    await guest.agent.get('/api/bathrooms/search?lat=40.712345&lng=-74.006789&radius=5&offset=20');
    const goNow = await guest.agent.get('/api/bathrooms/go-now?lat=40.7128&lon=-74.006');
    expect(goNow.statusCode, goNow.body).toBe(200);
    await ctx().services.analytics.flushSearches();

    const recorded = await rows();
    const hour = new Date(before);
    hour.setUTCMinutes(0, 0, 0);
    // The hour the search ran in, never the instant (a run across o'clock may see the next hour).
    const bucketOf = (at: Date) => {
      const time = new Date(at).getTime();
      expect(time % 3_600_000).toBe(0);
      return time - hour.getTime() <= 3_600_000 ? hour : new Date(time);
    };
    expect(recorded.map((row) => ({ ...row, searched_hour: bucketOf(row.searched_hour) }))).toEqual([
      { searched_hour: hour, lat_e2: 4071, lng_e2: -7401, result_count: found.json().total, kind: 'search' },
      { searched_hour: hour, lat_e2: 4761, lng_e2: -12233, result_count: 0, kind: 'search' },
      {
        searched_hour: hour,
        lat_e2: 4071,
        lng_e2: -7401,
        result_count: goNow.json().results.length,
        kind: 'go_now',
      },
    ]);
    expect(found.json().total).toBe(1);
    // The table has no column that could hold a person: these five are all there is.
    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'search_events' order by column_name`.execute(
      ctx().services.db,
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'kind',
      'lat_e2',
      'lng_e2',
      'result_count',
      'searched_hour',
    ]);
  });

  it('answers the search when recording fails, and logs the failure', async () => {
    const { host, guest } = await bookingCast(ctx);
    await publishedBathroom(ctx, host.id);
    const { db } = ctx().services;
    await sql`alter table search_events rename to search_events_away`.execute(db);
    try {
      const found = await guest.agent.get('/api/bathrooms/search?lat=40.7128&lng=-74.006&radius=5');
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().total).toBe(1);
      await ctx().services.analytics.flushSearches();
      expect(
        ctx().log.entries.some((entry) => entry.msg === 'search analytics: could not record searches'),
      ).toBe(true);
    } finally {
      await sql`alter table search_events_away rename to search_events`.execute(db);
    }
  });

  it('buffers without waiting: record returns before the insert, which runs once per batch', async () => {
    let release: () => void = () => {};
    const insert = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const log = { error: vi.fn() };
    const recorder = createSearchRecorder({ insert, log, now: () => new Date('2026-03-11T14:37:12Z') });
    recorder.record({ latitude: 40.71499, longitude: -74.00501, resultCount: 3, kind: 'search' });
    recorder.record({ latitude: Number.NaN, longitude: 1, resultCount: 3, kind: 'search' });
    expect(insert).not.toHaveBeenCalled();
    const flushed = recorder.flush();
    await vi.waitFor(() => expect(insert).toHaveBeenCalledTimes(1));
    expect(insert).toHaveBeenCalledWith([
      {
        searched_hour: new Date('2026-03-11T14:00:00Z'),
        lat_e2: 4071,
        lng_e2: -7401,
        result_count: 3,
        kind: 'search',
      },
    ]);
    release();
    await flushed;
    expect(log.error).not.toHaveBeenCalled();
  });
});
