import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import {
  bookingCast,
  bookOk,
  plusMinutes,
  publishedBathroom,
  startIn,
} from '../bookings/booking-test-support.ts';
import { signUp } from '../properties/property-test-support.ts';

/** Private iCal feeds (ADR 095): who may make, see and revoke one, and what a feed holds. */

async function matrixCast(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const disabled = await signUp(ctx, 'disabled-host@example.com', { provider: true });
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  // The disabled host owns a bathroom too: being its host must not get a disabled account in.
  const disabledBathroomId = await publishedBathroom(ctx, disabled.id);
  await updateProfile(ctx().services.db, disabled.id, { is_deleted: true });
  return { ...cast, disabled, bathroomId, disabledBathroomId, anonymous: new TestAgent(ctx().app) };
}

const feedUrl = (id: string) => `/api/manage/bathrooms/${id}/ical`;
const pathOf = (url: string) => new URL(url).pathname;

async function fetchFeed(ctx: () => TestContext, path: string) {
  return ctx().app.inject({ method: 'GET', url: path });
}

describeWithApp('calendar feeds: who may call each route', (ctx) => {
  it('POST (create or rotate): the host only; anonymous 401, guests, other host, admin and disabled 403', async () => {
    const c = await matrixCast(ctx);
    const url = feedUrl(c.bathroomId);
    expect((await c.anonymous.post(url)).statusCode).toBe(401);
    for (const other of [c.guest, c.otherGuest, c.otherHost, c.admin]) {
      const refused = await other.agent.post(url);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toBe('forbidden');
    }
    const disabled = await c.disabled.agent.post(feedUrl(c.disabledBathroomId));
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');
    expect(await ctx().services.db.selectFrom('bathroom_ical_feeds').select('bathroom_id').execute()).toEqual(
      [],
    );

    const made = await c.host.agent.post(url);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      active: true,
      created_at: expect.any(String),
      last_fetched_at: null,
    });
    expect(made.json().url).toMatch(/^http.*\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only a hash is stored: the token is nowhere in the table.
    const token = /\/ical\/(.+)\.ics$/.exec(made.json().url)?.[1] as string;
    const rows = await ctx().services.db.selectFrom('bathroom_ical_feeds').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await c.host.agent.post(feedUrl('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const bad = await c.host.agent.post(feedUrl('not-a-uuid'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
  });

  it('GET (status): host and admin 200 without the URL; others refused', async () => {
    const c = await matrixCast(ctx);
    const url = feedUrl(c.bathroomId);
    expect((await c.host.agent.get(url)).json()).toEqual({
      active: false,
      created_at: null,
      last_fetched_at: null,
    });
    await c.host.agent.post(url);
    expect((await c.anonymous.get(url)).statusCode).toBe(401);
    for (const other of [c.guest, c.otherGuest, c.otherHost]) {
      expect((await other.agent.get(url)).statusCode).toBe(403);
    }
    expect((await c.disabled.agent.get(feedUrl(c.disabledBathroomId))).statusCode).toBe(403);
    for (const allowed of [c.host, c.admin]) {
      const seen = await allowed.agent.get(url);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({ active: true });
      expect(seen.json()).not.toHaveProperty('url');
    }
  });

  it('DELETE (revoke): host and admin; others refused and the feed keeps working', async () => {
    const c = await matrixCast(ctx);
    const url = feedUrl(c.bathroomId);
    const feed = pathOf((await c.host.agent.post(url)).json().url);
    expect((await c.anonymous.request('DELETE', url)).statusCode).toBe(401);
    for (const other of [c.guest, c.otherGuest, c.otherHost]) {
      expect((await other.agent.request('DELETE', url)).statusCode).toBe(403);
    }
    expect((await c.disabled.agent.request('DELETE', feedUrl(c.disabledBathroomId))).statusCode).toBe(403);
    expect((await fetchFeed(ctx, feed)).statusCode).toBe(200);

    const revoked = await c.admin.agent.request('DELETE', url);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ active: false });
    expect((await fetchFeed(ctx, feed)).statusCode).toBe(404);

    const again = pathOf((await c.host.agent.post(url)).json().url);
    expect((await c.host.agent.request('DELETE', url)).statusCode).toBe(200);
    expect((await fetchFeed(ctx, again)).statusCode).toBe(404);
    // Revoking when there is none is fine.
    expect((await c.host.agent.request('DELETE', url)).statusCode).toBe(200);
  });
});

