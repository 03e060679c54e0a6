import { describe, expect, it } from 'vitest';
import { draftPublishStep } from '../../../common/connect-return.ts';
import { AppError } from '../../http/errors.ts';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { createDraft, signUp } from '../properties/property-test-support.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentService } from './payment-service.ts';

/** Onboarding returns to where it was started, and only to an allow-listed Privy page (ADR 117). */

const APP = 'http://localhost:3000';
const accountIdIn = (url: string) => new URL(url).pathname.split('/').pop() as string;
const back = (target: string) => `${APP}/stripe-connect?return=1&return_to=${encodeURIComponent(target)}`;

const REFUSED = [
  'https://evil.example/manage/properties',
  '//evil.example/manage/properties',
  '/\\evil.example',
  'javascript:alert(1)',
  '/manage/properties/../../login',
  '/manage/properties?next=https://evil.example',
  '/login',
  '/manage/properties\u0000',
  'x'.repeat(500),
];

const storedReturn = (ctx: () => TestContext, accountId: string) =>
  ctx()
    .services.db.selectFrom('test_connect_accounts')
    .select(['return_url', 'refresh_url'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();

describeWithApp('payments: where onboarding returns to', (ctx) => {
  it('comes back to the page it was started from: the draft’s publish step, My bathrooms, a listing, itself', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const targets = [
      draftPublishStep(draft.id),
      `/manage/add-property?draft=${draft.id}`,
      '/manage/properties',
      `/manage/properties/${draft.id}`,
      '/stripe-connect',
      '/manage/stripe-connect',
    ];
    for (const target of targets) {
      const started = await paula.agent.post('/api/payments/connect', { return_to: target });
      expect(started.statusCode, `${target}: ${started.body}`).toBe(200);
      const accountId = accountIdIn(started.json().url);
      expect(await storedReturn(ctx, accountId)).toEqual({
        return_url: back(target),
        refresh_url: `${APP}/stripe-connect?refresh=1&return_to=${encodeURIComponent(target)}`,
      });
    }

    // Leaving and completing both go back through /stripe-connect with the target kept.
    const started = await paula.agent.post('/api/payments/connect', {
      return_to: draftPublishStep(draft.id),
    });
    const accountId = accountIdIn(started.json().url);
    const left = await paula.agent.post(`/api/payments/test-connect/${accountId}/leave`);
    expect(left.json()).toEqual({ redirectTo: back(draftPublishStep(draft.id)) });
    const completed = await paula.agent.post(`/api/payments/test-connect/${accountId}/complete`);
    expect(completed.json()).toEqual({ redirectTo: back(draftPublishStep(draft.id)) });

    // Without a target, as before: back to /stripe-connect; a POST with no body at all works too.
    const bare = await paula.agent.request('POST', '/api/payments/connect');
    expect(bare.statusCode, bare.body).toBe(200);
    const plain = await paula.agent.post('/api/payments/connect');
    expect((await storedReturn(ctx, accountIdIn(plain.json().url))).return_url).toBe(
      `${APP}/stripe-connect?return=1`,
    );
  });

  it('refuses any other target with 400 naming return_to, and starts nothing', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    for (const target of REFUSED) {
      const refused = await paula.agent.post('/api/payments/connect', { return_to: target });
      expect(refused.statusCode, JSON.stringify(target)).toBe(400);
      expect(refused.json().error).toBe('validation_error');
      expect(JSON.stringify(refused.json().fields), JSON.stringify(target)).toContain('return_to');
    }
    const unknownField = await paula.agent.post('/api/payments/connect', { redirect: '/manage/properties' });
    expect(unknownField.statusCode).toBe(400);
    const profile = await ctx()
      .services.db.selectFrom('profiles')
      .select('stripe_connect_id')
      .where('id', '=', paula.id)
      .executeTakeFirstOrThrow();
    expect(profile.stripe_connect_id).toBeNull();
    expect(await ctx().services.db.selectFrom('test_connect_accounts').selectAll().execute()).toEqual([]);
  });

  it('lets only a host start onboarding, whatever the target; another host cannot finish someone else’s', async () => {
    const paula = await signUp(ctx, 'paula@example.com', { provider: true });
    const draft = await createDraft(paula);
    const hector = await signUp(ctx, 'hector@example.com', { provider: true });
    const guest = await signUp(ctx, 'guest@example.com');
    const admin = await signUp(ctx, 'ada@example.com', { admin: true });
    const gone = await signUp(ctx, 'gone@example.com', { provider: true });
    await updateProfile(ctx().services.db, gone.id, { is_deleted: true });
    const body = { return_to: draftPublishStep(draft.id) };

    expect((await new TestAgent(ctx().app).post('/api/payments/connect', body)).statusCode).toBe(401);
    expect((await guest.agent.post('/api/payments/connect', body)).json().error).toBe('forbidden');
    expect((await admin.agent.post('/api/payments/connect', body)).statusCode).toBe(403);
    const disabled = await gone.agent.post('/api/payments/connect', body);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().error).toBe('account_disabled');

    const started = await paula.agent.post('/api/payments/connect', body);
    expect(started.statusCode).toBe(200);
    const accountId = accountIdIn(started.json().url);
    // Another host cannot complete Paula's onboarding, nor follow it to her draft.
    const other = await hector.agent.post(`/api/payments/test-connect/${accountId}/complete`);
    expect(other.statusCode).toBe(403);
    expect((await hector.agent.get(`/api/properties/${draft.id}`)).statusCode).toBe(403);
    // Hector's own onboarding may name Paula's draft as a path, but it is only a path: the draft
    // page itself still refuses him (above), so nothing of hers is exposed or changed.
    expect((await hector.agent.post('/api/payments/connect', body)).statusCode).toBe(200);
  });
});

