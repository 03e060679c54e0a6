import { expect } from 'vitest';
import type { TestContext } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import {
  bookingCast,
  holdWithCheckout,
  publishedBathroom,
  startIn,
} from '../bookings/booking-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';

/** Helpers shared by the blackout integration tests. */

export const hoursFrom = (instant: Date, hours: number) => new Date(instant.getTime() + hours * 3_600_000);

export const range = (start: Date, hours: number) => ({
  startsAt: start.toISOString(),
  endsAt: hoursFrom(start, hours).toISOString(),
});

export const pay = (ctx: () => TestContext, sessionId: string) =>
  new TestAgent(ctx().app).post(`/api/payments/test-checkout/${sessionId}/pay`);

/** A confirmed, paid booking of `member` (60 minutes at $12.00 an hour → 1200 cents paid). */
export async function paidBookingOf(ctx: () => TestContext, member: Member, bathroomId: string, start: Date) {
  const hold = await holdWithCheckout(member, bathroomId, start, 60);
  expect((await pay(ctx, hold.sessionId)).statusCode).toBe(200);
  await ctx().services.bookings.paymentsSettled();
  return hold.booking.id;
}

/** The booking cast, a published bathroom of the host and one confirmed booking two days ahead at 15:00 UTC. */
export async function blackoutScene(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  const bathroomId = await publishedBathroom(ctx, cast.host.id, { priceCents: 1200 });
  const bookingStart = startIn(2, 15);
  const bookingId = await paidBookingOf(ctx, cast.guest, bathroomId, bookingStart);
  return { ...cast, bathroomId, bookingId, bookingStart };
}

export async function typesOf(ctx: () => TestContext, userId: string): Promise<string[]> {
  const rows = await ctx()
    .services.db.selectFrom('notifications')
    .select('notification_type')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.notification_type);
}

export const countOf = (types: string[], type: string) => types.filter((name) => name === type).length;
