import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { bookingCast, publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { signUp } from '../properties/property-test-support.ts';
import { hoursFrom, range } from './blackout-test-support.ts';

/** Who may call each blackout route, and what bad input gets back (ADR 094). */

async function matrixCast(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const disabled = await signUp(ctx, 'disabled-host@example.com', { provider: true });
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  // The disabled host owns a bathroom too: being its host must not get a disabled account in.
  const disabledBathroomId = await publishedBathroom(ctx, disabled.id);
  await updateProfile(ctx().services.db, disabled.id, { is_deleted: true });
  return { ...cast, disabled, bathroomId, disabledBathroomId, anonymous: new TestAgent(ctx().app) };
}

const blackoutCount = async (ctx: () => TestContext) =>
  (await ctx().services.db.selectFrom('bathroom_blackouts').select('id').execute()).length;

describeWithApp('blackouts: who may call each route', (ctx) => {
  it('GET /api/manage/blackouts: host and admin 200; others refused', async () => {
    const c = await matrixCast(ctx);
    const url = `/api/manage/blackouts?bathroomId=${c.bathroomId}`;
    expect((await c.anonymous.get(url)).statusCode).toBe(401);
    expect((await c.guest.agent.get(url)).statusCode).toBe(403);
    expect((await c.otherGuest.agent.get(url)).statusCode).toBe(403);
    expect((await c.otherHost.agent.get(url)).statusCode).toBe(404);
    const disabled = await c.disabled.agent.get(`/api/manage/blackouts?bathroomId=${c.disabledBathroomId}`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    const own = await c.host.agent.get(url);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      bathroom: { id: c.bathroomId, timezone: 'America/New_York' },
      upcoming: [],
      past: [],
    });
    expect((await c.admin.agent.get(url)).statusCode).toBe(200);
  });

  it('POST /api/manage/blackouts/preview: host and admin 200; others refused', async () => {
    const c = await matrixCast(ctx);
    const body = { bathroomId: c.bathroomId, ...range(startIn(3), 2) };
    const url = '/api/manage/blackouts/preview';
    expect((await c.anonymous.post(url, body)).statusCode).toBe(401);
    expect((await c.guest.agent.post(url, body)).statusCode).toBe(403);
    expect((await c.otherGuest.agent.post(url, body)).statusCode).toBe(403);
    expect((await c.otherHost.agent.post(url, body)).statusCode).toBe(404);
    const disabled = await c.disabled.agent.post(url, { ...body, bathroomId: c.disabledBathroomId });
    expect(disabled.statusCode).toBe(403);
    expect((await c.host.agent.post(url, body)).json()).toMatchObject({
      bookings: [],
      refund_total_cents: 0,
    });
    expect((await c.admin.agent.post(url, body)).statusCode).toBe(200);
    expect(await blackoutCount(ctx)).toBe(0);
  });

  it('POST /api/manage/blackouts: host and admin 201; others refused and nothing written', async () => {
    const c = await matrixCast(ctx);
    const url = '/api/manage/blackouts';
    const body = { bathroomId: c.bathroomId, ...range(startIn(3), 2), reason: 'Plumber' };
    expect((await c.anonymous.post(url, body)).statusCode).toBe(401);
    expect((await c.guest.agent.post(url, body)).statusCode).toBe(403);
    expect((await c.otherGuest.agent.post(url, body)).statusCode).toBe(403);
    expect((await c.otherHost.agent.post(url, body)).statusCode).toBe(404);
    const disabled = await c.disabled.agent.post(url, { ...body, bathroomId: c.disabledBathroomId });
    expect(disabled.statusCode).toBe(403);
    expect(await blackoutCount(ctx)).toBe(0);
    const made = await c.host.agent.post(url, body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      blackout: { bathroom_id: c.bathroomId, reason: 'Plumber', state: 'upcoming', starts_at: body.startsAt },
      cancelled: [],
    });
    const byAdmin = await c.admin.agent.post(url, { ...body, ...range(startIn(4), 2) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(await blackoutCount(ctx)).toBe(2);
  });

  it('DELETE /api/manage/blackouts/:id: host and admin 204; others refused and nothing removed', async () => {
    const c = await matrixCast(ctx);
    const make = async (days: number) =>
      (
        await c.host.agent.post('/api/manage/blackouts', {
          bathroomId: c.bathroomId,
          ...range(startIn(days), 1),
        })
      ).json().blackout.id as string;
    const first = await make(3);
    const second = await make(4);
    const del = (agent: TestAgent, id: string) => agent.request('DELETE', `/api/manage/blackouts/${id}`);
    expect((await del(c.anonymous, first)).statusCode).toBe(401);
    expect((await del(c.guest.agent, first)).statusCode).toBe(403);
    expect((await del(c.otherGuest.agent, first)).statusCode).toBe(403);
    expect((await del(c.otherHost.agent, first)).statusCode).toBe(404);
    expect((await del(c.disabled.agent, first)).statusCode).toBe(403);
    expect(await blackoutCount(ctx)).toBe(2);
    expect((await del(c.host.agent, first)).statusCode).toBe(204);
    expect((await del(c.admin.agent, second)).statusCode).toBe(204);
    expect(await blackoutCount(ctx)).toBe(0);
    expect((await del(c.host.agent, first)).statusCode).toBe(404);
  });
});

describeWithApp('blackouts: validation', (ctx) => {
  it('refuses an end before the start, a range wholly past, one over a year and a bad id (400, naming the field)', async () => {
    const { host } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const start = startIn(3);
    const post = (body: Record<string, unknown>) =>
      host.agent.post('/api/manage/blackouts', { bathroomId, ...range(start, 2), ...body });

    const backwards = await post({ endsAt: hoursFrom(start, -1).toISOString() });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual([
      { field: 'endsAt', message: 'The end must be after the start.' },
    ]);

    const past = await post({ ...range(hoursFrom(new Date(), -5), 2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields[0].field).toBe('endsAt');

    const long = await post({ endsAt: hoursFrom(start, 367 * 24).toISOString() });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 366 days/);

    const garbled = await post({ startsAt: 'tomorrow' });
    expect(garbled.statusCode).toBe(400);
    expect(JSON.stringify(garbled.json())).toContain('startsAt');

    const badId = await post({ bathroomId: 'nope' });
    expect(badId.statusCode).toBe(400);
    expect(JSON.stringify(badId.json())).toContain('bathroomId');

    const tooWordy = await post({ reason: 'x'.repeat(501) });
    expect(tooWordy.statusCode).toBe(400);

    const unknown = await post({ bathroomId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(await blackoutCount(ctx)).toBe(0);
  });

  it('a start already passed begins now; an overlapping blackout is a 409 naming the other one', async () => {
    const { host } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const before = Date.now();
    const now = await host.agent.post('/api/manage/blackouts', {
      bathroomId,
      ...range(hoursFrom(new Date(), -2), 5),
    });
    expect(now.statusCode, now.body).toBe(201);
    const blackout = now.json().blackout;
    expect(new Date(blackout.starts_at).getTime()).toBeGreaterThanOrEqual(before);
    expect(blackout.state).toBe('ongoing');

    const overlap = await host.agent.post('/api/manage/blackouts', {
      bathroomId,
      ...range(hoursFrom(new Date(), 1), 4),
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(
      /already has a blackout from .* to .*EST|already has a blackout from .* to .*EDT/,
    );
    const preview = await host.agent.post('/api/manage/blackouts/preview', {
      bathroomId,
      ...range(hoursFrom(new Date(), 1), 4),
    });
    expect(preview.statusCode).toBe(409);
    expect(await blackoutCount(ctx)).toBe(1);

    // Touching end to start is not an overlap ('[)' ranges).
    const next = await host.agent.post('/api/manage/blackouts', {
      bathroomId,
      startsAt: blackout.ends_at,
      endsAt: hoursFrom(new Date(blackout.ends_at), 1).toISOString(),
    });
    expect(next.statusCode, next.body).toBe(201);
  });

  it('a past blackout cannot be removed and is listed under past, latest first', async () => {
    const { host } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id);
    const db = ctx().services.db;
    const rows = await db
      .insertInto('bathroom_blackouts')
      .values([
        {
          bathroom_id: bathroomId,
          starts_at: hoursFrom(new Date(), -50),
          ends_at: hoursFrom(new Date(), -48),
        },
        {
          bathroom_id: bathroomId,
          starts_at: hoursFrom(new Date(), -10),
          ends_at: hoursFrom(new Date(), -8),
        },
        { bathroom_id: bathroomId, starts_at: hoursFrom(new Date(), 10), ends_at: hoursFrom(new Date(), 12) },
      ])
      .returning('id')
      .execute();
    const list = (await host.agent.get(`/api/manage/blackouts?bathroomId=${bathroomId}`)).json();
    expect(list.upcoming.map((row: { id: string }) => row.id)).toEqual([rows[2]?.id]);
    expect(list.past.map((row: { id: string }) => row.id)).toEqual([rows[1]?.id, rows[0]?.id]);
    const gone = await host.agent.request('DELETE', `/api/manage/blackouts/${rows[1]?.id}`);
    expect(gone.statusCode).toBe(409);
    expect(await blackoutCount(ctx)).toBe(3);
  });
});
