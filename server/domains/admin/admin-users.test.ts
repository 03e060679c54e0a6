import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { updateProfile } from '../auth/repository.ts';

type Listed = { accounts: Array<{ id: string; name: string; status: string }>; total: number };

describeWithApp('GET /api/admin/users', (ctx) => {
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

  async function cast() {
    const admin = await signUp({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin' });
    await updateProfile(ctx().services.db, admin.id, { is_admin: true });
    const host = await signUp({ email: 'hal@example.com', first_name: 'Hal', last_name: 'Host' });
    await updateProfile(ctx().services.db, host.id, { is_provider: true });
    const guest = await signUp({ email: 'gia_g@example.com', first_name: 'Gia', last_name: 'Guest' });
    const gone = await signUp({ email: 'gone@example.com', first_name: 'Gus', last_name: 'Gone' });
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const waiting = await signUp({ phone: '(512) 555-0142', first_name: 'Wes', last_name: 'Waiting' });
    await updateProfile(ctx().services.db, waiting.id, { is_active: false });
    return { admin, host, guest, gone, waiting };
  }

  const list = async (agent: TestAgent, query = '') => {
    const response = await agent.get(`/api/admin/users${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Listed;
  };
  const names = (listed: Listed) => listed.accounts.map((a) => a.name).sort();

  it('finds accounts by name, email or phone, status and role', async () => {
    const { admin } = await cast();
    expect((await list(admin.agent)).total).toBe(5);
    expect(names(await list(admin.agent, '?q=hal%20host'))).toEqual(['Hal Host']);
    expect(names(await list(admin.agent, '?q=GONE@EXAMPLE'))).toEqual(['Gus Gone']);
    expect(names(await list(admin.agent, '?q=555-0142'))).toEqual([]);
    expect(names(await list(admin.agent, '?q=5550142'))).toEqual(['Wes Waiting']);
    // The user's own % and _ match themselves, not any text.
    expect(names(await list(admin.agent, `?q=${encodeURIComponent('%')}`))).toEqual([]);
    expect(names(await list(admin.agent, `?q=${encodeURIComponent('_')}`))).toEqual(['Gia Guest']);
    expect(names(await list(admin.agent, '?status=disabled'))).toEqual(['Gus Gone']);
    expect(names(await list(admin.agent, '?status=under_review'))).toEqual(['Wes Waiting']);
    expect(names(await list(admin.agent, '?status=active'))).toEqual(['Ada Admin', 'Gia Guest', 'Hal Host']);
    expect(names(await list(admin.agent, '?role=host'))).toEqual(['Hal Host']);
    expect(names(await list(admin.agent, '?role=admin'))).toEqual(['Ada Admin']);
    expect(names(await list(admin.agent, '?role=guest'))).toEqual(['Gia Guest', 'Gus Gone', 'Wes Waiting']);
  });

  it('pages 25 at a time, newest first, with the total', async () => {
    const { admin } = await cast();
    for (let i = 0; i < 22; i++) await join({ email: `guest${i}@example.com`, first_name: `G${i}` });
    await sql`update profiles set created_at = now() - interval '1 day' where id = ${admin.id}`.execute(
      ctx().services.db,
    );
    const first = await list(admin.agent);
    expect(first.total).toBe(27);
    expect(first.accounts).toHaveLength(25);
    const second = await list(admin.agent, '?page=2');
    expect(second.accounts).toHaveLength(2);
    expect(second.accounts.at(-1)?.name).toBe('Ada Admin');
    const everyone = [...first.accounts, ...second.accounts].map((a) => a.id);
    expect(new Set(everyone).size).toBe(27);
  });

  it('tells admins, in the app only, that someone joined; its button leads to /admin/users', async () => {
    const { admin } = await cast();
    await signUp({ email: 'newcomer@example.com', first_name: 'Nia', last_name: 'New' });
    const latest = (await admin.agent.get('/api/notifications')).json().notifications[0];
    expect(latest).toMatchObject({
      notification_type: 'USER_REGISTERED',
      message: 'Nia New just created an account.',
    });
    const stored = await ctx()
      .services.db.selectFrom('notifications')
      .select('email_state')
      .where('id', '=', latest.id)
      .executeTakeFirstOrThrow();
    expect(stored.email_state).toBe('none');
  });

  it('names the field of a bad query, and answers admins only', async () => {
    const { admin, host, guest, gone } = await cast();
    const bad = await admin.agent.get('/api/admin/users?status=banned&page=0');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['page', 'status']);
    expect((await admin.agent.get('/api/admin/users?sort=name')).statusCode).toBe(400);

    expect((await new TestAgent(ctx().app).get('/api/admin/users')).statusCode).toBe(401);
    expect((await guest.agent.get('/api/admin/users')).statusCode).toBe(403);
    expect((await host.agent.get('/api/admin/users')).statusCode).toBe(403);
    // An admin whose account is disabled is refused like any disabled account.
    await updateProfile(ctx().services.db, gone.id, { is_admin: true });
    expect((await gone.agent.get('/api/admin/users')).statusCode).toBe(403);
  });
});
