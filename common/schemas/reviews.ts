import { z } from 'zod';
import { REVIEW_HIDE_REASON_MAX_LENGTH, REVIEW_TEXT_MAX_LENGTH } from '../reviews.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * The reviews contract (PRODUCT.md Reviews, ADR 124). Routes, OpenAPI and forms use these schemas.
 *
 *   GET  /api/reviews/bookings/:bookingId        → bookingReviewsSchema  (its guest, its host, admins)
 *   PUT  /api/reviews/bookings/:bookingId        writeReviewSchema → bookingReviewsSchema
 *        (the caller's side; editable until published; the second side publishes both)
 *   GET  /api/reviews/bathrooms/:bathroomId?page= → bathroomReviewsSchema (public)
 *   GET  /api/reviews/profiles/:userId            → profileRatingsSchema (public)
 *   GET  /api/reviews/manage?bathroomId=&rating=&page= → manageReviewsSchema (the host's own)
 *   POST /api/reviews/:reviewId/reply            replySchema → { review } (the bathroom's host, once)
 *   POST /api/reviews/:reviewId/hide             hideSchema  → { review } (admins)
 */

const stars = (field: string) =>
  z
    .number({ error: `Choose a ${field} rating from 1 to 5 stars.` })
    .int(`Choose a ${field} rating from 1 to 5 stars.`)
    .min(1, `Choose a ${field} rating from 1 to 5 stars.`)
    .max(5, `Choose a ${field} rating from 1 to 5 stars.`);

const reviewText = (what: string) =>
  multiLineText()
    .trim()
    .max(
      REVIEW_TEXT_MAX_LENGTH,
      `Keep the ${what} to ${REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
    );

/**
 * One body for both sides; the server checks it against the caller's side: a guest gives the three
 * categories and may comment, a host gives the overall rating and may add a private note.
 */
export const writeReviewSchema = z.strictObject({
  rating: stars('overall'),
  cleanliness: stars('cleanliness').optional(),
  accuracy: stars('accuracy').optional(),
  communication: stars('communication').optional(),
  comment: reviewText('comment').optional(),
  privateNote: reviewText('note').optional(),
});
export type WriteReviewInput = z.infer<typeof writeReviewSchema>;

export const replySchema = z.strictObject({
  reply: reviewText('reply').min(1, 'Write a reply first.'),
});

export const hideSchema = z.strictObject({
  reason: multiLineText()
    .trim()
    .min(1, 'Say which rule the review breaks.')
    .max(REVIEW_HIDE_REASON_MAX_LENGTH, `Keep the reason to ${REVIEW_HIDE_REASON_MAX_LENGTH} characters.`),
});

export const bookingParamsSchema = z.strictObject({ bookingId: z.uuid('That is not a booking id.') });
export const bathroomParamsSchema = z.strictObject({ bathroomId: z.uuid('That is not a bathroom id.') });
export const reviewParamsSchema = z.strictObject({ reviewId: z.uuid('That is not a review id.') });
export const profileParamsSchema = z.strictObject({
  userId: singleLineText().min(1, 'That is not a user id.').max(64, 'That is not a user id.'),
});

const page = z.coerce.number().int().min(1).max(1000).default(1);
export const bathroomReviewsQuerySchema = z.strictObject({ page });
export const manageReviewsQuerySchema = z.strictObject({
  bathroomId: z.uuid('That is not a bathroom id.').optional(),
  rating: z.coerce
    .number()
    .int()
    .min(1, 'Ratings go from 1 to 5.')
    .max(5, 'Ratings go from 1 to 5.')
    .optional(),
  page,
});

const iso = z.string();
const average = z.number().nullable();

/** A published guest review as the public sees it. */
export const publicReviewSchema = z.object({
  id: z.uuid(),
  rating: z.number(),
  cleanliness: z.number(),
  accuracy: z.number(),
  communication: z.number(),
  comment: z.string().nullable(),
  authorFirstName: z.string(),
  publishedAt: iso,
  reply: z.string().nullable(),
  repliedAt: iso.nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const ratingSummarySchema = z.object({
  average,
  count: z.number(),
  cleanliness: average,
  accuracy: average,
  communication: average,
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const bathroomReviewsSchema = z.object({
  summary: ratingSummarySchema,
  reviews: z.array(publicReviewSchema),
  page: z.number(),
  pageCount: z.number(),
});
export type BathroomReviews = z.infer<typeof bathroomReviewsSchema>;

/** One side's review as its author (or an admin) sees it. */
export const ownReviewSchema = z.object({
  id: z.uuid(),
  side: z.enum(['guest', 'host']),
  rating: z.number(),
  cleanliness: z.number().nullable(),
  accuracy: z.number().nullable(),
  communication: z.number().nullable(),
  comment: z.string().nullable(),
  privateNote: z.string().nullable(),
  publishedAt: iso.nullable(),
  reply: z.string().nullable(),
  hiddenAt: iso.nullable(),
  hiddenReason: z.string().nullable(),
  updatedAt: iso,
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

export const bookingReviewsSchema = z.object({
  bookingId: z.uuid(),
  /** The caller's side, or null for an admin. */
  side: z.enum(['guest', 'host']).nullable(),
  /** Whether the caller may write or edit now; if not, why (for the page). */
  canWrite: z.boolean(),
  reason: z.string().nullable(),
  /** When the window closes (null while the booking cannot be reviewed at all). */
  closesAt: iso.nullable(),
  mine: ownReviewSchema.nullable(),
  /** The other side's review once published (before that only whether it was written). */
  theirs: ownReviewSchema.nullable(),
  theirsWritten: z.boolean(),
});
export type BookingReviews = z.infer<typeof bookingReviewsSchema>;

export const manageReviewSchema = publicReviewSchema.extend({
  bathroomId: z.uuid(),
  bathroomTitle: z.string(),
  bookingId: z.uuid(),
  hiddenAt: iso.nullable(),
  hiddenReason: z.string().nullable(),
});
export type ManageReview = z.infer<typeof manageReviewSchema>;

export const pendingGuestReviewSchema = z.object({
  bookingId: z.uuid(),
  bathroomTitle: z.string(),
  guestFirstName: z.string(),
  endsAt: iso,
  closesAt: iso,
});
export type PendingGuestReview = z.infer<typeof pendingGuestReviewSchema>;

export const manageReviewsSchema = z.object({
  reviews: z.array(manageReviewSchema),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
  bathrooms: z.array(z.object({ id: z.uuid(), title: z.string() })),
  toWrite: z.array(pendingGuestReviewSchema),
});
export type ManageReviews = z.infer<typeof manageReviewsSchema>;

export const profileRatingsSchema = z.object({
  asHost: z.object({ average, count: z.number() }),
  asGuest: z.object({ average, count: z.number() }),
});
export type ProfileRatings = z.infer<typeof profileRatingsSchema>;
