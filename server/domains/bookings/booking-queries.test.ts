import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { addDays, createBookingQueries } from './booking-queries.ts';
import {
  bookingCast,
  holdWithCheckout,
  NEW_YORK,
  publishedBathroom,
  startIn,
} from './booking-test-support.ts';

/** The booking pages' reads and who may make them (ADR 092). */

async function setUp(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  await ctx()
    .services.db.updateTable('bathrooms')
    .set({ access_instructions: 'Code 4321 on the side door.' })
    .where('id', '=', bathroomId)
    .execute();
  const paid = await holdWithCheckout(cast.guest, bathroomId, startIn(2), 30);
  await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${paid.sessionId}/pay`);
  const unpaid = await holdWithCheckout(cast.guest, bathroomId, startIn(3), 30);
  return {
    ...cast,
    bathroomId,
    paidId: paid.booking.id,
    unpaidId: unpaid.booking.id,
    paidStartsAt: startIn(2),
  };
}

describeWithApp('bookings: pages data', (ctx) => {
  it("lists a guest's own bookings by tab, and nobody else's", async () => {
    const { guest, otherGuest, paidId, unpaidId } = await setUp(ctx);
    const upcoming = await guest.agent.get('/api/bookings');
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().bookings.map((row: { id: string }) => row.id)).toEqual([paidId, unpaidId]);
    expect(upcoming.json().bookings[0]).toMatchObject({
      status: 'confirmed',
      city: 'Austin',
      duration_minutes: 30,
    });
    await guest.agent.post(`/api/bookings/${paidId}/cancel`, {});
    expect(
      (await guest.agent.get('/api/bookings?tab=cancelled'))
        .json()
        .bookings.map((row: { id: string }) => row.id),
    ).toEqual([paidId]);
    expect((await guest.agent.get('/api/bookings?tab=past')).json().bookings).toEqual([]);
    expect((await otherGuest.agent.get('/api/bookings')).json().bookings).toEqual([]);
    expect((await guest.agent.get('/api/bookings?tab=soon')).statusCode).toBe(400);
    expect((await new TestAgent(ctx().app).get('/api/bookings')).statusCode).toBe(401);
  });

  it('shows the exact address and access instructions to the confirmed guest only', async () => {
    const { guest, host, otherGuest, otherHost, admin, paidId, unpaidId } = await setUp(ctx);
    const asGuest = (await guest.agent.get(`/api/bookings/${paidId}/detail`)).json();
    expect(asGuest).toMatchObject({
      role: 'guest',
      status: 'confirmed',
      access_instructions: 'Code 4321 on the side door.',
      address: { formatted: '1 Test St' },
      host_first_name: 'Pat',
    });
    const unpaid = (await guest.agent.get(`/api/bookings/${unpaidId}/detail`)).json();
    expect(unpaid).toMatchObject({ role: 'guest', address: null, access_instructions: null });
    expect(unpaid.area.latitude).toBeTypeOf('number');
    const asHost = (await host.agent.get(`/api/bookings/${paidId}/detail`)).json();
    expect(asHost).toMatchObject({
      role: 'host',
      access_instructions: null,
      address: { formatted: '1 Test St' },
    });
    expect((await admin.agent.get(`/api/bookings/${paidId}/detail`)).json()).toMatchObject({
      role: 'admin',
      address: null,
      access_instructions: null,
    });
    expect((await otherGuest.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(404);
    expect((await otherHost.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(404);
    expect((await new TestAgent(ctx().app).get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(401);
    await updateProfile(ctx().services.db, guest.id, { is_deleted: true });
    expect((await guest.agent.get(`/api/bookings/${paidId}/detail`)).statusCode).toBe(403);
  });

  it("lists a host's bookings with the guest's first name; other hosts see none; guests are refused", async () => {
    const { host, guest, otherHost, admin, bathroomId, paidId, unpaidId } = await setUp(ctx);
    const mine = (await host.agent.get('/api/manage/bookings')).json().bookings;
    expect(mine.map((row: { id: string }) => row.id)).toEqual([paidId, unpaidId]);
    expect(mine[0]).toMatchObject({ guest_first_name: 'Pat', status: 'confirmed' });
    const confirmed = (
      await host.agent.get(`/api/manage/bookings?status=confirmed&bathroomId=${bathroomId}`)
    ).json();
    expect(confirmed.bookings.map((row: { id: string }) => row.id)).toEqual([paidId]);
    expect((await otherHost.agent.get('/api/manage/bookings')).json().bookings).toEqual([]);
    expect((await admin.agent.get('/api/manage/bookings')).json().bookings).toHaveLength(2);
    expect((await guest.agent.get('/api/manage/bookings')).statusCode).toBe(403);
    expect((await new TestAgent(ctx().app).get('/api/manage/bookings')).statusCode).toBe(401);
    const bad = await host.agent.get('/api/manage/bookings?bathroomId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('bathroomId');
  });

  it("counts today's bookings by each bathroom's own calendar day, for the host's own bathrooms", async () => {
    const { host, otherHost, admin, paidId, paidStartsAt } = await setUp(ctx);
    const todayAt = (now: Date) =>
      createBookingQueries({
        db: ctx().services.db,
        now: () => now,
        visibleBooking: () => Promise.reject(new Error('not used')),
        hostOf: () => Promise.resolve(null),
      }).todayForHost;
    const hostActor = { userId: host.id, isAdmin: false };
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    // The paid booking starts at 15:00 UTC; in New York that is the same calendar day.
    expect(ids(await todayAt(paidStartsAt)(hostActor))).toEqual([paidId]);
    // 01:00 UTC that day is still the evening before in New York: not today there.
    const sameUtcDayEarly = new Date(paidStartsAt.getTime() - 14 * 3_600_000);
    expect(ids(await todayAt(sameUtcDayEarly)(hostActor))).toEqual([]);
    // 03:30 UTC the next day is still the booking's day in New York (UTC−4 or −5).
    const nextUtcDayEarly = new Date(paidStartsAt.getTime() + 12.5 * 3_600_000);
    expect(ids(await todayAt(nextUtcDayEarly)(hostActor))).toEqual([paidId]);
    // The unpaid hold the day after is not counted, nor anyone else's bathrooms, admins included.
    expect(await todayAt(new Date(paidStartsAt.getTime() + 86_400_000))(hostActor)).toEqual([]);
    expect(await todayAt(paidStartsAt)({ userId: otherHost.id, isAdmin: false })).toEqual([]);
    expect(await todayAt(paidStartsAt)({ userId: admin.id, isAdmin: true })).toEqual([]);
    // "This week" on /manage/bookings starts on the host's wall-clock day; UTC for a host without bathrooms.
    const hostToday = (now: Date, userId: string) =>
      createBookingQueries({
        db: ctx().services.db,
        now: () => now,
        visibleBooking: () => Promise.reject(new Error('not used')),
        hostOf: () => Promise.resolve(null),
      }).hostToday({ userId, isAdmin: false });
    const utcDay = paidStartsAt.toISOString().slice(0, 10);
    expect(await hostToday(sameUtcDayEarly, host.id)).toBe(addDays(utcDay, -1));
    expect(await hostToday(sameUtcDayEarly, otherHost.id)).toBe(utcDay);
  });

  it("lists a host's week by the bathroom's local days", async () => {
    const { host, otherHost, admin, guest, paidId, unpaidId, paidStartsAt } = await setUp(ctx);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK.timezone }).format(paidStartsAt);
    const week = async (member: typeof host, query: string) =>
      (await member.agent.get(`/api/manage/bookings?${query}`))
        .json()
        .bookings.map((row: { id: string }) => row.id);
    expect(await week(host, `week=${day}&status=all`)).toEqual([paidId, unpaidId]);
    expect(await week(host, `week=${addDays(day, 1)}&status=all`)).toEqual([unpaidId]);
    expect(await week(host, `week=${addDays(day, -6)}&status=all`)).toEqual([paidId]);
    expect(await week(host, `week=${addDays(day, -7)}&status=all`)).toEqual([]);
    expect(await week(host, `week=${day}&status=confirmed`)).toEqual([paidId]);
    expect(await week(otherHost, `week=${day}&status=all`)).toEqual([]);
    expect(await week(admin, `week=${day}&status=all`)).toEqual([paidId, unpaidId]);
    expect((await guest.agent.get(`/api/manage/bookings?week=${day}`)).statusCode).toBe(403);
    expect((await new TestAgent(ctx().app).get(`/api/manage/bookings?week=${day}`)).statusCode).toBe(401);
    const bad = await host.agent.get('/api/manage/bookings?week=monday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('week');
    await updateProfile(ctx().services.db, host.id, { is_deleted: true });
    expect((await host.agent.get(`/api/manage/bookings?week=${day}`)).statusCode).toBe(403);
  });

  it('shows a hold with its expiry while it lasts; once it runs out the host no longer sees it (ADR 115)', async () => {
    const { host, paidId, unpaidId } = await setUp(ctx);
    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const listed = (await host.agent.get('/api/manage/bookings')).json().bookings;
    const held = listed.find((row: { id: string }) => row.id === unpaidId);
    expect(held.status).toBe('pending_payment');
    const expiresAt = Date.parse(held.hold_expires_at);
    expect(expiresAt).toBeGreaterThan(Date.now());
    expect(listed.find((row: { id: string }) => row.id === paidId).hold_expires_at).toBeNull();

    // A minute after the hold ran out (the clock moved, not the row: the expiry sweep may not
    // have run yet, and a payment may still surface), the host's lists leave it out.
    const later = createBookingQueries({
      db: ctx().services.db,
      now: () => new Date(expiresAt + 60_000),
      visibleBooking: () => Promise.reject(new Error('not used')),
      hostOf: () => Promise.resolve(null),
    });
    const hostActor = { userId: host.id, isAdmin: false };
    expect(ids(await later.listForHost(hostActor, { status: 'all' }))).toEqual([paidId]);
    expect(ids(await later.listForHost(hostActor, { status: 'upcoming' }))).toEqual([paidId]);
  });

  it('counts what each tab and status filter lists, for whoever may list it', async () => {
    const { guest, host, otherHost, admin, bathroomId, paidId, paidStartsAt } = await setUp(ctx);
    const at = (now: Date) =>
      createBookingQueries({
        db: ctx().services.db,
        now: () => now,
        visibleBooking: () => Promise.reject(new Error('not used')),
        hostOf: () => Promise.resolve(null),
      });
    const guestActor = { userId: guest.id, isAdmin: false };
    const hostActor = { userId: host.id, isAdmin: false };
    // Every tab's count is the length of what that tab lists, now and once the paid booking is over.
    const checkGuest = async (now: Date, expected: Record<string, number>) => {
      const queries = at(now);
      expect(await queries.countsForGuest(guestActor)).toEqual(expected);
      for (const tab of ['upcoming', 'past', 'cancelled'] as const)
        expect((await queries.listForGuest(guestActor, tab)).length).toBe(expected[tab]);
    };
    await checkGuest(new Date(), { upcoming: 2, past: 0, cancelled: 0 });
    const afterPaid = new Date(paidStartsAt.getTime() + 3_600_000);
    await checkGuest(afterPaid, { upcoming: 1, past: 1, cancelled: 0 });
    await guest.agent.post(`/api/bookings/${paidId}/cancel`, {});
    await checkGuest(new Date(), { upcoming: 1, past: 0, cancelled: 1 });

    const checkHost = async (actor: typeof hostActor, filter: { bathroomId?: string; week?: string }) => {
      const queries = at(new Date());
      const counts = await queries.countsForHost(actor, filter);
      for (const status of ['upcoming', 'confirmed', 'checked_in', 'completed', 'cancelled', 'all'] as const)
        expect(counts[status], status).toBe((await queries.listForHost(actor, { ...filter, status })).length);
      return counts;
    };
    expect(await checkHost(hostActor, {})).toMatchObject({ upcoming: 1, cancelled: 1, all: 2 });
    expect(await checkHost(hostActor, { bathroomId })).toMatchObject({ upcoming: 1, all: 2 });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: NEW_YORK.timezone }).format(paidStartsAt);
    expect(await checkHost(hostActor, { week: addDays(day, 1) })).toMatchObject({ upcoming: 1, all: 1 });
    expect(await checkHost({ userId: otherHost.id, isAdmin: false }, {})).toMatchObject({ all: 0 });
    expect(await checkHost({ userId: admin.id, isAdmin: true }, {})).toMatchObject({ all: 2 });
  });
});
