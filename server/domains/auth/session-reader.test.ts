import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { planCounts } from '../../test/plan-cache.ts';
import { registerByEmail } from './auth-test-support.ts';
import { updateProfile } from './repository.ts';
import { createSessionReader } from './session-reader.ts';

const DAY_MS = 86_400_000;

describeWithApp("who is asking: the session read that skips better-auth's endpoint", (ctx) => {
  const member = async (email: string) => {
    const agent = new TestAgent(ctx().app);
    const { userId } = await registerByEmail(agent, email);
    const headers = new Headers({ cookie: agent.cookieHeader() });
    return { agent, userId, headers };
  };
  const reader = () => createSessionReader({ db: ctx().services.db, auth: ctx().services.betterAuth });
  const sessionRow = (userId: string) =>
    ctx()
      .services.db.selectFrom('session')
      .select(['id', 'token', 'expiresAt'])
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();

  it('reads a live session with its user and profile, as better-auth and the profile say', async () => {
    const { userId, headers } = await member('reader@example.com');
    const read = await reader().read(headers);
    const viaLibrary = await ctx().services.betterAuth.api.getSession({ headers });
    expect(read).toMatchObject({
      userId,
      sessionId: viaLibrary?.session.id,
      email: 'reader@example.com',
      emailVerified: false,
      profile: { id: userId, first_name: 'Test', is_deleted: false, is_active: true },
    });
    expect(await ctx().services.auth.getViewer(headers)).toMatchObject({
      userId,
      email: 'reader@example.com',
    });
  });

  it('reads many sessions asked at once in one go, each its own', async () => {
    const people = await Promise.all(['a', 'b', 'c'].map((name) => member(`${name}@example.com`)));
    const shared = reader();
    const reads = await Promise.all(people.map((person) => shared.read(person.headers)));
    expect(reads.map((read) => read?.userId)).toEqual(people.map((person) => person.userId));
  });

  it('never vouches for a missing, forged, repeated or revoked cookie; the guard then refuses', async () => {
    const { agent, userId, headers } = await member('revoked@example.com');
    const cookie = headers.get('cookie') as string;
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const otherFirst = signature.startsWith('A') ? 'B' : 'A';
    const forged = `${name}=${encodeURIComponent(`${token}.${otherFirst}${signature.slice(1)}`)}`;
    expect(await reader().read(new Headers())).toBeNull();
    expect(await reader().read(new Headers({ cookie: forged }))).toBeNull();
    expect(await reader().read(new Headers({ cookie: `${cookie}; ${cookie}` }))).toBeNull();

    await ctx().services.db.deleteFrom('session').where('userId', '=', userId).execute();
    expect(await reader().read(headers)).toBeNull();
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
  });

  it('turns a disabled or under-review account away on its next request', async () => {
    const { agent, userId, headers } = await member('disabled@example.com');
    expect((await agent.get('/api/account/me')).statusCode).toBe(200);
    await updateProfile(ctx().services.db, userId, { is_active: false });
    expect((await reader().read(headers))?.profile.is_active).toBe(false);
    expect((await agent.get('/api/account/me')).json()).toMatchObject({ error: 'account_under_review' });
    await updateProfile(ctx().services.db, userId, { is_active: true, is_deleted: true });
    expect((await agent.get('/api/account/me')).json()).toMatchObject({ error: 'account_disabled' });
  });

  it('leaves an expired session, and one due for its daily refresh, to better-auth', async () => {
    const { agent, userId, headers } = await member('refresh@example.com');
    const { db } = ctx().services;
    const { token } = await sessionRow(userId);
    const { expiresIn, updateAge } = (await ctx().services.betterAuth.$context).sessionConfig;
    // Issued a little more than updateAge ago: better-auth extends it on its next use.
    const dueAt = new Date(Date.now() + expiresIn * 1000 - updateAge * 1000 - 60_000);
    await db.updateTable('session').set({ expiresAt: dueAt }).where('token', '=', token).execute();
    expect(await reader().read(headers)).toBeNull();
    expect((await agent.get('/api/account/me')).statusCode).toBe(200);
    const refreshed = await sessionRow(userId);
    expect(refreshed.expiresAt.getTime()).toBeGreaterThan(Date.now() + expiresIn * 1000 - DAY_MS / 24);
    expect(await reader().read(headers)).toMatchObject({ userId });

    await db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute();
    expect(await reader().read(headers)).toBeNull();
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
  });
});

describeWithApp('who is asking, on PostgreSQL: one plan for the session read', (ctx) => {
  it('plans the session read once per connection, not again at every request (ADR 153)', async ({ skip }) => {
    const pool = ctx().database.pool;
    if (!pool) return skip('PGlite plans every statement afresh: no plan is cached to check');
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'planned@example.com');
    const headers = new Headers({ cookie: agent.cookieHeader() });
    const reader = createSessionReader({ db: ctx().services.db, auth: ctx().services.betterAuth });
    for (let request = 0; request < 12; request++) expect(await reader.read(headers)).not.toBeNull();
    const plans = await planCounts(pool, 'session_token');
    // PostgreSQL plans a prepared statement for its values five times before it may keep one plan.
    expect(plans.length).toBeGreaterThan(0);
    for (const counts of plans) expect(counts.custom).toBeLessThanOrEqual(5);
    expect(plans.reduce((sum, counts) => sum + counts.generic, 0)).toBeGreaterThanOrEqual(
      12 - 5 * plans.length,
    );
  });
});
