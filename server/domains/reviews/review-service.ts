import type { Transaction } from 'kysely';
import type { WriteReviewInput } from '../../../common/schemas/reviews.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { hideReview, replyToReview } from './moderate-review.ts';
import { readBathroomReviews, readHostReviews, readProfileRatings } from './read-reviews.ts';
import { createReviewNotices } from './review-notices.ts';
import type { ReviewActor } from './review-rules.ts';
import { readBookingReviews, writeReview } from './write-review.ts';

export const REVIEWS_SWEEP_JOB = 'reviews.sweep';

/**
 * Reviews both ways (PRODUCT.md Reviews, ADR 124): each business step in its own file; this wires
 * them to the database, the notifications and the clock. Callers pass an actor the auth guard has
 * let through (signed in, active account).
 */
export function createReviewService(deps: {
  db: Db;
  notifications: Pick<NotificationService, 'notifyMany'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const inner = { db: deps.db, notifications: deps.notifications, now };
  const notices = createReviewNotices(inner);
  return {
    forBooking: (actor: ReviewActor, bookingId: string) => readBookingReviews(inner, actor, bookingId),
    write: (actor: ReviewActor, bookingId: string, input: WriteReviewInput) =>
      writeReview(inner, actor, bookingId, input),
    reply: (actor: ReviewActor, reviewId: string, reply: string) =>
      replyToReview(inner, actor, reviewId, reply),
    hide: (actor: ReviewActor, reviewId: string, reason: string) =>
      hideReview(inner, actor, reviewId, reason),
    forBathroom: (bathroomId: string, page = 1) => readBathroomReviews(deps.db, bathroomId, page),
    forHost: (hostId: string, filter: { bathroomId?: string; rating?: number; page: number }) =>
      readHostReviews(inner, hostId, filter),
    profileRatings: (userId: string) => readProfileRatings(deps.db, userId),
    /** The review requests, inside the completing transaction (the booking sweep calls this). */
    bookingCompleted: (trx: Transaction<Database>, bookingId: string) =>
      notices.bookingCompleted(trx, bookingId),
    /** The minute sweep: reminders to the sides that have not written, and closed windows published. */
    async sweep() {
      const reminders = await deps.db.transaction().execute((trx) => notices.remind(trx));
      const published = await notices.publishClosed();
      return { reminders, published };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;

export function defineReviewJobs(jobs: Pick<Scheduler, 'define'>, reviews: Pick<ReviewService, 'sweep'>) {
  jobs.define({
    name: REVIEWS_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await reviews.sweep();
    },
  });
}
