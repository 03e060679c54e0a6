import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import {
  book,
  bookingCast,
  bookingRows,
  bookOk,
  plusMinutes,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';

describeWithApp('bookings: holds and who may see them', (ctx) => {
  it('holds a slot for a guest: pending_payment, price in cents, a 15-minute hold', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1250, bufferMinutes: 10 });
    const startsAt = startIn(2);
    const before = Date.now();
    const booking = await bookOk(guest, bathroomId, startsAt, 45);
    expect(booking).toMatchObject({
      bathroom_id: bathroomId,
      guest_id: guest.id,
      status: 'pending_payment',
      starts_at: startsAt.toISOString(),
      ends_at: plusMinutes(startsAt, 45).toISOString(),
      duration_minutes: 45,
      cleaning_buffer_minutes: 10,
      hourly_price_cents: 1250,
      // round(1250 × 45 / 60) = round(937.5) = 938
      price_cents: 938,
      currency: 'usd',
      timezone: 'America/New_York',
      confirmed_at: null,
    });
    const hold = Date.parse(booking.hold_expires_at as string);
    expect(hold).toBeGreaterThanOrEqual(before + 15 * 60_000 - 1000);
    expect(hold).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    // The blocked range runs on past the end by the bathroom's buffer (45 + 10 minutes).
    const { rows } = await sql<{ start: Date; end: Date }>`
      select lower(blocked) as start, upper(blocked) as end from bookings`.execute(ctx().services.db);
    expect(rows.map((row) => [new Date(row.start).toISOString(), new Date(row.end).toISOString()])).toEqual([
      [startsAt.toISOString(), plusMinutes(startsAt, 55).toISOString()],
    ]);
  });

  it('POST /api/bookings: anonymous 401, disabled 403, own bathroom 400; other members may book', async () => {
    const { host, guest, otherHost, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const anonymous = new TestAgent(ctx().app);
    const body = { bathroomId, startsAt: startIn(2).toISOString(), durationMinutes: 60 };
    expect((await anonymous.post('/api/bookings', body)).statusCode).toBe(401);

    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    const disabled = await guest.agent.post('/api/bookings', body);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');

    await updateProfile(ctx().services.db, admin.id, { is_active: false });
    const underReview = await admin.agent.post('/api/bookings', body);
    expect(underReview.statusCode).toBe(403);
    expect(underReview.json().error).toBe('account_under_review');
    await updateProfile(ctx().services.db, admin.id, { is_active: true });

    const own = await book(host, bathroomId, startIn(2));
    expect(own.statusCode).toBe(400);
    expect(own.json().fields).toEqual([
      { field: 'bathroomId', message: 'Choose a bathroom you do not host.' },
    ]);
    expect(own.json().message).toBe('You cannot book your own bathroom.');
    expect(await bookingRows(ctx)).toHaveLength(0);

    await bookOk(otherHost, bathroomId, startIn(2));
    await bookOk(admin, bathroomId, startIn(3));
    expect(await bookingRows(ctx)).toHaveLength(2);
  });

  it('GET /api/bookings/:id: the guest, the host and admins see it; anyone else gets 404', async () => {
    const { host, guest, otherGuest, otherHost, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const booking = await bookOk(guest, bathroomId, startIn(2));
    const url = `/api/bookings/${booking.id}`;
    expect((await new TestAgent(ctx().app).get(url)).statusCode).toBe(401);
    for (const member of [guest, host, admin]) {
      const seen = await member.agent.get(url);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({ id: booking.id, status: 'pending_payment' });
    }
    for (const member of [otherGuest, otherHost]) {
      const hidden = await member.agent.get(url);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error).toBe('not_found');
    }
    const unknown = await guest.agent.get('/api/bookings/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await guest.agent.get('/api/bookings/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields[0].field).toBe('id');
    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    expect((await guest.agent.get(url)).statusCode).toBe(403);
  });

  it('answers bad input with 400 naming the field, and stores nothing', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { allowedDurations: [30, 60] });
    const draftId = await publishedBathroom(ctx, host.id, { status: 'draft' });
    const start = startIn(2).toISOString();
    const cases: Array<[unknown, string, RegExp?]> = [
      [{ bathroomId, startsAt: start }, 'durationMinutes'],
      [{ bathroomId, startsAt: start, durationMinutes: 20 }, 'durationMinutes'],
      [{ bathroomId, startsAt: start, durationMinutes: '60' }, 'durationMinutes'],
      [{ bathroomId, startsAt: 'tomorrow at 3', durationMinutes: 60 }, 'startsAt'],
      [{ bathroomId: 'nope', startsAt: start, durationMinutes: 60 }, 'bathroomId'],
      [{ bathroomId, startsAt: start, durationMinutes: 60, price: 1 }, 'price'],
      // Well formed, but refused by the rules:
      [{ bathroomId, startsAt: start, durationMinutes: 45 }, 'durationMinutes', /takes bookings of 30, 60/],
      [
        { bathroomId, startsAt: plusMinutes(startIn(2), 10).toISOString(), durationMinutes: 60 },
        'startsAt',
        /quarter hour/,
      ],
      [
        { bathroomId, startsAt: startIn(-1).toISOString(), durationMinutes: 60 },
        'startsAt',
        /already passed/,
      ],
      [{ bathroomId, startsAt: startIn(61).toISOString(), durationMinutes: 60 }, 'startsAt', /60 days/],
      [{ bathroomId: draftId, startsAt: start, durationMinutes: 60 }, 'bathroomId', /not taking bookings/],
      [
        { bathroomId: '00000000-0000-4000-8000-000000000000', startsAt: start, durationMinutes: 60 },
        'bathroomId',
        /not taking bookings/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await guest.agent.post('/api/bookings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields?.[0]?.field, JSON.stringify(body)).toBe(field);
      if (message) expect(response.json().message).toMatch(message);
    }
    const malformed = await guest.agent.post('/api/bookings', '{"bathroomId":', {
      'content-type': 'application/json',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await bookingRows(ctx)).toHaveLength(0);
  });

  it('refuses a start outside opening hours (400) and inside a blackout (409)', async () => {
    const { host, guest } = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, host.id);
    // Open 08:00–20:00 in New York only: 03:00 UTC is 22:00 or 23:00 there.
    await db.deleteFrom('bathroom_opening_hours').where('bathroom_id', '=', bathroomId).execute();
    await db
      .insertInto('bathroom_opening_hours')
      .values(
        [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          bathroom_id: bathroomId,
          weekday,
          opens: '08:00',
          closes: '20:00',
        })),
      )
      .execute();
    const closed = await book(guest, bathroomId, startIn(2, 3));
    expect(closed.statusCode).toBe(400);
    expect(closed.json().fields[0].field).toBe('startsAt');
    expect(closed.json().message).toMatch(/not open/);

    const start = startIn(3, 16);
    await db
      .insertInto('bathroom_blackouts')
      .values({
        bathroom_id: bathroomId,
        starts_at: plusMinutes(start, 30),
        ends_at: plusMinutes(start, 120),
        created_by: host.id,
      })
      .execute();
    const blocked = await book(guest, bathroomId, start, 60);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringMatching(/blocked that time/),
    });
    await bookOk(guest, bathroomId, start, 30);
    expect(await bookingRows(ctx)).toHaveLength(1);
  });

  it('keeps a booked bathroom from being deleted (409); its host may unpublish it instead', async () => {
    const { host, guest } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    await bookOk(guest, bathroomId, startIn(2));
    const refused = await host.agent.request('DELETE', `/api/properties/${bathroomId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Unpublish it instead/);
    expect(await bookingRows(ctx)).toHaveLength(1);
  });
});
