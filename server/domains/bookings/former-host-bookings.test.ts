import { expect, it } from 'vitest';
import { describeWithApp, type TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import { signUp } from '../properties/property-test-support.ts';
import { bookOk, holdWithCheckout, publishedBathroom, startIn } from './booking-test-support.ts';

/** PRODUCT.md, Providers: revoking a provider cancels their bookings still ahead, fully refunded. */

const pay = (ctx: () => TestContext, sessionId: string) =>
  new TestAgent(ctx().app).post(`/api/payments/test-checkout/${sessionId}/pay`);

const statusOf = async (ctx: () => TestContext, bookingId: string) =>
  (
    await ctx()
      .services.db.selectFrom('bookings')
      .select('status')
      .where('id', '=', bookingId)
      .executeTakeFirstOrThrow()
  ).status;

const refundsOf = (ctx: () => TestContext, bookingId: string) =>
  ctx()
    .services.db.selectFrom('booking_refunds')
    .select(['amount_cents', 'status'])
    .where('booking_id', '=', bookingId)
    .execute();

const typesOf = async (ctx: () => TestContext, userId: string) =>
  (
    await ctx()
      .services.db.selectFrom('notifications')
      .select('notification_type')
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.notification_type);

/** A host approved through a provider request (so it can be revoked), with a bathroom and bookings. */
async function hostWithBookings(ctx: () => TestContext) {
  const admin = await signUp(ctx, 'admin@example.com', { admin: true });
  const host = await signUp(ctx, 'host@example.com');
  const guest = await signUp(ctx, 'guest@example.com');
  const holder = await signUp(ctx, 'holder@example.com');
  const otherHost = await signUp(ctx, 'other-host@example.com', { provider: true });
  const request = await host.agent.post('/api/provider-requests', {
    first_name: 'Hana',
    last_name: 'Host',
    email: 'host@example.com',
  });
  expect(request.statusCode).toBe(201);
  const requestId = request.json().id as string;
  expect((await admin.agent.post(`/api/admin/provider-requests/${requestId}/approve`)).statusCode).toBe(200);

  const bathroomId = await publishedBathroom(ctx, host.id, { priceCents: 1200 });
  const paid = await holdWithCheckout(guest, bathroomId, startIn(2), 60);
  expect((await pay(ctx, paid.sessionId)).statusCode).toBe(200);
  await ctx().services.bookings.paymentsSettled();
  expect(await statusOf(ctx, paid.booking.id)).toBe('confirmed');
  const hold = await bookOk(holder, bathroomId, startIn(3), 30);
  const elsewhere = await bookOk(
    guest,
    await publishedBathroom(ctx, otherHost.id, { priceCents: 900 }),
    startIn(2),
    60,
  );
  return { admin, host, guest, holder, requestId, paidId: paid.booking.id, holdId: hold.id, elsewhere };
}

describeWithApp('bookings of a host whose provider access is revoked', (ctx) => {
  it('revoking cancels the host’s bookings still ahead with full refunds, and no one else’s', async () => {
    const cast = await hostWithBookings(ctx);
    const revoked = await cast.admin.agent.post(`/api/admin/provider-requests/${cast.requestId}/revoke`);
    expect(revoked.statusCode).toBe(200);
    await ctx().services.bookings.paymentsSettled();

    expect(await statusOf(ctx, cast.paidId)).toBe('cancelled');
    expect(await refundsOf(ctx, cast.paidId)).toEqual([{ amount_cents: 1200, status: 'succeeded' }]);
    expect(await statusOf(ctx, cast.holdId)).toBe('cancelled');
    expect(await refundsOf(ctx, cast.holdId)).toEqual([]);
    expect(await statusOf(ctx, cast.elsewhere.id)).toBe('pending_payment');

    expect(await typesOf(ctx, cast.guest.id)).toContain('RESERVATION_CANCELLED');
    expect(await typesOf(ctx, cast.holder.id)).toContain('RESERVATION_CANCELLED');
    const guestView = (await cast.guest.agent.get(`/api/bookings/${cast.paidId}`)).json();
    expect(guestView).toMatchObject({ status: 'cancelled', amount_refunded_cents: 1200 });
  });

  it('the minute sweep cancels what a revocation left behind, once', async () => {
    const cast = await hostWithBookings(ctx);
    // As if the process stopped right after the revocation committed.
    await updateProfile(ctx().services.db, cast.host.id, { is_provider: false });

    expect(await ctx().services.bookings.cancelFormerHostBookings()).toBe(2);
    await ctx().services.bookings.paymentsSettled();
    expect(await statusOf(ctx, cast.paidId)).toBe('cancelled');
    expect(await statusOf(ctx, cast.holdId)).toBe('cancelled');
    expect(await statusOf(ctx, cast.elsewhere.id)).toBe('pending_payment');
    expect(await ctx().services.bookings.cancelFormerHostBookings()).toBe(0);
    const cancellations = (await typesOf(ctx, cast.guest.id)).filter((t) => t === 'RESERVATION_CANCELLED');
    expect(cancellations).toHaveLength(1);
  });
});
