import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { signUp } from '../properties/property-test-support.ts';

/** Connect onboarding for hosts, on the test provider (the same service code runs for Stripe). */

const profileOf = (ctx: () => TestContext, id: string) =>
  ctx()
    .services.db.selectFrom('profiles')
    .select(['stripe_connect_id', 'is_stripe_connected'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const accountIdIn = (url: string) => new URL(url).pathname.split('/').pop() as string;

describeWithApp('payments: Connect onboarding', (ctx) => {
  it('lets a provider start, resume and complete onboarding; the profile follows', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const before = await paula.agent.get('/api/payments/connect');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      provider: 'test',
      account_id: null,
      connected: false,
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
    });

    const started = await paula.agent.post('/api/payments/connect');
    expect(started.statusCode, started.body).toBe(200);
    const url = started.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/test-connect\/acct_test_[0-9a-f]+$/);
    const accountId = accountIdIn(url);
    expect(await profileOf(ctx, paula.id)).toEqual({
      stripe_connect_id: accountId,
      is_stripe_connected: false,
    });

    // Resuming keeps the same account.
    const resumed = await paula.agent.post('/api/payments/connect');
    expect(accountIdIn(resumed.json().url)).toBe(accountId);

    // Leaving unfinished returns to /stripe-connect, still not connected.
    const left = await paula.agent.post(`/api/payments/test-connect/${accountId}/leave`);
    expect(left.json()).toEqual({ redirectTo: 'http://localhost:3000/stripe-connect?return=1' });
    expect((await paula.agent.get('/api/payments/connect')).json().connected).toBe(false);

    const page = await paula.agent.get(`/api/payments/test-connect/${accountId}`);
    expect(page.json()).toEqual({ id: accountId, details_submitted: false });
    const completed = await paula.agent.post(`/api/payments/test-connect/${accountId}/complete`);
    expect(completed.json()).toEqual({ redirectTo: 'http://localhost:3000/stripe-connect?return=1' });
    // account.updated went through the dispatcher and set the flag.
    expect(await profileOf(ctx, paula.id)).toEqual({
      stripe_connect_id: accountId,
      is_stripe_connected: true,
    });
    const recorded = await ctx()
      .services.db.selectFrom('payment_events')
      .select(['provider', 'type'])
      .execute();
    expect(recorded).toEqual([{ provider: 'test', type: 'account.updated' }]);
    expect((await paula.agent.get('/api/payments/connect')).json()).toMatchObject({
      account_id: accountId,
      connected: true,
      details_submitted: true,
      payouts_enabled: true,
    });
  });

  it('brings a stale profile flag up to date when the status is read', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const accountId = accountIdIn((await paula.agent.post('/api/payments/connect')).json().url);
    await paula.agent.post(`/api/payments/test-connect/${accountId}/complete`);
    await updateProfile(ctx().services.db, paula.id, { is_stripe_connected: false });
    expect((await paula.agent.get('/api/payments/connect')).json().connected).toBe(true);
    expect((await profileOf(ctx, paula.id)).is_stripe_connected).toBe(true);
  });

  it('replaces an account the other provider made instead of failing to resume it', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    await updateProfile(ctx().services.db, paula.id, {
      stripe_connect_id: 'acct_1StripeMade',
      is_stripe_connected: true,
    });
    expect((await paula.agent.get('/api/payments/connect')).json()).toMatchObject({
      account_id: null,
      connected: false,
    });
    const started = await paula.agent.post('/api/payments/connect');
    expect(started.statusCode, started.body).toBe(200);
    const accountId = accountIdIn(started.json().url);
    expect(accountId).toMatch(/^acct_test_/);
    expect(await profileOf(ctx, paula.id)).toEqual({
      stripe_connect_id: accountId,
      is_stripe_connected: false,
    });
  });

  it('enforces the authorization matrix on every Connect route', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const accountId = accountIdIn((await paula.agent.post('/api/payments/connect')).json().url);
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const guest = await signUp(ctx, 'guest@example.com');
    const admin = await signUp(ctx, 'ada@example.com', { admin: true });
    const gone = await signUp(ctx, 'gone@example.com', { provider: true });
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const anonymous = new TestAgent(ctx().app);

    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/payments/connect'],
      ['POST', '/api/payments/connect'],
      ['GET', `/api/payments/test-connect/${accountId}`],
      ['POST', `/api/payments/test-connect/${accountId}/complete`],
      ['POST', `/api/payments/test-connect/${accountId}/leave`],
    ];
    const call = (agent: TestAgent, [method, url]: ['GET' | 'POST', string]) =>
      method === 'GET' ? agent.get(url) : agent.post(url);
    for (const route of routes) {
      const name = route.join(' ');
      expect((await call(anonymous, route)).statusCode, `anonymous ${name}`).toBe(401);
      const asGuest = await call(guest.agent, route);
      expect(asGuest.statusCode, `guest ${name}`).toBe(403);
      expect(asGuest.json().error).toBe('forbidden');
      expect((await call(admin.agent, route)).statusCode, `admin ${name}`).toBe(403);
      const disabled = await call(gone.agent, route);
      expect(disabled.statusCode, `disabled ${name}`).toBe(403);
      expect(disabled.json().error).toBe('account_disabled');
    }
    // Another provider has their own onboarding but cannot touch Paula's.
    for (const route of routes.slice(2)) {
      const other = await call(hector.agent, route);
      expect(other.statusCode, `other provider ${route.join(' ')}`).toBe(403);
      expect(other.json().message).toMatch(/another host/);
    }
    expect((await hector.agent.get('/api/payments/connect')).json().account_id).toBeNull();
    expect(await profileOf(ctx, paula.id)).toEqual({
      stripe_connect_id: accountId,
      is_stripe_connected: false,
    });
    expect(await profileOf(ctx, guest.id)).toEqual({ stripe_connect_id: null, is_stripe_connected: false });
    expect(await profileOf(ctx, admin.id)).toEqual({ stripe_connect_id: null, is_stripe_connected: false });
  });
});