describe('payments: Stripe Connect return URLs', () => {
  function recordingProvider() {
    const links: { refreshUrl: string; returnUrl: string }[] = [];
    const provider = {
      kind: 'stripe',
      createConnectAccount: async () => ({ accountId: 'acct_1Stripe' }),
      createAccountLink: async (input: { refreshUrl: string; returnUrl: string }) => {
        links.push({ refreshUrl: input.refreshUrl, returnUrl: input.returnUrl });
        return { url: 'https://connect.stripe.com/setup/e/acct_1Stripe/abc' };
      },
    } as unknown as PaymentProvider;
    const service = createPaymentService({
      db: null as never,
      config: { appUrl: APP, stripe: null } as never,
      directory: {
        linkStripeAccount: async () => null,
        setStripeConnected: async () => undefined,
      } as never,
      log: { error: () => undefined, info: () => undefined },
      provider,
    });
    return { service, links };
  }
  const host = {
    userId: 'user-1',
    email: 'host@example.com',
    profile: { is_provider: true, stripe_connect_id: null, is_stripe_connected: false },
  };

  it('sends Stripe the same return and refresh URLs, carrying the checked target', async () => {
    const { service, links } = recordingProvider();
    await service.startConnect(host, '/manage/properties');
    expect(links).toEqual([
      {
        refreshUrl: `${APP}/stripe-connect?refresh=1&return_to=%2Fmanage%2Fproperties`,
        returnUrl: `${APP}/stripe-connect?return=1&return_to=%2Fmanage%2Fproperties`,
      },
    ]);
  });

  it('refuses an off-list target in the service too (the page action calls it directly)', async () => {
    const { service, links } = recordingProvider();
    for (const target of REFUSED) {
      const refused = await service.startConnect(host, target).catch((error: unknown) => error);
      expect(refused, JSON.stringify(target)).toBeInstanceOf(AppError);
      expect((refused as AppError).code).toBe('validation_error');
    }
    expect(links).toEqual([]);
  });
});
