import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { findProfile, updateProfile } from '../auth/repository.ts';

async function signUp(ctx: TestContext, email: string, role: 'user' | 'admin' = 'user') {
  const agent = new TestAgent(ctx.app);
  const { userId } = await signUpAndSignIn(agent, { email, password: 'a long enough password' });
  if (role === 'admin') await updateProfile(ctx.services.db, userId, { is_admin: true });
  return { agent, userId };
}

const application = { first_name: 'Priya', last_name: 'Patel', email: 'Priya@Example.com' };

describeWithApp('provider requests', (ctx) => {
  it('stores a request and tells every admin, in-app, live and by email', async () => {
    const adminA = await signUp(ctx(), 'a@example.com', 'admin');
    const adminB = await signUp(ctx(), 'b@example.com', 'admin');
    const user = await signUp(ctx(), 'priya@example.com');
    const events: Array<{ channel: string; event: string }> = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));

    const created = await user.agent.post('/api/provider-requests', application);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'pending',
      email: 'priya@example.com',
      user_id: user.userId,
    });

    for (const admin of [adminA, adminB]) {
      const list = (await admin.agent.get('/api/notifications')).json();
      expect(list.notifications[0]).toMatchObject({
        notification_type: 'BECOME_PROVIDER_REQUEST',
        message: 'Priya Patel (priya@example.com) asked to become a provider.',
      });
    }
    expect((await user.agent.get('/api/notifications')).json().total).toBe(0);
    await expect
      .poll(() => events.some((e) => e.channel === 'admins' && e.event === 'provider_request'))
      .toBe(true);
    await expect
      .poll(async () =>
        (
          await ctx()
            .services.db.selectFrom('outbox_messages')
            .select('recipient')
            .where('subject', 'like', '%asked to become a provider%')
            .execute()
        )
          .map((m) => m.recipient)
          .sort(),
      )
      .toEqual(['a@example.com', 'b@example.com']);
    stop();

    const again = await user.agent.post('/api/provider-requests', application);
    expect(again.statusCode).toBe(409);
    expect((await user.agent.get('/api/provider-requests/mine')).json().request.status).toBe('pending');
  });

  it('lets admins list, filter, approve, and revoke; the user hears each decision live', async () => {
    const admin = await signUp(ctx(), 'admin@example.com', 'admin');
    const user = await signUp(ctx(), 'priya@example.com');
    const other = await signUp(ctx(), 'other@example.com');
    const { id } = (await user.agent.post('/api/provider-requests', application)).json();
    await other.agent.post('/api/provider-requests', {
      first_name: 'Olu',
      last_name: 'Other',
      email: 'other@example.com',
    });

    expect((await admin.agent.get('/api/admin/provider-requests')).json().requests).toHaveLength(2);
    const filtered = (await admin.agent.get('/api/admin/provider-requests?q=PATEL')).json().requests;
    expect(filtered.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(
      (await admin.agent.get('/api/admin/provider-requests?status=approved')).json().requests,
    ).toHaveLength(0);
    expect((await admin.agent.get('/api/admin/provider-requests?status=nope')).statusCode).toBe(400);

    const events: Array<{ channel: string; event: string }> = [];
    const stop = ctx().services.realtime.bus.onEvent((event) => events.push(event));
    const approved = await admin.agent.post(`/api/admin/provider-requests/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decided_by: admin.userId });
    expect((await findProfile(ctx().services.db, user.userId))?.is_provider).toBe(true);
    const note = (await user.agent.get('/api/notifications')).json().notifications[0];
    expect(note.notification_type).toBe('BECOME_PROVIDER_REQUEST_APPROVED');
    await expect
      .poll(() => events.some((e) => e.channel === `user:${user.userId}` && e.event === 'profile'))
      .toBe(true);
    stop();

    expect((await admin.agent.post(`/api/admin/provider-requests/${id}/approve`)).statusCode).toBe(409);
    // A published listing of theirs (inserted directly: the listing flow has its own tests).
    const listing = await ctx()
      .services.db.insertInto('bathrooms')
      .values({
        host_id: user.userId,
        status: 'published',
        title: 'Sunny loft bathroom',
        location: JSON.stringify({ lat: 30.27, lon: -97.74, formatted: 'Austin, TX' }),
        latitude: 30.27,
        longitude: -97.74,
        public_latitude: 30.271,
        public_longitude: -97.741,
        timezone: 'America/Chicago',
        hourly_price_cents: 1000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await admin.agent.post(`/api/admin/provider-requests/${id}/revoke`)).json().status).toBe(
      'revoked',
    );
    const after = await ctx()
      .services.db.selectFrom('bathrooms')
      .select('status')
      .where('id', '=', listing.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('unlisted');
    expect((await findProfile(ctx().services.db, user.userId))?.is_provider).toBe(false);
    expect((await user.agent.get('/api/notifications')).json().notifications[0].notification_type).toBe(
      'BECOME_PROVIDER_REQUEST_REVOKED',
    );
  });

  it('rejects without granting anything, and the user may apply again', async () => {
    const admin = await signUp(ctx(), 'admin@example.com', 'admin');
    const user = await signUp(ctx(), 'priya@example.com');
    const { id } = (await user.agent.post('/api/provider-requests', application)).json();
    expect((await admin.agent.post(`/api/admin/provider-requests/${id}/reject`)).json().status).toBe(
      'rejected',
    );
    expect((await findProfile(ctx().services.db, user.userId))?.is_provider).toBe(false);
    expect((await user.agent.get('/api/notifications')).json().notifications[0].notification_type).toBe(
      'BECOME_PROVIDER_REQUEST_REJECTED',
    );
    expect((await admin.agent.post(`/api/admin/provider-requests/${id}/revoke`)).statusCode).toBe(409);
    expect((await user.agent.post('/api/provider-requests', application)).statusCode).toBe(201);
  });

  it('enforces who may do what', async () => {
    const user = await signUp(ctx(), 'priya@example.com');
    const other = await signUp(ctx(), 'other@example.com');
    const anonymous = new TestAgent(ctx().app);
    const { id } = (await user.agent.post('/api/provider-requests', application)).json();

    expect((await anonymous.post('/api/provider-requests', application)).statusCode).toBe(401);
    expect((await anonymous.get('/api/admin/provider-requests')).statusCode).toBe(401);
    expect((await user.agent.get('/api/admin/provider-requests')).statusCode).toBe(403);
    expect((await other.agent.post(`/api/admin/provider-requests/${id}/approve`)).statusCode).toBe(403);
    expect((await other.agent.get('/api/provider-requests/mine')).json().request).toBeNull();

    const bad = await other.agent.post('/api/provider-requests', {
      first_name: '',
      last_name: 'X',
      email: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'first_name']);

    await updateProfile(ctx().services.db, other.userId, { is_deleted: true });
    expect((await other.agent.post('/api/provider-requests', application)).statusCode).toBe(403);

    const provider = await signUp(ctx(), 'host@example.com');
    await updateProfile(ctx().services.db, provider.userId, { is_provider: true });
    expect((await provider.agent.post('/api/provider-requests', application)).statusCode).toBe(409);
  });

  it('answers notify-all-admins only for your own pending, unannounced request', async () => {
    await signUp(ctx(), 'admin@example.com', 'admin');
    const user = await signUp(ctx(), 'priya@example.com');
    const body = {
      notification_type: 'BECOME_PROVIDER_REQUEST',
      message: 'Please review my request.',
      meta: { data: {} },
    };
    expect((await user.agent.post('/api/notifications/notify-all-admins', body)).statusCode).toBe(403);
    const wrongType = await user.agent.post('/api/notifications/notify-all-admins', {
      ...body,
      notification_type: 'USER_REGISTERED',
    });
    expect(wrongType.statusCode).toBe(400);
    await user.agent.post('/api/provider-requests', application);
    // Submitting already told the admins, so a second announcement is refused.
    expect((await user.agent.post('/api/notifications/notify-all-admins', body)).statusCode).toBe(409);
    expect(
      (await new TestAgent(ctx().app).post('/api/notifications/notify-all-admins', body)).statusCode,
    ).toBe(401);
  });

  it('limits requests and announcements per user, not per session', async () => {
    const user = await signUp(ctx(), 'sessions@example.com');
    const again = new TestAgent(ctx().app);
    const signedIn = await again.post('/api/account/sign-in', {
      email: 'sessions@example.com',
      password: 'a long enough password',
    });
    expect(signedIn.statusCode).toBe(200);
    const body = { notification_type: 'BECOME_PROVIDER_REQUEST', message: 'Please.', meta: { data: {} } };
    for (const url of ['/api/provider-requests', '/api/notifications/notify-all-admins']) {
      const payload = url === '/api/provider-requests' ? { first_name: 'Priya' } : body;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await user.agent.post(url, payload)).statusCode);
        statuses.push((await again.post(url, payload)).statusCode);
      }
      // Ten answers (refusals of a bad body count too), then the shared budget is spent.
      expect(statuses.every((status) => status !== 429)).toBe(true);
      expect((await again.post(url, payload)).statusCode).toBe(429);
      expect((await user.agent.post(url, payload)).statusCode).toBe(429);
    }
  });
});
