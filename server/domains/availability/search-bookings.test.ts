import { expect, it } from 'vitest';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import type { BookingStatus } from '../../db/types.ts';
import { describeWithApp } from '../../test/harness.ts';
import { insertBooking } from '../bookings/repository.ts';
import { insertBathroom, insertHost, northOf } from './search-test-support.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const near = `lat=${AUSTIN.latitude}&lng=${AUSTIN.longitude}`;
// 2027-06-15 10:00 in Austin (CDT, UTC-5).
const slot = `date=2027-06-15&time=10:00&duration=60`;
const TEN_AM = new Date('2027-06-15T15:00:00Z');
const minutes = (n: number) => n * 60_000;

describeWithApp('search by time leaves out booked and blacked-out bathrooms', (ctx) => {
  const titles = async (query: string) => {
    const response = await ctx().app.inject({ method: 'GET', url: `/api/bathrooms/search?${near}&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as SearchResponse).results.map((result) => result.title).sort();
  };

  async function setup() {
    const db = ctx().services.db;
    const hostId = await insertHost(db);
    const guestId = await insertHost(db, 'Gus');
    const bathroom = (title: string, miles: number) =>
      insertBathroom(db, { hostId, title, ...northOf(AUSTIN, miles) });
    const booking = (bathroomId: string, start: Date, status: BookingStatus = 'confirmed', buffer = 0) =>
      insertBooking(db, {
        bathroom_id: bathroomId,
        guest_id: guestId,
        status,
        starts_at: start,
        ends_at: new Date(start.getTime() + minutes(60)),
        duration_minutes: 60,
        cleaning_buffer_minutes: buffer,
        hourly_price_cents: 1000,
        price_cents: 1000,
        hold_expires_at: status === 'pending_payment' ? new Date(Date.now() + minutes(15)) : null,
      });
    return { db, bathroom, booking };
  }

  it('drops a bathroom with a live booking over the slot, keeps one whose booking is over or let go', async () => {
    const { db, bathroom, booking } = await setup();
    const free = await bathroom('Free', 1);
    const confirmed = await bathroom('Confirmed over it', 1.5);
    const held = await bathroom('Held over it', 2);
    const cancelled = await bathroom('Cancelled over it', 2.5);
    const staleHold = await bathroom('Stale hold over it', 3);
    const before = await bathroom('Booked just before', 3.5);
    await booking(confirmed, new Date(TEN_AM.getTime() + minutes(30)));
    await booking(held, new Date(TEN_AM.getTime() - minutes(30)), 'pending_payment');
    await booking(cancelled, TEN_AM, 'cancelled');
    const stale = await booking(staleHold, TEN_AM, 'pending_payment');
    await db
      .updateTable('bookings')
      .set({ hold_expires_at: new Date(Date.now() - minutes(1)) })
      .where('id', '=', stale.id)
      .execute();
    // 09:00–10:00 with no buffer ends as the slot begins.
    await booking(before, new Date(TEN_AM.getTime() - minutes(60)));
    expect(free).toBeTruthy();
    expect(await titles(slot)).toEqual([
      'Booked just before',
      'Cancelled over it',
      'Free',
      'Stale hold over it',
    ]);
    // Without a time the search does not look at bookings at all.
    expect(await titles('')).toHaveLength(6);
  });

  it("counts the earlier booking's buffer and the bathroom's own buffer", async () => {
    const { db, bathroom, booking } = await setup();
    const afterBuffered = await bathroom('After a buffered booking', 1);
    const beforeNext = await bathroom('Before the next booking', 2);
    // 09:00–10:00 plus 15 minutes of cleaning: the room is busy until 10:15.
    await booking(afterBuffered, new Date(TEN_AM.getTime() - minutes(60)), 'confirmed', 15);
    // 11:00–12:00: fine for a 10:00–11:00 slot, until this bathroom needs 10 minutes to clean.
    await booking(beforeNext, new Date(TEN_AM.getTime() + minutes(60)));
    expect(await titles(slot)).toEqual(['Before the next booking']);
    await db
      .updateTable('bathrooms')
      .set({ cleaning_buffer_minutes: 10 })
      .where('id', '=', beforeNext)
      .execute();
    expect(await titles(slot)).toEqual([]);
  });

  it('drops a bathroom blacked out over any part of the slot', async () => {
    const { db, bathroom } = await setup();
    const dark = await bathroom('Blacked out', 1);
    await bathroom('Open', 2);
    await db
      .insertInto('bathroom_blackouts')
      .values({
        bathroom_id: dark,
        starts_at: new Date(TEN_AM.getTime() + minutes(45)),
        ends_at: new Date(TEN_AM.getTime() + minutes(300)),
      })
      .execute();
    expect(await titles(slot)).toEqual(['Open']);
    expect(await titles('date=2027-06-15&time=14:00&duration=60')).toEqual(['Open']);
    expect(await titles('date=2027-06-15&time=15:00&duration=60')).toEqual(['Blacked out', 'Open']);
  });

  // The slot's arithmetic is done once for the centre's zone (America/Chicago for Austin); a
  // bathroom in another zone must still be judged on its own wall clock (search-slot-sql.ts).
  it('judges a bathroom in another zone than the search centre on its own clock', async () => {
    const { db, booking } = await setup();
    const hostId = await insertHost(db, 'Pia');
    // Arizona keeps standard time: 10:00 there in June is 17:00 UTC, two hours after Austin's 10:00.
    const inZone = (title: string, miles: number) =>
      insertBathroom(db, { hostId, title, timezone: 'America/Phoenix', ...northOf(AUSTIN, miles) });
    const bookedAtItsTen = await inZone('Phoenix clock, booked 10:00 there', 1);
    const bookedAtAustinsTen = await inZone('Phoenix clock, booked 08:00 there', 2);
    await booking(bookedAtItsTen, new Date('2027-06-15T17:00:00Z'));
    await booking(bookedAtAustinsTen, TEN_AM);
    expect(await titles(slot)).toEqual(['Phoenix clock, booked 08:00 there']);
    expect(await titles('date=2027-06-15&time=08:00&duration=60')).toEqual([
      'Phoenix clock, booked 10:00 there',
    ]);
  });
});
