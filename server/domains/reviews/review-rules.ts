import { REVIEW_WINDOW_DAYS } from '../../../common/reviews.ts';
import type { OwnReview } from '../../../common/schemas/reviews.ts';
import type { ReviewSide } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { BookingForReview, ReviewRow } from './repository.ts';

/** Who may review what, and when (ADR 124). */

export type ReviewActor = { userId: string; isAdmin: boolean };

export const noSuchBooking = () => new AppError('not_found', 'There is no such booking.');
export const noSuchReview = () => new AppError('not_found', 'There is no such review.');

/** The actor's side of the booking; an admin who is neither gets null; anyone else a 404. */
export function sideOf(actor: ReviewActor, booking: BookingForReview): ReviewSide | null {
  if (booking.guest_id === actor.userId) return 'guest';
  if (booking.host_id === actor.userId) return 'host';
  if (actor.isAdmin) return null;
  throw noSuchBooking();
}

export function windowClosesAt(booking: Pick<BookingForReview, 'completed_at'>): Date | null {
  if (!booking.completed_at) return null;
  return new Date(new Date(booking.completed_at).getTime() + REVIEW_WINDOW_DAYS * 86_400_000);
}

/**
 * Why this booking cannot be reviewed now, or null. Only a completed booking whose guest checked
 * in can be: a cancelled, expired or never-used booking has nothing to review.
 */
export function cannotReview(booking: BookingForReview, now: Date): string | null {
  if (booking.status !== 'completed') {
    if (booking.status === 'cancelled' || booking.status === 'expired')
      return 'A cancelled or expired booking cannot be reviewed.';
    return 'You can review this booking once it is over.';
  }
  if (!booking.checked_in_at) return 'This booking was never checked in, so it cannot be reviewed.';
  const closes = windowClosesAt(booking);
  if (closes && now.getTime() >= closes.getTime())
    return `Reviews close ${REVIEW_WINDOW_DAYS} days after the booking ends.`;
  return null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toOwnReview(row: ReviewRow): OwnReview {
  return {
    id: row.id,
    side: row.side,
    rating: row.rating,
    cleanliness: row.cleanliness,
    accuracy: row.accuracy,
    communication: row.communication,
    comment: row.comment,
    privateNote: row.private_note,
    publishedAt: iso(row.published_at),
    reply: row.reply,
    hiddenAt: iso(row.hidden_at),
    hiddenReason: row.hidden_reason,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export const toIso = iso;
