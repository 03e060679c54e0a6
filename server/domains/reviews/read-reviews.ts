import { REVIEW_PAGE_SIZE, REVIEW_WINDOW_DAYS } from '../../../common/reviews.ts';
import type {
  BathroomReviews,
  ManageReviews,
  ProfileRatings,
  PublicReview,
} from '../../../common/schemas/reviews.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import {
  findBathroomRating,
  findProfileRatings,
  listBathroomReviews,
  listGuestsToReview,
  listHostBathrooms,
  listHostReviews,
} from './repository.ts';
import { toIso } from './review-rules.ts';

const num = (value: string | null) => (value === null ? null : Number(value));
const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

type GuestReviewRow = Awaited<ReturnType<typeof listBathroomReviews>>[number];

function toPublic(row: GuestReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    cleanliness: row.cleanliness ?? row.rating,
    accuracy: row.accuracy ?? row.rating,
    communication: row.communication ?? row.rating,
    comment: row.comment,
    authorFirstName: row.author_first_name || 'Guest',
    publishedAt: toIso(row.published_at) as string,
    reply: row.reply,
    repliedAt: toIso(row.replied_at),
  };
}

/** A published bathroom's shown reviews, newest first, one page, with its averages. */
export async function readBathroomReviews(
  db: Db,
  bathroomId: string,
  page: number,
): Promise<BathroomReviews> {
  const rating = await findBathroomRating(db, bathroomId);
  if (!rating) throw new AppError('not_found', 'There is no such bathroom.');
  const rows = await listBathroomReviews(db, bathroomId, REVIEW_PAGE_SIZE, (page - 1) * REVIEW_PAGE_SIZE);
  return {
    summary: {
      average: num(rating.average),
      count: rating.count,
      cleanliness: num(rating.cleanliness),
      accuracy: num(rating.accuracy),
      communication: num(rating.communication),
    },
    reviews: rows.map(toPublic),
    page,
    pageCount: pageCount(rating.count, REVIEW_PAGE_SIZE),
  };
}

/** /manage/reviews: the host's bathrooms' reviews, unanswered first, and guests still to review. */
export async function readHostReviews(
  deps: { db: Db; now: () => Date },
  hostId: string,
  filter: { bathroomId?: string; rating?: number; page: number },
): Promise<ManageReviews> {
  const rows = await listHostReviews(deps.db, hostId, {
    ...(filter.bathroomId ? { bathroomId: filter.bathroomId } : {}),
    ...(filter.rating ? { rating: filter.rating } : {}),
    limit: REVIEW_PAGE_SIZE,
    offset: (filter.page - 1) * REVIEW_PAGE_SIZE,
  });
  const [bathrooms, pending] = await Promise.all([
    listHostBathrooms(deps.db, hostId),
    listGuestsToReview(deps.db, hostId, deps.now(), REVIEW_WINDOW_DAYS),
  ]);
  return {
    reviews: rows.map((row) => ({
      ...toPublic(row),
      bathroomId: row.bathroom_id,
      bathroomTitle: row.bathroom_title,
      bookingId: row.booking_id,
      hiddenAt: toIso(row.hidden_at),
      hiddenReason: row.hidden_reason,
    })),
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    pageCount: pageCount(Number(rows[0]?.total ?? 0), REVIEW_PAGE_SIZE),
    bathrooms,
    toWrite: pending.map((row) => ({
      bookingId: row.id,
      bathroomTitle: row.bathroom_title,
      guestFirstName: row.guest_first_name || 'Guest',
      endsAt: new Date(row.ends_at).toISOString(),
      closesAt: new Date(
        new Date(row.completed_at as Date).getTime() + REVIEW_WINDOW_DAYS * 86_400_000,
      ).toISOString(),
    })),
  };
}

/** /profile/{id}: a host's overall rating from guests and a guest's rating from hosts. */
export async function readProfileRatings(db: Db, userId: string): Promise<ProfileRatings> {
  const rows = await findProfileRatings(db, userId);
  const of = (side: 'guest' | 'host') => {
    const row = rows.find((item) => item.side === side);
    return { average: num(row?.average ?? null), count: row?.count ?? 0 };
  };
  // A guest-side review is about the host; a host-side review is about the guest.
  return { asHost: of('guest'), asGuest: of('host') };
}
