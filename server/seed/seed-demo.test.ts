import { expect, it } from 'vitest';
import { describeWithApp } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, existingDemoAccounts, seedDemoData } from './seed-demo.ts';

describeWithApp('demo seed', (ctx) => {
  it('creates 1 admin, 2 providers and 2 guests, verified, with their roles', async () => {
    const result = await seedDemoData(ctx().services);
    expect(result).toEqual({
      password: DEMO_PASSWORD,
      accounts: [
        { role: 'admin', email: 'admin@privy.test' },
        { role: 'provider', email: 'paula@privy.test' },
        { role: 'provider', email: 'hector@privy.test' },
        { role: 'guest', email: 'gina@privy.test' },
        { role: 'guest', email: 'gus@privy.test' },
      ],
    });
    const rows = await ctx()
      .services.db.selectFrom('user')
      .innerJoin('profiles', 'profiles.id', 'user.id')
      .select([
        'user.email',
        'user.emailVerified',
        'profiles.first_name',
        'profiles.last_name',
        'profiles.is_admin',
        'profiles.is_provider',
        'profiles.is_active',
        'profiles.is_deleted',
      ])
      .orderBy('user.email')
      .execute();
    expect(rows).toHaveLength(DEMO_ACCOUNTS.length);
    for (const account of DEMO_ACCOUNTS) {
      expect(rows.find((row) => row.email === account.email)).toEqual({
        email: account.email,
        emailVerified: true,
        first_name: account.first_name,
        last_name: account.last_name,
        is_admin: account.is_admin,
        is_provider: account.is_provider,
        is_active: true,
        is_deleted: false,
      });
    }
    expect(rows.filter((row) => row.is_admin)).toHaveLength(1);
    expect(rows.filter((row) => row.is_provider)).toHaveLength(2);
  });

  it('sends no verification email: the accounts are verified already', async () => {
    await seedDemoData(ctx().services);
    const outbox = await ctx().services.db.selectFrom('outbox_messages').select('recipient').execute();
    expect(outbox).toEqual([]);
  });

  it('does nothing the second time', async () => {
    expect(await seedDemoData(ctx().services)).not.toBeNull();
    expect(await seedDemoData(ctx().services)).toBeNull();
    const users = await ctx().services.db.selectFrom('user').select('id').execute();
    expect(users).toHaveLength(DEMO_ACCOUNTS.length);
  });

  it('lists the demo accounts still present, for printing on later starts', async () => {
    expect(await existingDemoAccounts(ctx().services)).toBeNull();
    await seedDemoData(ctx().services);
    expect((await existingDemoAccounts(ctx().services))?.accounts).toHaveLength(DEMO_ACCOUNTS.length);
    await ctx().services.db.deleteFrom('user').where('email', '=', 'gus@privy.test').execute();
    const listed = await existingDemoAccounts(ctx().services);
    expect(listed?.password).toBe(DEMO_PASSWORD);
    expect(listed?.accounts.map((account) => account.email)).not.toContain('gus@privy.test');
    expect(listed?.accounts).toHaveLength(DEMO_ACCOUNTS.length - 1);
  });

  it('does nothing when somebody has already registered', async () => {
    const agent = new TestAgent(ctx().app);
    const registered = await agent.post('/api/account/register', {
      email: 'first.real.user@example.com',
      password: 'a fine password',
    });
    expect(registered.statusCode).toBe(200);
    expect(await seedDemoData(ctx().services)).toBeNull();
    const users = await ctx().services.db.selectFrom('user').select('email').execute();
    expect(users).toEqual([{ email: 'first.real.user@example.com' }]);
  });

  it('lets the seeded admin sign in, as an admin', async () => {
    await seedDemoData(ctx().services);
    const agent = new TestAgent(ctx().app);
    const signIn = await agent.post('/api/account/sign-in', {
      email: 'admin@privy.test',
      password: DEMO_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
    const me = await agent.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'admin@privy.test',
      emailVerified: true,
      profile: { first_name: 'Ada', last_name: 'Admin', is_admin: true, is_provider: false },
    });
  });

  it('lets every demo account sign in with the shared password, and no other', async () => {
    await seedDemoData(ctx().services);
    for (const account of DEMO_ACCOUNTS) {
      const agent = new TestAgent(ctx().app);
      const wrong = await agent.post('/api/account/sign-in', {
        email: account.email,
        password: 'not the password',
      });
      expect(wrong.statusCode, account.email).toBe(401);
      const right = await agent.post('/api/account/sign-in', {
        email: account.email,
        password: DEMO_PASSWORD,
      });
      expect(right.statusCode, account.email).toBe(200);
      const me = (await agent.get('/api/account/me')).json();
      expect(me.profile.is_provider, account.email).toBe(account.is_provider);
      expect(me.profile.is_admin, account.email).toBe(account.is_admin);
    }
  });
});
