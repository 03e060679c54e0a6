import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { auditEntriesOf } from '../audit/audit-test-support.ts';
import { bookingCast, NEW_YORK, publishedBathroom } from '../bookings/booking-test-support.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';

/**
 * Listing moderation (ADR 136): admins list, unpublish with a reason (the host is told and cannot
 * publish it back), republish, feature on the home page; members report listings.
 */
describeWithApp('listing moderation', (ctx) => {
  const notices = (userId: string, type: string) =>
    ctx()
      .services.db.selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .where('notification_type', '=', type)
      .execute();

  async function searchIds(): Promise<string[]> {
    const response = await ctx().app.inject({
      method: 'GET',
      url: `/api/bathrooms/search?lat=${NEW_YORK.latitude}&lng=${NEW_YORK.longitude}&radius=5`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().results as { id: string }[]).map((result) => result.id);
  }

  /** A listing complete enough to publish again: a photo, and the host's payouts linked. */
  async function completeListing(hostId: string) {
    const id = await publishedBathroom(ctx, hostId);
    const db = ctx().services.db;
    await db
      .insertInto('bathroom_photos')
      .values({ bathroom_id: id, position: 0, key_1x: 'x@1x.webp', key_2x: 'x@2x.webp', width: 8, height: 6 })
      .execute();
    await db
      .updateTable('profiles')
      .set({ stripe_connect_id: `acct_${hostId}`, is_stripe_connected: true })
      .where('id', '=', hostId)
      .execute();
    return id;
  }

  it('answers every admin route to admins only (the matrix)', async () => {
    const cast = await bookingCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    const id = await completeListing(cast.host.id);
    const reported = await cast.guest.agent.post(`/api/properties/${id}/reports`, { reason: 'unclean' });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportId = reported.json().id as string;
    const anonymous = new TestAgent(ctx().app);
    const expected: [string, TestAgent, number][] = [
      ['anonymous', anonymous, 401],
      ['guest', cast.guest.agent, 403],
      ['other guest', cast.otherGuest.agent, 403],
      ['host', cast.host.agent, 403],
      ['other host', cast.otherHost.agent, 403],
      ['disabled', disabled.agent, 403],
    ];
    const calls: [string, (agent: TestAgent) => ReturnType<TestAgent['get']>][] = [
      ['list', (agent) => agent.get('/api/admin/properties')],
      ['detail', (agent) => agent.get(`/api/admin/properties/${id}`)],
      ['feature', (agent) => agent.post(`/api/admin/properties/${id}/feature`, {})],
      ['unfeature', (agent) => agent.post(`/api/admin/properties/${id}/unfeature`, {})],
      ['dismiss', (agent) => agent.post(`/api/admin/properties/${id}/reports/${reportId}/dismiss`, {})],
      [
        'unpublish',
        (agent) => agent.post(`/api/admin/properties/${id}/unpublish`, { reason: 'Fake photos.' }),
      ],
      ['republish', (agent) => agent.post(`/api/admin/properties/${id}/republish`, {})],
    ];
    for (const [name, call] of calls) {
      for (const [who, agent, status] of expected) {
        expect((await call(agent)).statusCode, `${name} as ${who}`).toBe(status);
      }
      const asAdmin = await call(cast.admin.agent);
      expect(asAdmin.statusCode, `${name} as admin: ${asAdmin.body}`).toBe(200);
    }
    // Nobody but the admin changed anything: one entry per admin action.
    for (const action of ['property.featured', 'property.unpublished', 'property.republished'] as const) {
      expect(await auditEntriesOf(ctx().services, action, id), action).toHaveLength(1);
    }
  });

  it('lists with filters: status, held, city, host, title, reported, featured', async () => {
    const { host, otherHost, guest, admin } = await bookingCast(ctx);
    const a = await completeListing(host.id);
    const b = await publishedBathroom(ctx, otherHost.id, { status: 'draft' });
    await ctx()
      .services.db.updateTable('bathrooms')
      .set({ title: 'Quiet garden loo' })
      .where('id', '=', b)
      .execute();
    await guest.agent.post(`/api/properties/${a}/reports`, { reason: 'scam', details: 'Asked for cash.' });
    const ids = async (query: string) => {
      const response = await admin.agent.get(`/api/admin/properties${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().listings as { id: string }[]).map((row) => row.id).sort();
    };
    expect(await ids('')).toEqual([a, b].sort());
    expect(await ids('?status=draft')).toEqual([b]);
    expect(await ids('?q=garden')).toEqual([b]);
    expect(await ids('?city=aus')).toEqual([a, b].sort());
    expect(await ids('?city=Paris')).toEqual([]);
    expect(await ids('?host=other-host@')).toEqual([b]);
    expect(await ids('?reported=yes')).toEqual([a]);
    expect(await ids('?reported=no')).toEqual([b]);
    expect(await ids('?featured=yes')).toEqual([]);
    await admin.agent.post(`/api/admin/properties/${a}/feature`, {});
    expect(await ids('?featured=yes')).toEqual([a]);
    await admin.agent.post(`/api/admin/properties/${a}/unpublish`, { reason: 'Asked guests for cash.' });
    expect(await ids('?status=held')).toEqual([a]);
    expect(await ids('?featured=yes')).toEqual([]);
    const bad = await admin.agent.get('/api/admin/properties?status=gone');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('status');
  });

  it('unpublishes with a reason: audited, out of search, the host told and unable to publish it back', async () => {
    const { host, admin } = await bookingCast(ctx);
    const id = await completeListing(host.id);
    await admin.agent.post(`/api/admin/properties/${id}/feature`, {});
    expect(await searchIds()).toContain(id);
    expect((await ctx().services.availability.featured()).map((card) => card.id)).toEqual([id]);

    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'Bad\u0000' }]) {
      const refused = await admin.agent.post(`/api/admin/properties/${id}/unpublish`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('reason');
    }
    const done = await admin.agent.post(`/api/admin/properties/${id}/unpublish`, {
      reason: 'The photos show another bathroom.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().listing).toMatchObject({ status: 'unlisted', held: true, featured: false });
    expect(await searchIds()).not.toContain(id);
    expect(await ctx().services.availability.featured()).toEqual([]);
    const [entry] = await auditEntriesOf(ctx().services, 'property.unpublished', id);
    expect(entry).toMatchObject({ actor_id: admin.id, reason: 'The photos show another bathroom.' });
    const [notice] = await notices(host.id, 'OWNER_PROPERTY_UNPUBLISHED');
    expect(notice?.message).toContain('The photos show another bathroom. Only Privy can publish it again');
    expect(notice?.meta).toMatchObject({ bathroom_id: id });
    expect(notice?.email_state).toBe('pending');

    // The host sees why on their own listing, and cannot publish it again.
    const own = await host.agent.get(`/api/properties/${id}`);
    expect(own.json().admin_hold).toMatchObject({ reason: 'The photos show another bathroom.' });
    const mine = await host.agent.get('/api/properties/mine');
    expect(mine.json().properties).toEqual([expect.objectContaining({ id, admin_hold: true })]);
    const retry = await host.agent.post(`/api/properties/${id}/publish`, {});
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toContain('Only Privy can publish it again');
    expect(await searchIds()).not.toContain(id);
    expect(
      (await admin.agent.post(`/api/admin/properties/${id}/unpublish`, { reason: 'Again' })).statusCode,
    ).toBe(409);
  });

  it('republishes: audited, back in search, the host told; features only published listings', async () => {
    const { host, admin } = await bookingCast(ctx);
    const id = await completeListing(host.id);
    expect((await admin.agent.post(`/api/admin/properties/${id}/republish`, {})).statusCode).toBe(409);
    await admin.agent.post(`/api/admin/properties/${id}/unpublish`, { reason: 'Check the address.' });
    expect((await admin.agent.post(`/api/admin/properties/${id}/feature`, {})).statusCode).toBe(409);
    const back = await admin.agent.post(`/api/admin/properties/${id}/republish`, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ published: true, listing: { status: 'published', held: false } });
    expect(await searchIds()).toContain(id);
    expect(await auditEntriesOf(ctx().services, 'property.republished', id)).toHaveLength(1);
    expect(await notices(host.id, 'OWNER_PROPERTY_REPUBLISHED')).toHaveLength(1);
    expect((await host.agent.get(`/api/properties/${id}`)).json().admin_hold).toBeNull();

    const featured = await admin.agent.post(`/api/admin/properties/${id}/feature`, {});
    expect(featured.json().listing.featured).toBe(true);
    expect(await auditEntriesOf(ctx().services, 'property.featured', id)).toHaveLength(1);
    // Featuring twice changes nothing and writes no second entry.
    await admin.agent.post(`/api/admin/properties/${id}/feature`, {});
    expect(await auditEntriesOf(ctx().services, 'property.featured', id)).toHaveLength(1);
    await admin.agent.post(`/api/admin/properties/${id}/unfeature`, {});
    expect(await auditEntriesOf(ctx().services, 'property.unfeatured', id)).toHaveLength(1);
    expect(await ctx().services.availability.featured()).toEqual([]);
    const draft = await publishedBathroom(ctx, host.id, { status: 'draft' });
    expect((await admin.agent.post(`/api/admin/properties/${draft}/feature`, {})).statusCode).toBe(409);
  });

  it('takes reports from signed-in members only, validates them, and lets an admin resolve them', async () => {
    const { host, guest, otherGuest, admin } = await bookingCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    const id = await completeListing(host.id);
    const url = `/api/properties/${id}/reports`;
    expect((await new TestAgent(ctx().app).post(url, { reason: 'unsafe' })).statusCode).toBe(401);
    expect((await disabled.agent.post(url, { reason: 'unsafe' })).statusCode).toBe(403);
    for (const [body, field] of [
      [{}, 'reason'],
      [{ reason: 'boring' }, 'reason'],
      [{ reason: 'other', details: 'x'.repeat(1001) }, 'details'],
      [{ reason: 'other', details: 'nul\u0000byte' }, 'details'],
      [{ reason: 'other', extra: 1 }, 'extra'],
    ] as const) {
      const refused = await guest.agent.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await host.agent.post(url, { reason: 'other' })).statusCode).toBe(409);
    const first = await guest.agent.post(url, { reason: 'unclean', details: 'No soap.' });
    expect(first.statusCode, first.body).toBe(201);
    expect((await guest.agent.post(url, { reason: 'unsafe' })).statusCode).toBe(409);
    const second = await otherGuest.agent.post(url, { reason: 'unsafe', details: 'Loose tiles.' });
    expect(second.statusCode).toBe(201);

    const dismissed = await admin.agent.post(
      `/api/admin/properties/${id}/reports/${first.json().id}/dismiss`,
      {},
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().listing.open_reports).toBe(1);
    expect(await auditEntriesOf(ctx().services, 'property.report_dismissed', id)).toHaveLength(1);
    const again = await admin.agent.post(
      `/api/admin/properties/${id}/reports/${first.json().id}/dismiss`,
      {},
    );
    expect(again.statusCode).toBe(409);
    // Unpublishing answers the reports still open.
    const unpublished = await admin.agent.post(`/api/admin/properties/${id}/unpublish`, {
      reason: 'Loose tiles reported; fix them first.',
      report_id: second.json().id,
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(
      unpublished
        .json()
        .reports.map((report: { status: string }) => report.status)
        .sort(),
    ).toEqual(['actioned', 'dismissed']);
    // An unpublished listing cannot be reported (guests cannot see it).
    expect((await guest.agent.post(url, { reason: 'other' })).statusCode).toBe(404);
  });
});
