import type { Transaction } from 'kysely';
import { REVIEW_REMINDER_DAYS, REVIEW_WINDOW_DAYS } from '../../../common/reviews.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { NotifyInput } from '../notifications/notification-service.ts';
import { type PublishDeps, publishReviews } from './publish-reviews.ts';
import {
  claimReviewReminders,
  findBookingForReview,
  listClosedUnpublished,
  lockBookingForReview,
  markReviewRequested,
} from './repository.ts';

/**
 * The review requests and their timed follow-ups (ADR 124, "Notices"):
 * - at completion, RESERVATION_REVIEW to the guest and RESERVATION_OWNER_REVIEW to the host, only
 *   for a booking that was checked in;
 * - REVIEW_REMINDER_DAYS later, *_REVIEW_REMINDER to each side that has not written, once;
 * - when the window closes, whatever was written publishes.
 * Each notice links to the booking page, which carries the review form.
 */
export function createReviewNotices(deps: PublishDeps & { db: Db; now: () => Date }) {
  async function bookingCompleted(trx: Transaction<Database>, bookingId: string): Promise<void> {
    const booking = await findBookingForReview(trx, bookingId);
    if (booking?.status !== 'completed' || !booking.checked_in_at) return;
    await markReviewRequested(trx, bookingId, deps.now());
    const meta = { booking_id: booking.id, bathroom_id: booking.bathroom_id };
    const title = booking.bathroom_title;
    await deps.notifications.notifyMany(
      [
        {
          userId: booking.guest_id,
          type: 'RESERVATION_REVIEW',
          message: `How was ${title}? A short review helps the next guest in a hurry. You have ${REVIEW_WINDOW_DAYS} days.`,
          meta: { ...meta, user_id: booking.host_id },
        },
        {
          userId: booking.host_id,
          type: 'RESERVATION_OWNER_REVIEW',
          message: `How was your guest at ${title}? Rate them within ${REVIEW_WINDOW_DAYS} days; reviews show once you both have written.`,
          meta: { ...meta, user_id: booking.guest_id },
        },
      ],
      trx,
    );
  }

  /** Reminders to the sides that have not written; answers how many were sent. */
  async function remind(trx: Transaction<Database>): Promise<number> {
    const rows = await claimReviewReminders(trx, deps.now(), {
      reminderDays: REVIEW_REMINDER_DAYS,
      windowDays: REVIEW_WINDOW_DAYS,
    });
    const notices: NotifyInput[] = rows.flatMap((row) => {
      const meta = { booking_id: row.id, bathroom_id: row.bathroom_id };
      const out: NotifyInput[] = [];
      if (!row.guest_wrote)
        out.push({
          userId: row.guest_id,
          type: 'RESERVATION_REVIEW_REMINDER',
          message: `A reminder: you can still review ${row.bathroom_title}. It takes a minute.`,
          meta: { ...meta, user_id: row.host_id },
        });
      if (!row.host_wrote)
        out.push({
          userId: row.host_id,
          type: 'RESERVATION_OWNER_REVIEW_REMINDER',
          message: `A reminder: you can still rate your guest at ${row.bathroom_title}. It takes a minute.`,
          meta: { ...meta, user_id: row.guest_id },
        });
      return out;
    });
    await deps.notifications.notifyMany(notices, trx);
    return notices.length;
  }

  /** Publishes what was written for bookings whose window has closed; one transaction each. */
  async function publishClosed(): Promise<number> {
    const now = deps.now();
    let published = 0;
    for (const { booking_id } of await listClosedUnpublished(deps.db, now, REVIEW_WINDOW_DAYS)) {
      published += await deps.db.transaction().execute(async (trx) => {
        const booking = await lockBookingForReview(trx, booking_id);
        return booking ? publishReviews(deps, trx, booking, now) : 0;
      });
    }
    return published;
  }

  return { bookingCompleted, remind, publishClosed };
}
