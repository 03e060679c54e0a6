import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import { payableBooking, payoutHost, setTransfersRefused } from '../payouts/payout-test-support.ts';
import { fileRequestOk, refundCast } from '../refunds/refund-test-support.ts';
import { GUEST_REVIEW, HOST_REVIEW, reviewCast, writeOk } from '../reviews/review-test-support.ts';
import { auditEntriesOf } from './audit-test-support.ts';

/**
 * Every admin action the older domains offer records itself in the audit log (ADR 133), with the
 * admin, the target and what changed, in the action's own transaction.
 */
describeWithApp('admin actions in the audit log', (ctx) => {
  it('provider requests: approve, reject and revoke', async () => {
    const { admin } = await refundCast(ctx);
    const ids: string[] = [];
    for (const email of ['ann@example.com', 'bob@example.com']) {
      const agent = new TestAgent(ctx().app);
      await signUpAndSignIn(agent, { email, password: 'a long enough password' });
      const created = await agent.post('/api/provider-requests', {
        first_name: 'Ann',
        last_name: 'Lee',
        email,
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const [first, second] = ids as [string, string];
    for (const [id, verb] of [
      [first, 'approve'],
      [second, 'reject'],
      [first, 'revoke'],
    ] as const) {
      const response = await admin.agent.post(`/api/admin/provider-requests/${id}/${verb}`);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await auditEntriesOf(ctx().services, 'provider_request.approved', first)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        before: { status: 'pending' },
        after: expect.objectContaining({ status: 'approved' }),
      }),
    ]);
    expect(await auditEntriesOf(ctx().services, 'provider_request.rejected', second)).toHaveLength(1);
    const [revoked] = await auditEntriesOf(ctx().services, 'provider_request.revoked', first);
    expect(revoked?.summary).toMatch(/^Revoked Ann Lee/);
  });

  it('refund requests: approve part, deny with the reason', async () => {
    const cast = await refundCast(ctx);
    const request = await fileRequestOk(cast.guest, cast.bookingId, 800);
    const approved = await cast.admin.agent.post(`/api/refund-requests/${request.id}/approve`, {
      amountCents: 500,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await auditEntriesOf(ctx().services, 'refund_request.approved', request.id)).toEqual([
      expect.objectContaining({
        actor_id: cast.admin.id,
        summary: 'Approved a refund of $5.00 of $8.00 asked',
        after: expect.objectContaining({ status: 'partially_approved', approved_cents: 500 }),
      }),
    ]);

    const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
    const other = await confirmedBooking(ctx, cast.guest, bathroomId, startIn(2));
    const second = await fileRequestOk(cast.guest, other, 300);
    await cast.admin.agent.post(`/api/refund-requests/${second.id}/deny`, {
      reason: 'Photos show it clean.',
    });
    expect(await auditEntriesOf(ctx().services, 'refund_request.denied', second.id)).toEqual([
      expect.objectContaining({ reason: 'Photos show it clean.', after: { status: 'denied' } }),
    ]);
  });

  it("an admin's cancellation; a guest's own is not an admin action", async () => {
    const cast = await refundCast(ctx);
    const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
    const own = await confirmedBooking(ctx, cast.guest, bathroomId, startIn(3));
    expect((await cast.guest.agent.post(`/api/bookings/${own}/cancel`, {})).statusCode).toBe(200);
    const cancelled = await cast.admin.agent.post(`/api/bookings/${cast.bookingId}/cancel`, {
      reason: 'Host asked us to.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await auditEntriesOf(ctx().services, 'booking.cancelled', cast.bookingId)).toEqual([
      expect.objectContaining({
        actor_id: cast.admin.id,
        reason: 'Host asked us to.',
        before: { status: 'confirmed' },
        after: { status: 'cancelled', refund_cents: 1200 },
      }),
    ]);
    expect(await auditEntriesOf(ctx().services, 'booking.cancelled', own)).toEqual([]);
  });

  it('a hidden review', async () => {
    const cast = await reviewCast(ctx);
    const guestSide = await writeOk(cast.guest, cast.bookingId, GUEST_REVIEW);
    await writeOk(cast.host, cast.bookingId, HOST_REVIEW);
    const reviewId = guestSide.mine?.id as string;
    const hidden = await cast.admin.agent.post(`/api/reviews/${reviewId}/hide`, { reason: 'Spam.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await auditEntriesOf(ctx().services, 'review.hidden', reviewId)).toEqual([
      expect.objectContaining({
        actor_id: cast.admin.id,
        reason: 'Spam.',
        summary: "Hid a 4-star guest's review",
      }),
    ]);
  });

  it('payouts: paid by an admin, and a failed one retried', async () => {
    const { services } = ctx();
    const cast = await refundCast(ctx);
    const host = await payoutHost(ctx, 'payee@example.com', { refuses: true });
    await payableBooking(ctx, { hostId: host.id, guestId: cast.guest.id, paidCents: 4000 });
    const failed = await services.payouts.payHost(host.id, cast.admin.id);
    expect(failed.outcome).toBe('failed');
    await setTransfersRefused(ctx, host.id, false);
    const retried = await services.payouts.retry(failed.payout_id as string, cast.admin.id);
    expect(retried.outcome).toBe('paid');
    expect(await auditEntriesOf(ctx().services, 'payout.requested', failed.payout_id as string)).toEqual([
      expect.objectContaining({
        actor_id: cast.admin.id,
        summary: 'Paid out $34.00 to a host (1 booking)',
        after: { host_id: host.id, amount_cents: 3400, run_id: null },
      }),
    ]);
    expect(await auditEntriesOf(ctx().services, 'payout.retried', retried.payout_id as string)).toEqual([
      expect.objectContaining({ before: { failed_payout_id: failed.payout_id } }),
    ]);
  });
});
