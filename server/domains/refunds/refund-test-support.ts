import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { bookingCast, publishedBathroom, startIn } from '../bookings/booking-test-support.ts';
import { confirmedBooking } from '../messaging/messaging-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';

/** Helpers shared by the refund request tests (ADR 126). */

export type RefundCast = Awaited<ReturnType<typeof bookingCast>> & { bookingId: string; paidCents: number };

/** The usual cast, with a paid (confirmed) booking of the guest at the host's $12/hour bathroom. */
export async function refundCast(ctx: () => TestContext): Promise<RefundCast> {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
  const bookingId = await confirmedBooking(ctx, cast.guest, bathroomId, startIn(1));
  const { amount_paid_cents } = await money(ctx, bookingId);
  expect(amount_paid_cents).toBe(1200);
  return { ...cast, bookingId, paidCents: amount_paid_cents };
}

export const money = (ctx: () => TestContext, bookingId: string) =>
  ctx()
    .services.db.selectFrom('bookings')
    .select(['amount_paid_cents', 'amount_refunded_cents', 'amount_refund_settled_cents'])
    .where('id', '=', bookingId)
    .executeTakeFirstOrThrow();

export async function fileRequest(
  member: Member,
  bookingId: string,
  amountCents: number,
  extra: object = {},
) {
  return member.agent.post('/api/refund-requests', {
    bookingId,
    reason: 'not_clean',
    description: 'The sink was dirty and there was no soap.',
    amountCents,
    ...extra,
  });
}

export async function fileRequestOk(member: Member, bookingId: string, amountCents: number) {
  const response = await fileRequest(member, bookingId, amountCents);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { request: { id: string; status: string } }).request;
}

/** Notification types each user got, in order. */
export async function noticesOf(ctx: () => TestContext, userId: string, prefix = '') {
  const rows = await ctx()
    .services.db.selectFrom('notifications')
    .select(['notification_type', 'message'])
    .where('user_id', '=', userId)
    .where('notification_type', 'like', `${prefix}%`)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.notification_type);
}