describeWithApp('calendar feeds: the feed', (ctx) => {
  it('lists confirmed, checked-in and completed bookings and blackouts, in UTC, without surnames or contacts', async () => {
    const c = await bookingCast(ctx);
    const db = ctx().services.db;
    const bathroomId = await publishedBathroom(ctx, c.host.id);
    await updateProfile(db, c.guest.id, { first_name: 'Gina', last_name: 'Secretsurname' });
    const slot = (day: number) => startIn(day, 15);
    const statuses = ['confirmed', 'checked_in', 'completed', 'cancelled', 'expired', 'pending_payment'];
    const ids: Record<string, string> = {};
    for (const [index, status] of statuses.entries()) {
      const booking = await bookOk(c.guest, bathroomId, slot(index + 2));
      ids[status] = booking.id;
    }
    for (const status of statuses.filter((s) => s !== 'pending_payment')) {
      await db
        .updateTable('bookings')
        .set({ status: status as never, hold_expires_at: null })
        .where('id', '=', ids[status] as string)
        .execute();
    }
    await db
      .insertInto('bathroom_blackouts')
      .values({
        bathroom_id: bathroomId,
        starts_at: slot(20),
        ends_at: plusMinutes(slot(20), 24 * 60),
        reason: 'Plumber, new pipes',
      })
      .execute();
    // Another bathroom's booking is not in this feed.
    const elsewhere = await bookOk(c.guest, await publishedBathroom(ctx, c.host.id), slot(3));

    const made = await c.host.agent.post(feedUrl(bathroomId));
    const response = await fetchFeed(ctx, pathOf(made.json().url));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['cache-control']).toContain('no-store');
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    for (const status of ['confirmed', 'checked_in', 'completed']) {
      expect(unfolded).toContain(`UID:booking-${ids[status]}@`);
    }
    for (const status of ['cancelled', 'expired', 'pending_payment']) {
      expect(unfolded).not.toContain(ids[status] as string);
    }
    expect(unfolded).not.toContain(elsewhere.id);
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    const start = slot(2)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(unfolded).toContain(`DTSTART:${start}`);
    expect(unfolded).toContain('SUMMARY:Booked: Gina\\, 60 min');
    expect(unfolded).toContain('SUMMARY:Blocked: Plumber\\, new pipes');
    expect(unfolded).not.toContain('Secretsurname');
    expect(unfolded).not.toContain('@example.com');
    const row = await db.selectFrom('bathroom_ical_feeds').select('last_fetched_at').executeTakeFirst();
    expect(row?.last_fetched_at).not.toBeNull();
  });

  it('404s an unknown, malformed, rotated-away or disabled host’s token', async () => {
    const c = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, c.host.id);
    const first = pathOf((await c.host.agent.post(feedUrl(bathroomId))).json().url);
    // Without a body, as the page's fetch sends it.
    const second = pathOf((await c.host.agent.request('POST', feedUrl(bathroomId))).json().url);
    expect(first).not.toBe(second);
    expect((await fetchFeed(ctx, first)).statusCode).toBe(404);
    expect((await fetchFeed(ctx, second)).statusCode).toBe(200);
    expect((await fetchFeed(ctx, `/ical/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await fetchFeed(ctx, '/ical/short.ics')).statusCode).toBe(404);
    expect((await fetchFeed(ctx, second.replace('.ics', ''))).statusCode).toBe(404);
    await updateProfile(ctx().services.db, c.host.id, { is_deleted: true });
    expect((await fetchFeed(ctx, second)).statusCode).toBe(404);
  });
});
