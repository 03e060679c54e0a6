import { sql } from 'kysely';
import { expect } from 'vitest';
import type { BookingReviews } from '../../../common/schemas/reviews.ts';
import type { BookingStatus } from '../../db/types.ts';
import type { TestContext } from '../../test/harness.ts';
import { updateProfile } from '../auth/repository.ts';
import { bookingCast, publishedBathroom } from '../bookings/booking-test-support.ts';
import { pastBooking } from '../messaging/messaging-test-support.ts';
import type { Member } from '../properties/property-test-support.ts';

/** Helpers shared by the reviews tests (ADR 124). */

export const GUEST_REVIEW = {
  rating: 4,
  cleanliness: 5,
  accuracy: 4,
  communication: 3,
  comment: 'Spotless.',
};
export const HOST_REVIEW = { rating: 5, privateNote: 'Left it as found. Welcome back.' };

/** A booking that ended `endedDaysAgo` days ago; completed and checked in unless told otherwise. */
export async function reviewableBooking(
  ctx: () => TestContext,
  guestId: string,
  bathroomId: string,
  options: { endedDaysAgo?: number; status?: BookingStatus; checkedIn?: boolean } = {},
): Promise<string> {
  const id = await pastBooking(ctx, {
    guestId,
    bathroomId,
    endedDaysAgo: options.endedDaysAgo ?? 1,
    ...(options.status ? { status: options.status } : {}),
  });
  if (options.checkedIn ?? true) {
    await ctx()
      .services.db.updateTable('bookings')
      .set((eb) => ({ checked_in_at: eb.ref('starts_at') }))
      .where('id', '=', id)
      .execute();
  }
  return id;
}

export async function reviewCast(ctx: () => TestContext) {
  const cast = await bookingCast(ctx);
  await updateProfile(ctx().services.db, cast.guest.id, { first_name: 'Gina' });
  const bathroomId = await publishedBathroom(ctx, cast.host.id);
  const bookingId = await reviewableBooking(ctx, cast.guest.id, bathroomId);
  return { ...cast, bathroomId, bookingId };
}

export async function writeOk(member: Member, bookingId: string, body: object): Promise<BookingReviews> {
  const response = await member.agent.request('PUT', `/api/reviews/bookings/${bookingId}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BookingReviews;
}

/** The bathroom's stored figures next to a fresh aggregate of its shown guest reviews. */
export async function storedAndFresh(ctx: () => TestContext, bathroomIds: string[]) {
  const db = ctx().services.db;
  const stored = await db
    .selectFrom('bathrooms')
    .select([
      'id',
      (eb) => eb.cast<string>('rating_average', 'text').as('average'),
      'rating_count as count',
      (eb) => eb.cast<string>('rating_cleanliness', 'text').as('cleanliness'),
      (eb) => eb.cast<string>('rating_accuracy', 'text').as('accuracy'),
      (eb) => eb.cast<string>('rating_communication', 'text').as('communication'),
    ])
    .where('id', 'in', bathroomIds)
    .orderBy('id')
    .execute();
  const fresh = await sql<(typeof stored)[number]>`
    select b.id, round(avg(r.rating), 1)::text as average, count(r.id)::int as count,
           round(avg(r.cleanliness), 1)::text as cleanliness, round(avg(r.accuracy), 1)::text as accuracy,
           round(avg(r.communication), 1)::text as communication
    from bathrooms b
    left join reviews r on r.bathroom_id = b.id and r.side = 'guest'
                        and r.published_at is not null and r.hidden_at is null
    where b.id in (${sql.join(bathroomIds)})
    group by b.id order by b.id`.execute(db);
  return { stored, fresh: fresh.rows };
}
