import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { wallClock } from '../availability/zoned-time.ts';
import { EXPIRE_HOLDS_SWEEP_JOB } from './booking-jobs.ts';
import { SLOT_TAKEN_MESSAGE } from './booking-refusals.ts';
import {
  book,
  bookingCast,
  bookingRows,
  bookOk,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';
import { insertBooking } from './repository.ts';

describeWithApp('bookings: no double booking, buffers, hold expiry, the slot list', (ctx) => {
  const slotsOf = async (bathroomId: string, date: string, duration: number | string) =>
    ctx().app.inject({
      method: 'GET',
      url: `/api/bathrooms/${bathroomId}/slots?date=${date}&duration=${duration}`,
    });
  const startsOn = async (bathroomId: string, start: Date, duration = 60) => {
    const response = await slotsOf(bathroomId, wallClock(start, 'America/New_York').date, duration);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().starts as { starts_at: string }[]).map((slot) => slot.starts_at);
  };

  it('lets exactly one of several simultaneous holds on overlapping time through', async () => {
    const { host, guest, otherGuest, otherHost, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(2);
    // Every two of these overlap, so only one can ever stand.
    const attempts = await Promise.all([
      book(guest, bathroomId, start, 60),
      book(otherGuest, bathroomId, plusMinutes(start, 15), 60),
      book(otherHost, bathroomId, plusMinutes(start, -15), 60),
      book(admin, bathroomId, start, 120),
    ]);
    const statuses = attempts.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of attempts.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: 'conflict', message: SLOT_TAKEN_MESSAGE });
    }
    expect(await bookingRows(ctx)).toHaveLength(1);
  });

  it('has the database refuse an overlapping live booking even when the app does not look', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { bufferMinutes: 15 });
    const first = await bookOk(guest, bathroomId, startIn(2));
    const row = (start: Date, status: 'pending_payment' | 'cancelled') => ({
      bathroom_id: bathroomId,
      guest_id: guest.id,
      status,
      starts_at: start,
      ends_at: plusMinutes(start, 60),
      duration_minutes: 60,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 1200,
      price_cents: 1200,
      hold_expires_at: plusMinutes(new Date(), 15),
    });
    // Starts inside the first booking's cleaning buffer: SQLSTATE 23P01 (exclusion_violation).
    await expect(
      insertBooking(ctx().services.db, row(plusMinutes(startIn(2), 65), 'pending_payment')),
    ).rejects.toMatchObject({
      code: '23P01',
    });
    // A cancelled booking holds nothing.
    await insertBooking(ctx().services.db, row(startIn(2), 'cancelled'));
    expect((await bookingRows(ctx)).map((booking) => booking.id)).toContain(first.id);
    expect(await bookingRows(ctx)).toHaveLength(2);
  });

  it("keeps each booking's cleaning buffer and the new booking's own buffer free", async () => {
    const { host, guest, otherGuest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { bufferMinutes: 15 });
    const start = startIn(2);
    await bookOk(guest, bathroomId, start, 60);
    // 60 minutes + 15 of cleaning: the next may start at +75, not +60.
    expect((await book(otherGuest, bathroomId, plusMinutes(start, 60), 30)).statusCode).toBe(409);
    await bookOk(otherGuest, bathroomId, plusMinutes(start, 75), 30);
    // Before it: 45 minutes + 15 of cleaning must end by the start, so -60 fits and -45 does not.
    expect((await book(otherGuest, bathroomId, plusMinutes(start, -45), 45)).statusCode).toBe(409);
    await bookOk(otherGuest, bathroomId, plusMinutes(start, -60), 45);
    const free = await startsOn(bathroomId, start, 15);
    expect(free).not.toContain(plusMinutes(start, 60).toISOString());
    expect(free).toContain(plusMinutes(start, 105 + 15).toISOString());
    expect(free).not.toContain(plusMinutes(start, 105).toISOString());
  });

  it('expires an unpaid hold once its time is up, which frees the slot; repeats change nothing', async () => {
    const { host, guest, otherGuest } = await bookingCast(ctx);
    const { db, bookings } = ctx().services;
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(2);
    const hold = await bookOk(guest, bathroomId, start);
    expect(await startsOn(bathroomId, start)).not.toContain(start.toISOString());
    // Not yet run out: the expiry job leaves it alone.
    expect(await bookings.expireHold(hold.id)).toEqual({ changed: false, status: 'pending_payment' });

    await db
      .updateTable('bookings')
      .set({ hold_expires_at: plusMinutes(new Date(), -1) })
      .where('id', '=', hold.id)
      .execute();
    // Even before the job runs, a stale hold no longer counts as taken.
    expect(await startsOn(bathroomId, start)).toContain(start.toISOString());
    expect(await bookings.expireHold(hold.id)).toEqual({ changed: true, status: 'expired' });
    expect(await bookings.expireHold(hold.id)).toEqual({ changed: false, status: 'expired' });
    await bookOk(otherGuest, bathroomId, start);
    const statuses = (await bookingRows(ctx)).map((row) => row.status).sort();
    expect(statuses).toEqual(['expired', 'pending_payment']);
  });

  it('a new booking over a stale hold expires it in the same transaction', async () => {
    const { host, guest, otherGuest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(2);
    const stale = await bookOk(guest, bathroomId, start);
    await db
      .updateTable('bookings')
      .set({ hold_expires_at: plusMinutes(new Date(), -1) })
      .where('id', '=', stale.id)
      .execute();
    const fresh = await bookOk(otherGuest, bathroomId, start);
    const rows = await bookingRows(ctx);
    expect(rows.find((row) => row.id === stale.id)?.status).toBe('expired');
    expect(rows.find((row) => row.id === fresh.id)?.status).toBe('pending_payment');
  });

  it('expires stale holds through the pg-boss sweep job', async () => {
    const { host, guest } = await bookingCast(ctx);
    const { db, jobs } = ctx().services;
    const bathroomId = await publishedBathroom(ctx, host.id);
    const hold = await bookOk(guest, bathroomId, startIn(2));
    await db
      .updateTable('bookings')
      .set({ hold_expires_at: plusMinutes(new Date(), -1) })
      .where('id', '=', hold.id)
      .execute();
    await jobs.start();
    try {
      await jobs.send(EXPIRE_HOLDS_SWEEP_JOB, {});
      await expect
        .poll(async () => (await bookingRows(ctx))[0]?.status, { timeout: 20_000, interval: 250 })
        .toBe('expired');
    } finally {
      await jobs.stop();
    }
  }, 60_000);

  it('GET /api/bathrooms/:id/slots: zone, date and free starts; 404 unless published; 400 naming the field', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { allowedDurations: [30, 60] });
    const draftId = await publishedBathroom(ctx, host.id, { status: 'draft' });
    const start = startIn(2);
    const date = wallClock(start, 'America/New_York').date;
    const before = await slotsOf(bathroomId, date, 60);
    expect(before.statusCode).toBe(200);
    const body = before.json();
    expect(body).toMatchObject({
      bathroom_id: bathroomId,
      timezone: 'America/New_York',
      date,
      duration_minutes: 60,
    });
    expect(body.starts).toContainEqual({
      starts_at: start.toISOString(),
      local_time: `${String(wallClock(start, 'America/New_York').minutes / 60).padStart(2, '0')}:00`,
      utc_offset: expect.stringMatching(/^-0[45]:00$/),
    });
    await bookOk(guest, bathroomId, start, 60);
    const after = await startsOn(bathroomId, start);
    expect(after).not.toContain(plusMinutes(start, -45).toISOString());
    expect(after).not.toContain(plusMinutes(start, 45).toISOString());
    expect(after).toContain(plusMinutes(start, -60).toISOString());
    expect(after).toContain(plusMinutes(start, 60).toISOString());
    expect(after).toHaveLength(body.starts.length - 7);

    expect((await slotsOf(draftId, date, 60)).statusCode).toBe(404);
    expect((await slotsOf('00000000-0000-4000-8000-000000000000', date, 60)).statusCode).toBe(404);
    for (const [query, field] of [
      [`date=2027-02-30&duration=60`, 'date'],
      [`date=tomorrow&duration=60`, 'date'],
      [`date=${date}&duration=20`, 'duration'],
      [`date=${date}`, 'duration'],
      [`date=${date}&duration=45`, 'duration'],
    ] as const) {
      const response = await ctx().app.inject({
        method: 'GET',
        url: `/api/bathrooms/${bathroomId}/slots?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fields[0].field, query).toBe(field);
    }
    // Beyond the 60-day horizon, or in the past: nothing to offer.
    const far = wallClock(startIn(62), 'America/New_York').date;
    expect((await slotsOf(bathroomId, far, 60)).json().starts).toEqual([]);
  });

  it("leaves booked time out of the listing page's next free starts", async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    // 2027-06-15 08:30–09:30 in New York (EDT), straight into the table: the clock is fixed below.
    const start = new Date('2027-06-15T12:30:00Z');
    await insertBooking(ctx().services.db, {
      bathroom_id: bathroomId,
      guest_id: guest.id,
      status: 'confirmed',
      starts_at: start,
      ends_at: plusMinutes(start, 60),
      duration_minutes: 60,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 1200,
      price_cents: 1200,
    });
    const listing = await ctx().services.availability.publicListing(bathroomId, {
      now: new Date('2027-06-15T12:00:00Z'),
    });
    expect(listing?.next_free_starts.starts.map((slot) => slot.localTime)).toEqual([
      '08:00',
      '08:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
    ]);
  });
});
