import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { publishedBathroom } from '../bookings/booking-test-support.ts';
import { disabledMember, pastBooking } from '../messaging/messaging-test-support.ts';
import { fileRequestOk, refundCast } from '../refunds/refund-test-support.ts';
import { startOfUtcDay, startOfUtcWeek } from './admin-dashboard.ts';

describe('dashboard periods', () => {
  it('counts today from midnight UTC and the week from Monday 00:00 UTC', () => {
    const sunday = new Date('2026-11-29T23:30:00Z');
    expect(startOfUtcDay(sunday).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(startOfUtcWeek(sunday).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfUtcWeek(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(startOfUtcWeek(new Date('2026-11-27T15:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });
});

/** GET /api/admin/overview: the /admin dashboard's figures (ADR 133), each against what happened. */
describeWithApp('admin dashboard figures', (ctx) => {
  const figures = async (agent: TestAgent) => {
    const response = await agent.get('/api/admin/overview');
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers only admins (the matrix)', async () => {
    const cast = await refundCast(ctx);
    const disabled = await disabledMember(ctx, 'disabled@example.com');
    const expected: [string, TestAgent, number][] = [
      ['anonymous', new TestAgent(ctx().app), 401],
      ['guest', cast.guest.agent, 403],
      ['other guest', cast.otherGuest.agent, 403],
      ['host', cast.host.agent, 403],
      ['other host', cast.otherHost.agent, 403],
      ['disabled', disabled.agent, 403],
      ['admin', cast.admin.agent, 200],
    ];
    for (const [who, agent, status] of expected) {
      expect((await agent.get('/api/admin/overview')).statusCode, who).toBe(status);
    }
  });

  it("counts today's bookings, those under way, the week's money and the requests waiting", async () => {
    const cast = await refundCast(ctx);
    const { db } = ctx().services;
    // Confirmed days ago: not one of today's.
    const bathroomId = await publishedBathroom(ctx, cast.host.id);
    await pastBooking(ctx, { guestId: cast.otherGuest.id, bathroomId, endedDaysAgo: 3 });

    let dashboard = await figures(cast.admin.agent);
    expect(dashboard.figures).toMatchObject({
      bookings_today: 1,
      active_now: 0,
      revenue_week_cents: 1200,
      commission_week_cents: 180,
      open_refund_requests: 0,
      pending_provider_requests: 0,
    });
    expect(dashboard.figures.new_users).toBe(dashboard.counts.recent_signups);

    // The paid booking is under way now.
    const now = Date.now();
    await db
      .updateTable('bookings')
      .set({ starts_at: new Date(now - 10 * 60_000), ends_at: new Date(now + 50 * 60_000) })
      .where('id', '=', cast.bookingId)
      .execute();
    const request = await fileRequestOk(cast.guest, cast.bookingId, 800);
    const asked = await cast.otherGuest.agent.post('/api/provider-requests', {
      first_name: 'Olga',
      last_name: 'Other',
      email: 'olga@example.com',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    dashboard = await figures(cast.admin.agent);
    expect(dashboard.figures).toMatchObject({
      active_now: 1,
      open_refund_requests: 1,
      pending_provider_requests: 1,
    });

    // A partial refund comes off the week's revenue, and its share of the commission with it.
    const approved = await cast.admin.agent.post(`/api/refund-requests/${request.id}/approve`, {
      amountCents: 500,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    dashboard = await figures(cast.admin.agent);
    expect(dashboard.figures).toMatchObject({
      revenue_week_cents: 700,
      commission_week_cents: 105,
      open_refund_requests: 0,
    });
    expect(dashboard.recent_actions[0]).toMatchObject({
      action: 'refund_request.approved',
      actor_id: cast.admin.id,
    });
    // Only notices meant for admins, newest first.
    const types = dashboard.recent_notices.map(
      (notice: { notification_type: string }) => notice.notification_type,
    );
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) expect(type).toMatch(/^(ADMIN_|BECOME_PROVIDER_REQUEST$|USER_REGISTERED$)/);
    expect(types[0]).toBe('ADMIN_REFUND_PROCESSED');
  });
});
