import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { PASSWORD, registerByEmail } from './auth-test-support.ts';
import { updateProfile } from './repository.ts';

type SessionJson = { id: string; current: boolean; userAgent: string | null; ipAddress: string | null };

describeWithApp('sessions: list and revoke', (ctx) => {
  const signIn = async (email: string, ip: string, userAgent: string) => {
    const agent = new TestAgent(ctx().app, ip);
    const response = await agent.post(
      '/api/account/sign-in',
      { email, password: PASSWORD },
      { 'user-agent': userAgent },
    );
    expect(response.statusCode).toBe(200);
    return agent;
  };

  it('lists only my sessions, marks this one, and never shows tokens', async () => {
    const laptop = new TestAgent(ctx().app, '10.1.0.1');
    await registerByEmail(laptop, 'many@example.com');
    const phone = await signIn(
      'many@example.com',
      '10.1.0.2',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)',
    );
    const stranger = new TestAgent(ctx().app, '10.1.0.3');
    await registerByEmail(stranger, 'stranger@example.com');

    const listed = await phone.get('/api/account/sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json().sessions as SessionJson[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const current = sessions.find((session) => session.current);
    expect(current).toMatchObject({ ipAddress: '10.1.0.2', userAgent: expect.stringContaining('iPhone') });
    expect(listed.body).not.toMatch(/token/i);

    expect((await new TestAgent(ctx().app).get('/api/account/sessions')).statusCode).toBe(401);
  });

  it('revokes one of my sessions by id, and not another person’s', async () => {
    const laptop = new TestAgent(ctx().app, '10.2.0.1');
    await registerByEmail(laptop, 'revoker@example.com');
    const phone = await signIn('revoker@example.com', '10.2.0.2', 'Phone');
    const other = new TestAgent(ctx().app, '10.2.0.3');
    await registerByEmail(other, 'other@example.com');

    const mine = (await laptop.get('/api/account/sessions')).json().sessions as SessionJson[];
    const phoneSession = mine.find((session) => !session.current) as SessionJson;
    const theirs = (await other.get('/api/account/sessions')).json().sessions as SessionJson[];

    const foreign = await laptop.request('DELETE', `/api/account/sessions/${theirs[0]?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await other.get('/api/account/me')).statusCode).toBe(200);

    const revoked = await laptop.request('DELETE', `/api/account/sessions/${phoneSession.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true, wasCurrent: false });
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(200);
  });

  it("never answers a raw session token from better-auth's own endpoints, and ids still revoke", async () => {
    const laptop = new TestAgent(ctx().app, '10.6.0.1');
    const { userId } = await registerByEmail(laptop, 'secret@example.com');
    const phone = new TestAgent(ctx().app, '10.6.0.2');
    const signedIn = await phone.post('/api/auth/sign-in/email', {
      email: 'secret@example.com',
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(userId);
    const tokens = (
      await ctx()
        .services.db.selectFrom('session')
        .select(['id', 'token'])
        .where('userId', '=', userId)
        .execute()
    ).map((row) => row.token);
    expect(tokens).toHaveLength(2);
    const leaks = (body: string) => tokens.filter((token) => body.includes(token));

    expect(signedIn.json()).not.toHaveProperty('token');
    expect(leaks(signedIn.body)).toEqual([]);

    const listed = await laptop.get('/api/auth/list-sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json() as { id: string; userId: string; token?: string }[];
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.userId).toBe(userId);
      expect(session).not.toHaveProperty('token');
    }
    expect(leaks(listed.body)).toEqual([]);

    const current = await laptop.get('/api/auth/get-session');
    expect(current.json().session.userId).toBe(userId);
    expect(current.json().session).not.toHaveProperty('token');
    expect(leaks(current.body)).toEqual([]);

    // An admin's view of someone's sessions (better-auth's admin plugin) is stripped the same way.
    const admin = new TestAgent(ctx().app, '10.6.0.3');
    const { userId: adminId } = await registerByEmail(admin, 'root@example.com');
    await ctx().services.db.updateTable('user').set({ role: 'admin' }).where('id', '=', adminId).execute();
    const adminView = await admin.post('/api/auth/admin/list-user-sessions', { userId });
    expect(adminView.statusCode).toBe(200);
    expect(adminView.json().sessions).toHaveLength(2);
    expect(leaks(adminView.body)).toEqual([]);

    // The ids the listing gives are what revoking takes (the sessions page does the same).
    const other = sessions.find((session) => session.id !== current.json().session.id) as { id: string };
    expect((await laptop.request('DELETE', `/api/account/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(200);
  });

  it('an admin cannot revoke someone else’s session through this API either', async () => {
    const admin = new TestAgent(ctx().app, '10.5.0.1');
    const { userId } = await registerByEmail(admin, 'boss@example.com');
    await updateProfile(ctx().services.db, userId, { is_admin: true });
    const user = new TestAgent(ctx().app, '10.5.0.2');
    await registerByEmail(user, 'worker@example.com');
    const theirs = (await user.get('/api/account/sessions')).json().sessions as SessionJson[];
    expect((await admin.request('DELETE', `/api/account/sessions/${theirs[0]?.id}`)).statusCode).toBe(404);
    expect((await user.get('/api/account/me')).statusCode).toBe(200);
  });

  it('signs out the other sessions, or all of them', async () => {
    const laptop = new TestAgent(ctx().app, '10.3.0.1');
    await registerByEmail(laptop, 'everywhere@example.com');
    const phone = await signIn('everywhere@example.com', '10.3.0.2', 'Phone');
    const tablet = await signIn('everywhere@example.com', '10.3.0.3', 'Tablet');

    expect((await laptop.post('/api/account/sessions/revoke-others')).statusCode).toBe(200);
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);
    expect((await tablet.get('/api/account/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(200);

    const again = await signIn('everywhere@example.com', '10.3.0.4', 'Phone again');
    expect((await laptop.post('/api/account/sessions/revoke-all')).statusCode).toBe(200);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(401);
    expect((await again.get('/api/account/me')).statusCode).toBe(401);
  });

  it('refuses a disabled account', async () => {
    const agent = new TestAgent(ctx().app, '10.4.0.1');
    const { userId } = await registerByEmail(agent, 'disabled@example.com');
    await updateProfile(ctx().services.db, userId, { is_deleted: true });
    expect((await agent.get('/api/account/sessions')).statusCode).toBe(403);
    expect((await agent.post('/api/account/sessions/revoke-all')).statusCode).toBe(403);
  });
});
