import { expect } from 'vitest';
import type { Message } from '../../../common/schemas/messages.ts';
import type { BookingStatus } from '../../db/types.ts';
import type { TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { updateProfile } from '../auth/repository.ts';
import {
  bookingCast,
  holdWithCheckout,
  publishedBathroom,
  startIn,
} from '../bookings/booking-test-support.ts';
import { type Member, signUp } from '../properties/property-test-support.ts';

/** Helpers shared by the messaging integration tests. */

export type MessagingCast = Awaited<ReturnType<typeof bookingCast>> & {
  bathroomId: string;
  /** A confirmed (paid) booking of the guest at the host's bathroom. */
  bookingId: string;
};

/** Holds a slot and pays for it through the built-in test provider: the booking is confirmed. */
export async function confirmedBooking(
  ctx: () => TestContext,
  guest: Member,
  bathroomId: string,
  startsAt = startIn(2),
): Promise<string> {
  const hold = await holdWithCheckout(guest, bathroomId, startsAt);
  const paid = await new TestAgent(ctx().app).post(`/api/payments/test-checkout/${hold.sessionId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  const row = await ctx()
    .services.db.selectFrom('bookings')
    .select('status')
    .where('id', '=', hold.booking.id)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('confirmed');
  return hold.booking.id;
}

export async function messagingCast(ctx: () => TestContext): Promise<MessagingCast> {
  const cast = await bookingCast(ctx);
  await Promise.all(
    [cast.host, cast.guest].map((member, index) =>
      updateProfile(ctx().services.db, member.id, { first_name: index === 0 ? 'Hana' : 'Gina' }),
    ),
  );
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  const bookingId = await confirmedBooking(ctx, cast.guest, bathroomId);
  return { ...cast, bathroomId, bookingId };
}

/** A signed-in account that is then disabled (profile deleted): every guarded route refuses it. */
export async function disabledMember(ctx: () => TestContext, email: string): Promise<Member> {
  const member = await signUp(ctx, email);
  await updateProfile(ctx().services.db, member.id, { is_deleted: true });
  return member;
}

/**
 * A booking written straight into the table, for times the booking routes refuse (the past):
 * `endedDaysAgo` days before now it ended; completed unless told otherwise.
 */
export async function pastBooking(
  ctx: () => TestContext,
  options: {
    guestId: string;
    bathroomId: string;
    endedDaysAgo: number;
    status?: BookingStatus;
    confirmed?: boolean;
  },
): Promise<string> {
  const endsAt = new Date(Date.now() - options.endedDaysAgo * 86_400_000);
  endsAt.setUTCSeconds(0, 0);
  const startsAt = new Date(endsAt.getTime() - 60 * 60_000);
  const status = options.status ?? 'completed';
  const confirmed = options.confirmed ?? true;
  const row = await ctx()
    .services.db.insertInto('bookings')
    .values({
      bathroom_id: options.bathroomId,
      guest_id: options.guestId,
      status,
      starts_at: startsAt,
      ends_at: endsAt,
      duration_minutes: 60,
      cleaning_buffer_minutes: 0,
      hourly_price_cents: 1200,
      price_cents: 1200,
      hold_expires_at: status === 'pending_payment' ? new Date(Date.now() + 600_000) : null,
      confirmed_at: confirmed ? new Date(startsAt.getTime() - 86_400_000) : null,
      completed_at: status === 'completed' ? endsAt : null,
      cancelled_at: status === 'cancelled' ? endsAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function sendOk(member: Member, bookingId: string, content: string, clientId?: string) {
  const response = await member.agent.post(`/api/messages/${bookingId}`, {
    content,
    ...(clientId ? { clientId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { message: Message }).message;
}

export const deleteMessage = (member: Member, bookingId: string, messageId: string) =>
  member.agent.request('DELETE', `/api/messages/${bookingId}/${messageId}`);

export async function unreadCount(member: Member): Promise<number> {
  const response = await member.agent.get('/api/messages/unread-count');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { count: number }).count;
}
