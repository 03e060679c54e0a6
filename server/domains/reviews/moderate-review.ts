import type { OwnReview } from '../../../common/schemas/reviews.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import {
  findReviewWithHost,
  lockBathroom,
  refreshBathroomRating,
  setHidden,
  setReply,
} from './repository.ts';
import { noSuchReview, type ReviewActor, toOwnReview } from './review-rules.ts';

type Deps = { db: Db; now: () => Date; notifications: Pick<NotificationService, 'notifyMany'> };

/**
 * The bathroom's host replies once, publicly, to a published guest review. Anyone else is told the
 * review does not exist (an admin may read it, but the reply is the host's voice).
 */
export async function replyToReview(
  deps: Deps,
  actor: ReviewActor,
  reviewId: string,
  reply: string,
): Promise<OwnReview> {
  return deps.db.transaction().execute(async (trx) => {
    const review = await findReviewWithHost(trx, reviewId);
    if (!review || review.host_id !== actor.userId || review.side !== 'guest' || !review.published_at)
      throw noSuchReview();
    if (review.hidden_at)
      throw new AppError('conflict', 'This review was hidden by Privy and takes no reply.');
    const row = await setReply(trx, reviewId, reply, deps.now());
    if (!row) throw new AppError('conflict', 'You have replied to this review already.');
    return toOwnReview(row);
  });
}

/**
 * An admin hides a review that breaks the rules; the reason stays on the row for audit. A hidden
 * guest review leaves the bathroom's averages in the same transaction (ADR 125).
 */
export async function hideReview(
  deps: Deps,
  actor: ReviewActor,
  reviewId: string,
  reason: string,
): Promise<OwnReview> {
  if (!actor.isAdmin) throw new AppError('forbidden', 'Only admins can hide reviews.');
  return deps.db.transaction().execute(async (trx) => {
    const review = await findReviewWithHost(trx, reviewId);
    if (!review) throw noSuchReview();
    await lockBathroom(trx, review.bathroom_id);
    const row = await setHidden(trx, reviewId, reason, actor.userId, deps.now());
    if (!row) throw new AppError('conflict', 'This review is hidden already.');
    if (row.side === 'guest') await refreshBathroomRating(trx, row.bathroom_id);
    await recordAdminAction(trx, {
      actorId: actor.userId,
      action: 'review.hidden',
      targetType: 'review',
      targetId: reviewId,
      summary: `Hid a ${row.rating}-star ${row.side === 'guest' ? "guest's" : "host's"} review`,
      reason,
      before: { hidden: false },
      after: { hidden: true, bathroom_id: row.bathroom_id },
    });
    return toOwnReview(row);
  });
}
