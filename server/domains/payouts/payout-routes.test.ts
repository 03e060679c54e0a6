import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { disabledMember } from '../messaging/messaging-test-support.ts';
import { signUp } from '../properties/property-test-support.ts';
import { payableBooking, payoutHost, setTransfersRefused, transfersOf } from './payout-test-support.ts';

/**
 * Who may call each payout route (ADR 129): admins only, checked on the server, for a guest,
 * another guest, the host being paid, another host, an admin, anonymous and a disabled account;
 * and what bad input gets.
 */

const HEAVY = { timeout: 120_000 };
type Who = 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin' | 'anonymous' | 'disabled';
const EVERYONE: Who[] = ['guest', 'otherGuest', 'host', 'otherHost', 'admin', 'anonymous', 'disabled'];
const ONLY_ADMINS = (adminStatus: number): Record<Who, number> => ({
  guest: 403,
  otherGuest: 403,
  host: 403,
  otherHost: 403,
  admin: adminStatus,
  anonymous: 401,
  disabled: 403,
});

async function scene(ctx: () => TestContext) {
  const [guest, otherGuest, host, otherHost, admin, disabled] = await Promise.all([
    signUp(ctx, 'guest@example.com'),
    signUp(ctx, 'other-guest@example.com'),
    payoutHost(ctx, 'host@example.com'),
    payoutHost(ctx, 'other-host@example.com', { link: 'unlinked' }),
    signUp(ctx, 'admin@example.com', { admin: true }),
    disabledMember(ctx, 'gone@example.com'),
  ]);
  await payableBooking(ctx, { hostId: host.id, guestId: guest.id, paidCents: 1000 });
  const agents: Record<Who, TestAgent> = {
    guest: guest.agent,
    otherGuest: otherGuest.agent,
    host: host.agent,
    otherHost: otherHost.agent,
    admin: admin.agent,
    anonymous: new TestAgent(ctx().app),
    disabled: disabled.agent,
  };
  return { host, otherHost, admin, agents };
}

describeWithApp('payout routes', (ctx) => {
  it('the overview is for admins only', HEAVY, async () => {
    const { agents, host } = await scene(ctx);
    const got: Record<string, number> = {};
    for (const who of EVERYONE) got[who] = (await agents[who].get('/api/admin/payouts')).statusCode;
    expect(got).toEqual(ONLY_ADMINS(200));
    const body = (await agents.admin.get('/api/admin/payouts')).json();
    expect(body.hosts).toEqual([
      expect.objectContaining({ host_id: host.id, connect: 'connected', payable_cents: 850 }),
    ]);
    expect(body.hosts[0].bookings).toHaveLength(1);
    expect(body.total_payable_cents).toBe(850);
  });

  it('only an admin can pay one host, pay all or retry; nobody else moves money', HEAVY, async () => {
    const { agents, host, otherHost } = await scene(ctx);
    const routes = {
      payHost: `/api/admin/payouts/hosts/${host.id}/pay`,
      payAll: '/api/admin/payouts/pay-all',
      retry: `/api/admin/payouts/${randomUUID()}/retry`,
    };
    for (const [name, url] of Object.entries(routes)) {
      const got: Record<string, number> = {};
      for (const who of EVERYONE.filter((one) => one !== 'admin')) {
        got[who] = (await agents[who].post(url, {})).statusCode;
      }
      expect(got, name).toEqual(
        Object.fromEntries(Object.entries(ONLY_ADMINS(0)).filter(([who]) => who !== 'admin')),
      );
    }
    expect(await transfersOf(ctx)).toEqual([]);

    const paid = await agents.admin.post(routes.payHost, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'paid', amount_cents: 850 });
    const skipped = await agents.admin.post(`/api/admin/payouts/hosts/${otherHost.id}/pay`, {});
    expect(skipped.json()).toMatchObject({ outcome: 'skipped', skip_reason: 'nothing_payable' });
    const all = await agents.admin.post(routes.payAll, {});
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ paid_count: 0, results: [] });
    expect((await agents.admin.post(routes.retry, {})).statusCode).toBe(404);
    const notFailed = await agents.admin.post(`/api/admin/payouts/${paid.json().payout_id}/retry`, {});
    expect(notFailed.statusCode).toBe(409);
    expect(await transfersOf(ctx)).toHaveLength(1);
  });

  it('a failed payout is retried by an admin; bad ids get 400 naming the field', HEAVY, async () => {
    const { agents, host } = await scene(ctx);
    await setTransfersRefused(ctx, host.id, true);
    const failed = await agents.admin.post(`/api/admin/payouts/hosts/${host.id}/pay`, {});
    expect(failed.json()).toMatchObject({ outcome: 'failed', amount_cents: 850 });
    const retryUrl = `/api/admin/payouts/${failed.json().payout_id}/retry`;
    const got: Record<string, number> = {};
    for (const who of EVERYONE.filter((one) => one !== 'admin')) {
      got[who] = (await agents[who].post(retryUrl, {})).statusCode;
    }
    expect(got.host).toBe(403);
    expect(got.anonymous).toBe(401);
    await setTransfersRefused(ctx, host.id, false);
    const retried = await agents.admin.post(retryUrl, {});
    expect(retried.json()).toMatchObject({ outcome: 'paid', amount_cents: 850 });

    const bad = await agents.admin.post('/api/admin/payouts/not-a-uuid/retry', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('payoutId');
    for (const hostId of ['x'.repeat(65), 'a%00b', 'a%20b']) {
      const refused = await agents.admin.post(`/api/admin/payouts/hosts/${hostId}/pay`, {});
      expect(refused.statusCode, hostId).toBe(400);
      expect(refused.json().fields[0].field).toBe('hostId');
    }
  });
  it(
    'test mode: only an account’s own host may restrict it, and the host then reads as not connected',
    HEAVY,
    async () => {
      const { agents, host, admin } = await scene(ctx);
      const url = `/api/payments/test-connect/acct_test_${host.id}/restrict`;
      const got: Record<string, number> = {};
      for (const who of EVERYONE.filter((one) => one !== 'host'))
        got[who] = (await agents[who].post(url, {})).statusCode;
      expect(got).toEqual({
        guest: 403,
        otherGuest: 403,
        otherHost: 403,
        admin: 403,
        anonymous: 401,
        disabled: 403,
      });
      expect((await agents.host.post(url, {})).statusCode).toBe(204);
      const profile = await ctx()
        .services.db.selectFrom('profiles')
        .select('is_stripe_connected')
        .where('id', '=', host.id)
        .executeTakeFirstOrThrow();
      expect(profile.is_stripe_connected).toBe(false);
      expect(await ctx().services.payouts.payHost(host.id, admin.id)).toMatchObject({
        outcome: 'skipped',
        skip_reason: 'not_connected',
        amount_cents: 850,
      });
    },
  );
});
