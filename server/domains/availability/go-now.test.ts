import { expect, it } from 'vitest';
import type { GoNowResponse } from '../../../common/schemas/go-now.ts';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { ALL_DAY, bookingCast, NEW_YORK } from '../bookings/booking-test-support.ts';
import { insertBooking } from '../bookings/repository.ts';
import { findGoNow, goNowStarts } from './go-now.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

const minutes = (n: number) => n * 60_000;
const url = `/api/bathrooms/go-now?lat=${NEW_YORK.latitude}&lon=${NEW_YORK.longitude}`;

it('goNowStarts: now rounded up to the grid, then grid starts up to now + 15 minutes', () => {
  const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
  expect(iso(goNowStarts(new Date('2027-06-15T14:50:30Z')))).toEqual(['2027-06-15T15:00:00.000Z']);
  expect(iso(goNowStarts(new Date('2027-06-15T14:45:00Z')))).toEqual([
    '2027-06-15T14:45:00.000Z',
    '2027-06-15T15:00:00.000Z',
  ]);
  expect(iso(goNowStarts(new Date('2027-06-15T14:46:00Z')))).toEqual(['2027-06-15T15:00:00.000Z']);
});

describeWithApp('GET /api/bathrooms/go-now', (ctx) => {
  // Bathrooms open around the clock, so the answer does not depend on when the test runs.
  async function bathroom(
    hostId: string,
    title: string,
    miles: number,
    extra: { hours?: typeof ALL_DAY } = {},
  ) {
    return insertBathroom(ctx().services.db, {
      hostId,
      title,
      timezone: NEW_YORK.timezone,
      ...northOf(NEW_YORK, miles),
      hours: extra.hours ?? ALL_DAY,
      priceCents: 1300,
    });
  }

  async function goNow(agent = new TestAgent(ctx().app)) {
    const response = await agent.get(url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as GoNowResponse).results;
  }

  it('lists open, free bathrooms nearest first with the earliest start and the 15-minute price', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const guestId = await insertHost(db, 'Gus');
    await bathroom(hostId, 'Far', 3);
    await bathroom(hostId, 'Near', 0.5);
    await bathroom(hostId, 'Middle', 1);
    const booked = await bathroom(hostId, 'Booked now', 0.2);
    await bathroom(hostId, 'Closed', 0.1, { hours: [] });
    await insertBathroom(db, {
      hostId,
      title: 'Draft',
      ...northOf(NEW_YORK, 0.3),
      hours: ALL_DAY,
      status: 'draft',
    });
    // Two hours from an hour before the first start covers every start Go now could offer.
    const from = new Date((goNowStarts(new Date())[0] as Date).getTime() - minutes(60));
    await insertBooking(db, {
      bathroom_id: booked,
      guest_id: guestId,
      status: 'confirmed',
      starts_at: from,
      ends_at: new Date(from.getTime() + minutes(120)),
      duration_minutes: 120,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 1300,
      price_cents: 2600,
      hold_expires_at: null,
    });

    const before = Date.now();
    const results = await goNow();
    expect(results.map((result) => result.title)).toEqual(['Near', 'Middle', 'Far']);
    const distances = results.map((result) => result.distance_miles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const result of results) {
      const start = new Date(result.starts_at).getTime();
      expect(start % minutes(15)).toBe(0);
      expect(start).toBeGreaterThanOrEqual(before - minutes(15));
      expect(start).toBeLessThanOrEqual(Date.now() + minutes(15));
      expect(result.price_cents).toBe(325); // round(1300 × 15 / 60)
      expect(result.duration_minutes).toBe(15);
    }
  });

  it('leaves out a bathroom booked for the coming quarter hour but offers the next start if that one is free', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const guestId = await insertHost(db, 'Gus');
    const id = await bathroom(hostId, 'Half booked', 0.5);
    const starts = goNowStarts(new Date());
    const first = starts[0] as Date;
    await insertBooking(db, {
      bathroom_id: id,
      guest_id: guestId,
      status: 'confirmed',
      starts_at: new Date(first.getTime() - minutes(45)),
      ends_at: new Date(first.getTime() + minutes(15)),
      duration_minutes: 60,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 1300,
      price_cents: 1300,
      hold_expires_at: null,
    });
    const results = await goNow();
    // The next start may fall inside the window (or not, depending on the second the test runs).
    const inWindow = goNowStarts(new Date()).filter((start) => start.getTime() > first.getTime());
    if (inWindow.length)
      expect(results.map((result) => result.starts_at)).toEqual([inWindow[0]?.toISOString()]);
    else expect(results.every((result) => result.id !== id)).toBe(true);
    expect(results.some((result) => result.starts_at === first.toISOString())).toBe(false);
  });

  it('at a fixed time: lists a bathroom open for the next quarter hour, not one that closes first', async () => {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    // Tuesday 2027-06-15, 09:50 in New York (EDT): the first start is 10:00.
    const now = new Date('2027-06-15T13:50:00Z');
    const hours = (closes: string) => [{ weekday: 2, opens: '08:00', closes }];
    await bathroom(hostId, 'Closes at ten', 0.2, { hours: hours('10:00') });
    await bathroom(hostId, 'Closes at quarter past', 0.4, { hours: hours('10:15') });
    await insertBathroom(db, {
      hostId,
      title: 'Hour-long visits only',
      timezone: NEW_YORK.timezone,
      ...northOf(NEW_YORK, 0.1),
      hours: ALL_DAY,
      allowedDurations: [60],
    });
    const { services } = ctx();
    const results = await findGoNow(
      {
        db,
        availability: services.availability,
        timezoneAt: (latitude, longitude) => services.places.timezoneAt(latitude, longitude),
      },
      NEW_YORK,
      now,
    );
    expect(results).toEqual([
      expect.objectContaining({
        title: 'Closes at quarter past',
        starts_at: '2027-06-15T14:00:00.000Z',
        local_time: '10:00',
        price_cents: 325,
        hourly_price_cents: 1300,
      }),
    ]);
  });

  it('lists at most 10 bathrooms', async () => {
    const hostId = await insertHost(ctx().services.db);
    for (let n = 0; n < 12; n += 1) await bathroom(hostId, `Bathroom ${n}`, 0.1 + n / 10);
    const results = await goNow();
    expect(results).toHaveLength(10);
    expect(results[0]?.title).toBe('Bathroom 0');
  });

  it('is open to everyone: anonymous, guest, host, admin and a disabled account get the same list', async () => {
    const { host, guest, otherHost, admin } = await bookingCast(ctx);
    await bathroom(host.id, 'Open now', 0.5);
    await updateProfile(ctx().services.db, otherHost.id, { is_deleted: true });
    for (const agent of [new TestAgent(ctx().app), guest.agent, host.agent, admin.agent, otherHost.agent]) {
      expect((await goNow(agent)).map((result) => result.title)).toEqual(['Open now']);
    }
  });

  it('refuses bad coordinates with the spec message', async () => {
    const agent = new TestAgent(ctx().app);
    for (const query of ['lat=91&lon=0', 'lat=abc&lon=0', 'lat=40', 'lon=-74', 'lat=40&lon=-181']) {
      const response = await agent.get(`/api/bathrooms/go-now?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain('Invalid coordinates provided.');
    }
  });
});
