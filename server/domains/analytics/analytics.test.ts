import { expect, it } from 'vitest';
import { ANALYTICS_CHARTS } from '../../../common/schemas/analytics.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { bookingCast } from '../bookings/booking-test-support.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import { createAnalyticsService } from './analytics-service.ts';
import { PERIOD, seedKnownHistory, TODAY } from './analytics-test-support.ts';

/**
 * /api/admin/analytics (ADR 138): admins only; the figures of a known history, read live from the
 * raw tables and again from the daily rollup, with the previous period beside them.
 */
describeWithApp('admin analytics', (ctx) => {
  const query = `from=${PERIOD.from}&to=${PERIOD.to}`;

  it('answers the report and every CSV to admins only (the matrix)', async () => {
    const cast = await bookingCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    const expected: [string, TestAgent, number][] = [
      ['anonymous', new TestAgent(ctx().app), 401],
      ['guest', cast.guest.agent, 403],
      ['other guest', cast.otherGuest.agent, 403],
      ['host', cast.host.agent, 403],
      ['other host', cast.otherHost.agent, 403],
      ['disabled', disabled.agent, 403],
      ['admin', cast.admin.agent, 200],
    ];
    const paths = [
      `/api/admin/analytics?${query}`,
      ...ANALYTICS_CHARTS.map((chart) => `/api/admin/analytics/${chart}.csv?${query}`),
    ];
    for (const [who, agent, status] of expected) {
      for (const path of paths) {
        const response = await agent.get(path);
        expect(response.statusCode, `${path} as ${who}`).toBe(status);
        if (status === 200 && path.includes('.csv')) {
          expect(response.headers['content-type']).toContain('text/csv');
          expect(response.headers['content-disposition']).toContain('attachment');
        }
      }
    }
  });

  it('refuses a bad period or chart, naming the field', async () => {
    const { admin } = await bookingCast(ctx);
    for (const [path, field] of [
      ['/api/admin/analytics?from=2026-03-10', 'to'],
      ['/api/admin/analytics?from=2026-03-10&to=2026-03-01', 'to'],
      ['/api/admin/analytics?from=2024-01-01&to=2026-03-01', 'from'],
      ['/api/admin/analytics?from=2026-02-30&to=2026-03-01', 'from'],
      ['/api/admin/analytics?days=7', 'days'],
      ['/api/admin/analytics/secrets.csv', 'chart'],
    ] as const) {
      const response = await admin.agent.get(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.body, path).toContain(field);
    }
  });

  it('counts a known history exactly, live and from the rollup, beside the previous period', async () => {
    const cast = await bookingCast(ctx);
    const { newYork, boston } = await seedKnownHistory(ctx, cast);

    const expectFigures = async () => {
      const response = await cast.admin.agent.get(`/api/admin/analytics?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const { report } = response.json();
      expect(report.current).toEqual({ from: '2026-03-10', to: '2026-03-16', days: 7 });
      expect(report.previous).toEqual({ from: '2026-03-03', to: '2026-03-09', days: 7 });
      expect(report.totals).toEqual({
        bookings: 3,
        revenueCents: 4800,
        commissionCents: 540,
        cancellations: 1,
        refunds: 1,
        refundedCents: 1200,
        searches: 3,
        emptySearches: 2,
        newGuests: 2,
        newHosts: 1,
      });
      expect(report.previousTotals).toEqual({
        bookings: 1,
        revenueCents: 1200,
        commissionCents: 180,
        cancellations: 0,
        refunds: 0,
        refundedCents: 0,
        searches: 1,
        emptySearches: 0,
        newGuests: 1,
        newHosts: 0,
      });
      expect(report.daily.map((day: { day: string }) => day.day)).toEqual([
        '2026-03-10',
        '2026-03-11',
        '2026-03-12',
        '2026-03-13',
        '2026-03-14',
        '2026-03-15',
        '2026-03-16',
      ]);
      expect(report.daily[1]).toMatchObject({
        bookings: 2,
        revenueCents: 3600,
        commissionCents: 540,
        searches: 3,
      });
      expect(report.daily[3]).toMatchObject({
        bookings: 1,
        revenueCents: 1200,
        commissionCents: 0,
        cancellations: 1,
        refunds: 1,
        refundedCents: 1200,
      });
      expect(report.previousDaily[2]).toMatchObject({ day: '2026-03-05', bookings: 1, revenueCents: 1200 });
      expect(report.topCities).toEqual([
        { city: 'New York', stateCode: 'NY', bookings: 2, revenueCents: 3600 },
        { city: 'Boston', stateCode: 'MA', bookings: 1, revenueCents: 1200 },
      ]);
      expect(report.topBathrooms).toEqual([
        { bathroomId: newYork, title: 'Midtown loo', city: 'New York', bookings: 2, revenueCents: 3600 },
        { bathroomId: boston, title: 'Back Bay bath', city: 'Boston', bookings: 1, revenueCents: 1200 },
      ]);
      // Thursday (3) 11:00 and 12:00, Saturday (5) 10:00, on New York's clock (EDT).
      expect(report.occupancy).toEqual([
        { weekday: 3, hour: 11, bookings: 1 },
        { weekday: 3, hour: 12, bookings: 1 },
        { weekday: 5, hour: 10, bookings: 1 },
      ]);
      expect(report.emptySpots).toEqual([{ latitude: 40.71, longitude: -74.01, searches: 2 }]);
      return report;
    };

    // Nothing rolled up yet: every day is read live from the raw tables.
    expect((await expectFigures()).rolledUpThrough).toBeNull();

    // The rollup closes every day before "today" (2026-03-20); the same figures come from it.
    const rollup = createAnalyticsService({ db: ctx().services.db, log: ctx().log, now: () => TODAY });
    expect(await rollup.rollUp()).toEqual({ from: '2026-01-01', to: '2026-03-20' });
    const rolled = await ctx().services.db.selectFrom('analytics_daily').select('day').execute();
    expect(rolled).toHaveLength(78);
    expect((await expectFigures()).rolledUpThrough).toBe('2026-03-19');

    // Rolling up again changes nothing (the last closed day is rolled again, idempotently).
    await rollup.rollUp();
    await expectFigures();

    const csv = await cast.admin.agent.get(`/api/admin/analytics/bookings-revenue.csv?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(
      'privy-bookings-revenue-2026-03-10-to-2026-03-16.csv',
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines[2]).toBe('"2026-03-11","2","36.00","5.40","2026-03-04","0","0.00","0.00"');
    const cities = await cast.admin.agent.get(`/api/admin/analytics/top-cities.csv?${query}`);
    expect(cities.body.split('\r\n')[1]).toBe('"New York","NY","2","36.00"');
    const spots = await cast.admin.agent.get(`/api/admin/analytics/empty-searches.csv?${query}`);
    expect(spots.body.split('\r\n')[1]).toBe('"40.71","-74.01","2"');
  });
});
