import type { BookingReviews, WriteReviewInput } from '../../../common/schemas/reviews.ts';
import type { Db } from '../../db/database.ts';
import type { ReviewSide } from '../../db/types.ts';
import { AppError, type FieldError } from '../../http/errors.ts';
import { type PublishDeps, publishReviews } from './publish-reviews.ts';
import {
  findBookingForReview,
  findReviewsOfBooking,
  lockBookingForReview,
  type ReviewValues,
  upsertReview,
} from './repository.ts';
import {
  cannotReview,
  noSuchBooking,
  type ReviewActor,
  sideOf,
  toOwnReview,
  windowClosesAt,
} from './review-rules.ts';

export type WriteDeps = PublishDeps & { db: Db; now: () => Date };

const CATEGORIES = ['cleanliness', 'accuracy', 'communication'] as const;

/** The body checked against the writer's side: a guest rates the categories, a host does not. */
function valuesFor(side: ReviewSide, input: WriteReviewInput): ReviewValues {
  const fields: FieldError[] = [];
  if (side === 'guest') {
    for (const key of CATEGORIES)
      if (input[key] === undefined)
        fields.push({ field: key, message: `Choose a ${key} rating from 1 to 5 stars.` });
    if (input.privateNote !== undefined)
      fields.push({ field: 'privateNote', message: 'Only a host writes a private note about a guest.' });
  } else {
    for (const key of [...CATEGORIES, 'comment'] as const)
      if (input[key] !== undefined)
        fields.push({ field: key, message: 'A host rates the guest overall only.' });
  }
  if (fields.length) throw new AppError('validation_error', 'Please check the review.', fields);
  return {
    rating: input.rating,
    cleanliness: side === 'guest' ? (input.cleanliness ?? null) : null,
    accuracy: side === 'guest' ? (input.accuracy ?? null) : null,
    communication: side === 'guest' ? (input.communication ?? null) : null,
    comment: side === 'guest' ? input.comment || null : null,
    private_note: side === 'host' ? input.privateNote || null : null,
  };
}

/** What the booking page shows: the caller's review, and the other side's once published. */
export async function readBookingReviews(
  deps: { db: Db; now: () => Date },
  actor: ReviewActor,
  bookingId: string,
): Promise<BookingReviews> {
  const booking = await findBookingForReview(deps.db, bookingId);
  if (!booking) throw noSuchBooking();
  const side = sideOf(actor, booking);
  const rows = await findReviewsOfBooking(deps.db, bookingId);
  const mine = side ? rows.find((row) => row.side === side) : undefined;
  const other = rows.filter((row) => row.side !== side);
  // An admin sees both; a party sees the other's review only once published (ADR 124). A host's
  // private note is for the guest it is about, so the host side's is kept for its two readers.
  const theirs = other.find((row) => side === null || row.published_at !== null);
  const reason = side
    ? (cannotReview(booking, deps.now()) ??
      (mine?.published_at ? 'Published reviews cannot be edited.' : null))
    : 'Admins do not write reviews.';
  return {
    bookingId,
    side,
    canWrite: reason === null,
    reason,
    closesAt:
      booking.status === 'completed' && booking.checked_in_at
        ? (windowClosesAt(booking)?.toISOString() ?? null)
        : null,
    mine: mine ? toOwnReview(mine) : null,
    theirs: theirs ? toOwnReview(theirs) : null,
    theirsWritten: other.length > 0,
  };
}

/**
 * Writes or edits the caller's review of a booking (one per side, editable until published). When
 * the other side has written too, both publish in this transaction.
 */
export async function writeReview(
  deps: WriteDeps,
  actor: ReviewActor,
  bookingId: string,
  input: WriteReviewInput,
): Promise<BookingReviews> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const booking = await lockBookingForReview(trx, bookingId);
    if (!booking) throw noSuchBooking();
    const side = sideOf(actor, booking);
    if (!side) throw new AppError('forbidden', 'Admins do not write reviews.');
    const refused = cannotReview(booking, now);
    if (refused) throw new AppError('conflict', refused);
    const values = valuesFor(side, input);
    const written = await findReviewsOfBooking(trx, bookingId);
    if (written.some((row) => row.side === side && row.published_at))
      throw new AppError('conflict', 'Published reviews cannot be edited.');
    await upsertReview(
      trx,
      {
        booking_id: bookingId,
        bathroom_id: booking.bathroom_id,
        side,
        author_id: actor.userId,
        subject_id: side === 'guest' ? booking.host_id : booking.guest_id,
      },
      values,
      now,
    );
    if (written.some((row) => row.side !== side)) await publishReviews(deps, trx, booking, now);
  });
  return readBookingReviews(deps, actor, bookingId);
}
