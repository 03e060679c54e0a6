import { RouterContextProvider } from 'react-router';
import { expect, it } from 'vitest';
import { servicesContext } from '../../../app/lib/context.ts';
import { loader as earningsPageLoader } from '../../../app/routes/public/earn-money-bathroom.tsx';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { bookingCast, publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { confirmedBooking, disabledMember } from '../messaging/messaging-test-support.ts';
import { hostLedgerTotals } from '../payouts/ledger-service.ts';
import { fileRequestOk } from '../refunds/refund-test-support.ts';

/**
 * /api/admin/settings (ADR 131): admins read and change the commission and the weekly payout run;
 * a change applies to bookings made after it, the landing pages' calculator shows it, and a refund
 * request records the host's part as the ledger took it at the booking's own rate.
 */
describeWithApp('platform settings', (ctx) => {
  it('answers the defaults on an empty table, and only to admins (the matrix)', async () => {
    const cast = await bookingCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    const anonymous = new TestAgent(ctx().app);
    const expected: [string, TestAgent, number][] = [
      ['anonymous', anonymous, 401],
      ['guest', cast.guest.agent, 403],
      ['other guest', cast.otherGuest.agent, 403],
      ['host', cast.host.agent, 403],
      ['other host', cast.otherHost.agent, 403],
      ['disabled', disabled.agent, 403],
      ['admin', cast.admin.agent, 200],
    ];
    for (const [who, agent, status] of expected) {
      const read = await agent.get('/api/admin/settings');
      expect(read.statusCode, `GET as ${who}`).toBe(status);
      const write = await agent.request('PUT', '/api/admin/settings', { weeklyPayoutsEnabled: true });
      expect(write.statusCode, `PUT as ${who}`).toBe(status);
    }
    // Only the admin's write landed; every other setting is still today's constant.
    const after = await cast.admin.agent.get('/api/admin/settings');
    expect(after.json().settings).toMatchObject({
      commissionPercent: 15,
      commissionBps: 1500,
      freeCancellationMinutes: 60,
      holdMinutes: 15,
      minimumNoticeMinutes: 0,
      maxBookingMinutes: 120,
      defaultCleaningBufferMinutes: 0,
      emailFromName: 'Privy',
      emailFromAddress: 'no-reply@privy.localhost',
      supportEmail: 'support@privy.localhost',
      goNowEnabled: true,
      weeklyPayoutsEnabled: true,
      signupsUnderReview: false,
      updatedBy: cast.admin.id,
    });
    expect(after.json().defaults).toMatchObject({ holdMinutes: 15, weeklyPayoutsEnabled: false });
    const rows = await ctx().services.db.selectFrom('platform_settings').select('key').execute();
    expect(rows.map((row) => row.key)).toEqual(['weekly_payouts_enabled']);
  });

  it('refuses a rate outside 0–50% or with more than two decimals, naming the field', async () => {
    const { admin } = await bookingCast(ctx);
    for (const commissionPercent of [-1, 50.01, 12.345, '15']) {
      const response = await admin.agent.request('PUT', '/api/admin/settings', { commissionPercent });
      expect(response.statusCode, String(commissionPercent)).toBe(400);
      expect(response.json().error).toBe('validation_error');
      expect(JSON.stringify(response.json())).toContain('commissionPercent');
    }
    expect((await admin.agent.request('PUT', '/api/admin/settings', {})).statusCode).toBe(400);
    expect((await admin.agent.request('PUT', '/api/admin/settings', { other: 1 })).statusCode).toBe(400);
    expect(await ctx().services.settings.commissionBps()).toBe(1500);
    for (const [percent, bps] of [
      [0, 0],
      [50, 5000],
      [12.34, 1234],
    ] as const) {
      const response = await admin.agent.request('PUT', '/api/admin/settings', {
        commissionPercent: percent,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().settings).toMatchObject({ commissionPercent: percent, commissionBps: bps });
    }
  });

  it('applies a new rate to bookings made after it; the calculator and refund requests follow it', async () => {
    const { host, guest, admin } = await bookingCast(ctx);
    const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1200 });
    const before = await confirmedBooking(ctx, guest, bathroomId, startIn(1));
    const changed = await admin.agent.request('PUT', '/api/admin/settings', { commissionPercent: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await confirmedBooking(ctx, guest, bathroomId, startIn(2));
    const rates = await ctx()
      .services.db.selectFrom('bookings')
      .select(['id', 'commission_bps'])
      .where('id', 'in', [before, after])
      .execute();
    expect(Object.fromEntries(rates.map((row) => [row.id, row.commission_bps]))).toEqual({
      [before]: 1500,
      [after]: 2000,
    });

    // The public calculator reads the same setting, in its loader.
    const routeContext = new RouterContextProvider();
    routeContext.set(servicesContext, ctx().services);
    const loaded = await earningsPageLoader({
      request: new Request('http://localhost:3000/earn-money-bathroom'),
      context: routeContext,
      params: {},
    } as never);
    expect(loaded.commissionPercent).toBe(20);

    // A $5 refund on the 20% booking: the host's share is 80% of it, as the ledger posts it.
    const request = await fileRequestOk(guest, after, 500);
    const approved = await admin.agent.post(`/api/refund-requests/${request.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().request.host_earnings_reduction_cents).toBe(400);
    expect(await hostLedgerTotals(ctx().services.db, host.id)).toMatchObject({ refundedCents: 400 });
  });
});
