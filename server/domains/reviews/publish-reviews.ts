import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import {
  type BookingForReview,
  lockBathroom,
  publishBookingReviews,
  refreshBathroomRating,
} from './repository.ts';

export type PublishDeps = { notifications: Pick<NotificationService, 'notifyMany'> };

/**
 * Publishes a booking's unpublished reviews at once, inside the caller's transaction (which holds
 * the booking's row lock): the bathroom's averages are recomputed in the same transaction
 * (ADR 125) and both parties get RESERVATION_REVIEW_COMPLETED. Answers how many were published.
 */
export async function publishReviews(
  deps: PublishDeps,
  trx: Transaction<Database>,
  booking: BookingForReview,
  now: Date,
): Promise<number> {
  await lockBathroom(trx, booking.bathroom_id);
  const published = await publishBookingReviews(trx, booking.id, now);
  if (!published.length) return 0;
  if (published.some((row) => row.side === 'guest')) await refreshBathroomRating(trx, booking.bathroom_id);
  const meta = { booking_id: booking.id, bathroom_id: booking.bathroom_id };
  const title = booking.bathroom_title;
  await deps.notifications.notifyMany(
    [
      {
        userId: booking.guest_id,
        type: 'RESERVATION_REVIEW_COMPLETED',
        message: `Reviews for your visit to ${title} are published. See what your host wrote.`,
        meta: { ...meta, user_id: booking.host_id },
      },
      {
        userId: booking.host_id,
        type: 'RESERVATION_REVIEW_COMPLETED',
        message: `Reviews of a guest's visit to ${title} are published. You can reply publicly.`,
        meta: { ...meta, user_id: booking.guest_id },
      },
    ],
    trx,
  );
  return published.length;
}
