import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';

describeWithApp('admin overview and account status', (ctx) => {
  async function signUp(body: Record<string, string>) {
    const agent = new TestAgent(ctx().app);
    const { userId } = await signUpAndSignIn(agent, { password: 'a fine password', ...body });
    return { agent, id: userId };
  } /** An account nobody signs in to: registering alone (a sign-in would only add a second scrypt). */
  async function join(body: Record<string, string>) {
    const response = await new TestAgent(ctx().app).post('/api/account/register', {
      password: 'a fine password',
      ...body,
    });
    expect(response.statusCode).toBe(200);
  }

  async function signUpAdmin() {
    const admin = await signUp({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin' });
    await updateProfile(ctx().services.db, admin.id, { is_admin: true });
    return admin;
  }

  it('counts accounts by role and state and lists the newest ten', async () => {
    const admin = await signUpAdmin();
    const host = await signUp({ email: 'host@example.com', first_name: 'Hal' });
    await updateProfile(ctx().services.db, host.id, { is_provider: true });
    const gone = await signUp({ email: 'gone@example.com' });
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const pending = await signUp({ phone: '(512) 555-0142' });
    await updateProfile(ctx().services.db, pending.id, { is_active: false });
    const old = await signUp({ email: 'old@example.com' });
    await sql`update profiles set created_at = now() - interval '30 days' where id = ${old.id}`.execute(
      ctx().services.db,
    );
    for (let i = 0; i < 8; i++) await join({ email: `guest${i}@example.com` });

    const response = await admin.agent.get('/api/admin/overview');
    expect(response.statusCode).toBe(200);
    const overview = response.json();
    expect(overview.counts).toEqual({
      users: 13,
      providers: 1,
      admins: 1,
      disabled: 1,
      under_review: 1,
      recent_signups: 12,
    });
    expect(overview.recent_signup_days).toBe(7);
    expect(overview.newest_accounts).toHaveLength(10);
    expect(overview.newest_accounts.map((a: { id: string }) => a.id)).not.toContain(old.id);
    const phoneOnly = overview.newest_accounts.find((a: { id: string }) => a.id === pending.id);
    expect(phoneOnly).toMatchObject({ email: null, phone_number: '+15125550142', status: 'under_review' });
    const times = overview.newest_accounts.map((a: { created_at: string }) => Date.parse(a.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('lets only admins read the overview', async () => {
    expect((await new TestAgent(ctx().app).get('/api/admin/overview')).statusCode).toBe(401);
    const user = await signUp({ email: 'user@example.com' });
    const forbidden = await user.agent.get('/api/admin/overview');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe('forbidden');
    const admin = await signUpAdmin();
    await updateProfile(ctx().services.db, admin.id, { is_deleted: true });
    const disabledAdmin = await admin.agent.get('/api/admin/overview');
    expect(disabledAdmin.statusCode).toBe(403);
    expect(disabledAdmin.json().error).toBe('account_disabled');
  });

  it('disables, suspends and restores an account, which the gate then enforces', async () => {
    const admin = await signUpAdmin();
    const user = await signUp({ email: 'user@example.com' });
    const disable = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, { is_deleted: true });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toEqual({ id: user.id, status: 'disabled' });
    expect((await user.agent.get('/api/account/me')).json().error).toBe('account_disabled');

    const review = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, {
      is_deleted: false,
      is_active: false,
    });
    expect(review.json()).toEqual({ id: user.id, status: 'under_review' });
    expect((await user.agent.get('/api/profile')).json().error).toBe('account_under_review');

    const restore = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, { is_active: true });
    expect(restore.json()).toEqual({ id: user.id, status: 'active' });
    expect((await user.agent.get('/api/profile')).statusCode).toBe(200);
  });

  it('refuses account changes from anyone but an active admin', async () => {
    const user = await signUp({ email: 'user@example.com' });
    const other = await signUp({ email: 'other@example.com' });
    const body = { is_deleted: true };
    expect(
      (await new TestAgent(ctx().app).request('PATCH', `/api/admin/users/${other.id}`, body)).statusCode,
    ).toBe(401);
    expect((await user.agent.request('PATCH', `/api/admin/users/${other.id}`, body)).statusCode).toBe(403);
    expect(
      (await user.agent.request('PATCH', `/api/admin/users/${user.id}`, { is_active: true })).statusCode,
    ).toBe(403);
    const admin = await signUpAdmin();
    await updateProfile(ctx().services.db, admin.id, { is_active: false });
    expect((await admin.agent.request('PATCH', `/api/admin/users/${other.id}`, body)).statusCode).toBe(403);
    expect((await other.agent.get('/api/profile')).statusCode).toBe(200);
  });

  it('validates the change and will not let an admin lock themselves out', async () => {
    const admin = await signUpAdmin();
    const user = await signUp({ email: 'user@example.com' });
    const empty = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, {});
    expect(empty.statusCode).toBe(400);
    const unknown = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, { is_admin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields[0].field).toBe('is_admin');
    const wrongType = await admin.agent.request('PATCH', `/api/admin/users/${user.id}`, {
      is_deleted: 'yes',
    });
    expect(wrongType.json().fields[0].field).toBe('is_deleted');
    const missing = await admin.agent.request('PATCH', '/api/admin/users/no-such-user', { is_deleted: true });
    expect(missing.statusCode).toBe(404);
    const self = await admin.agent.request('PATCH', `/api/admin/users/${admin.id}`, { is_deleted: true });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot disable or suspend your own account.');
    expect((await admin.agent.get('/api/admin/overview')).statusCode).toBe(200);
  });
});
