import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, ReviewSide, ReviewTable } from '../../db/types.ts';

/** Every SQL statement of the reviews domain (ADR 124). Functions take the executor first. */

export type Executor = Db | Transaction<Database> | Kysely<Database>;
type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;

/** Where a guest review counts: published and not hidden by an admin. */
const SHOWN = sql<boolean>`r.published_at is not null and r.hidden_at is null`;

const bookingForReview = (db: Executor) =>
  db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select([
      'k.id',
      'k.status',
      'k.checked_in_at',
      'k.completed_at',
      'k.guest_id',
      'k.bathroom_id',
      'b.host_id',
      'b.title as bathroom_title',
    ]);

export type BookingForReview = NonNullable<Awaited<ReturnType<typeof findBookingForReview>>>;

export async function findBookingForReview(db: Executor, bookingId: string) {
  return bookingForReview(db).where('k.id', '=', bookingId).executeTakeFirst();
}

/** The booking row locked: both sides writing at once publish once (ADR 125, lock order booking → bathroom). */
export async function lockBookingForReview(trx: Trx, bookingId: string) {
  return bookingForReview(trx).where('k.id', '=', bookingId).forUpdate('k').executeTakeFirst();
}

export async function findReviewsOfBooking(db: Executor, bookingId: string) {
  return db.selectFrom('reviews').selectAll().where('booking_id', '=', bookingId).execute();
}

export type ReviewRow = Awaited<ReturnType<typeof findReviewsOfBooking>>[number];

export type ReviewValues = Pick<
  ReviewTable,
  'rating' | 'cleanliness' | 'accuracy' | 'communication' | 'comment' | 'private_note'
>;

/** Writes the side's review, or edits it while unpublished; undefined once it is published. */
export async function upsertReview(
  trx: Trx,
  row: { booking_id: string; bathroom_id: string; side: ReviewSide; author_id: string; subject_id: string },
  values: ReviewValues,
  now: Date,
) {
  return trx
    .insertInto('reviews')
    .values({ ...row, ...values, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['booking_id', 'side'])
        .doUpdateSet({ ...values, updated_at: now })
        .where('reviews.published_at', 'is', null),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function publishBookingReviews(trx: Trx, bookingId: string, now: Date) {
  return trx
    .updateTable('reviews')
    .set({ published_at: now })
    .where('booking_id', '=', bookingId)
    .where('published_at', 'is', null)
    .returning(['id', 'side', 'author_id', 'subject_id', 'bathroom_id'])
    .execute();
}

/** Locks the bathroom row: publications and hides of one bathroom take turns (ADR 125). */
export async function lockBathroom(trx: Trx, bathroomId: string) {
  await trx.selectFrom('bathrooms').select('id').where('id', '=', bathroomId).forUpdate().execute();
}

/**
 * Recomputes the bathroom's averages and count from its shown guest reviews. Run after
 * lockBathroom in the same transaction: under READ COMMITTED this statement's snapshot starts
 * after the lock was granted, so it sees every publication committed before ours (ADR 125).
 */
export async function refreshBathroomRating(trx: Trx, bathroomId: string) {
  await sql`
    update bathrooms set
      rating_average = agg.average, rating_count = agg.count, rating_cleanliness = agg.cleanliness,
      rating_accuracy = agg.accuracy, rating_communication = agg.communication
    from (
      select round(avg(r.rating), 1) as average, count(*)::int as count,
             round(avg(r.cleanliness), 1) as cleanliness, round(avg(r.accuracy), 1) as accuracy,
             round(avg(r.communication), 1) as communication
      from reviews r
      where r.bathroom_id = ${bathroomId} and r.side = 'guest' and ${SHOWN}
    ) agg
    where bathrooms.id = ${bathroomId}`.execute(trx);
}

export async function findBathroomRating(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathrooms')
    .select([
      sql<string | null>`rating_average::text`.as('average'),
      'rating_count as count',
      sql<string | null>`rating_cleanliness::text`.as('cleanliness'),
      sql<string | null>`rating_accuracy::text`.as('accuracy'),
      sql<string | null>`rating_communication::text`.as('communication'),
    ])
    .where('id', '=', bathroomId)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

const guestReviewColumns = (db: Executor) =>
  db
    .selectFrom('reviews as r')
    .innerJoin('profiles as p', 'p.id', 'r.author_id')
    .select([
      'r.id',
      'r.rating',
      'r.cleanliness',
      'r.accuracy',
      'r.communication',
      'r.comment',
      'p.first_name as author_first_name',
      'r.published_at',
      'r.reply',
      'r.replied_at',
    ])
    .where('r.side', '=', 'guest');

export async function listBathroomReviews(db: Executor, bathroomId: string, limit: number, offset: number) {
  return guestReviewColumns(db)
    .where('r.bathroom_id', '=', bathroomId)
    .where(SHOWN)
    .orderBy('r.published_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function findReviewWithHost(db: Executor, reviewId: string) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('bathrooms as b', 'b.id', 'r.bathroom_id')
    .selectAll('r')
    .select('b.host_id')
    .where('r.id', '=', reviewId)
    .executeTakeFirst();
}

export async function setReply(trx: Trx, reviewId: string, reply: string, now: Date) {
  return trx
    .updateTable('reviews')
    .set({ reply, replied_at: now, updated_at: now })
    .where('id', '=', reviewId)
    .where('reply', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function setHidden(trx: Trx, reviewId: string, reason: string, adminId: string, now: Date) {
  return trx
    .updateTable('reviews')
    .set({ hidden_at: now, hidden_reason: reason, hidden_by: adminId, updated_at: now })
    .where('id', '=', reviewId)
    .where('hidden_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export type HostReviewFilter = { bathroomId?: string; rating?: number; limit: number; offset: number };

/** Every published guest review of the host's bathrooms (hidden ones too, marked), unanswered first. */
export async function listHostReviews(db: Executor, hostId: string, filter: HostReviewFilter) {
  let query = guestReviewColumns(db)
    .innerJoin('bathrooms as b', 'b.id', 'r.bathroom_id')
    .select([
      'r.bathroom_id',
      'b.title as bathroom_title',
      'r.booking_id',
      'r.hidden_at',
      'r.hidden_reason',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where('b.host_id', '=', hostId)
    .where('r.published_at', 'is not', null);
  if (filter.bathroomId) query = query.where('r.bathroom_id', '=', filter.bathroomId);
  if (filter.rating) query = query.where('r.rating', '=', filter.rating);
  return query
    .orderBy(sql`r.reply is null`, 'desc')
    .orderBy('r.published_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

export async function listHostBathrooms(db: Executor, hostId: string) {
  return db
    .selectFrom('bathrooms')
    .select(['id', 'title'])
    .where('host_id', '=', hostId)
    .orderBy('title')
    .execute();
}

/** Completed, checked-in bookings at the host's bathrooms still open for the host's review. */
export async function listGuestsToReview(db: Executor, hostId: string, now: Date, windowDays: number) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .innerJoin('profiles as p', 'p.id', 'k.guest_id')
    .select([
      'k.id',
      'b.title as bathroom_title',
      'p.first_name as guest_first_name',
      'k.ends_at',
      'k.completed_at',
    ])
    .where('b.host_id', '=', hostId)
    .where('k.status', '=', 'completed')
    .where('k.checked_in_at', 'is not', null)
    .where('k.completed_at', '>', new Date(now.getTime() - windowDays * DAY_MS))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews as r')
            .select('r.id')
            .whereRef('r.booking_id', '=', 'k.id')
            .where('r.side', '=', 'host'),
        ),
      ),
    )
    .orderBy('k.completed_at')
    .limit(50)
    .execute();
}

/** A person's shown ratings: as a host (guests' reviews of them) and as a guest (hosts' reviews). */
export async function findProfileRatings(db: Executor, userId: string) {
  return db
    .selectFrom('reviews as r')
    .select([
      'r.side',
      sql<string | null>`round(avg(r.rating), 1)::text`.as('average'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .where('r.subject_id', '=', userId)
    .where(SHOWN)
    .groupBy('r.side')
    .execute();
}

export async function markReviewRequested(trx: Trx, bookingId: string, now: Date) {
  await trx.updateTable('bookings').set({ review_requested_at: now }).where('id', '=', bookingId).execute();
}

/**
 * Claims the bookings asked for reviews `reminderDays` ago, still inside the window and not yet
 * reminded, stamping review_reminded_at; answers which sides have written.
 */
export async function claimReviewReminders(
  trx: Trx,
  now: Date,
  options: { reminderDays: number; windowDays: number },
) {
  const due = trx
    .selectFrom('bookings')
    .select('id')
    .where('status', '=', 'completed')
    .where('review_requested_at', '<=', new Date(now.getTime() - options.reminderDays * DAY_MS))
    .where('review_reminded_at', 'is', null)
    .where('completed_at', '>', new Date(now.getTime() - options.windowDays * DAY_MS))
    .limit(200)
    .forUpdate()
    .skipLocked();
  return trx
    .updateTable('bookings as k')
    .from('bathrooms as b')
    .set({ review_reminded_at: now })
    .whereRef('b.id', '=', 'k.bathroom_id')
    .where('k.id', 'in', due)
    .returning([
      'k.id',
      'k.guest_id',
      'k.bathroom_id',
      'b.host_id',
      'b.title as bathroom_title',
      sql<boolean>`exists (select 1 from reviews r where r.booking_id = k.id and r.side = 'guest')`.as(
        'guest_wrote',
      ),
      sql<boolean>`exists (select 1 from reviews r where r.booking_id = k.id and r.side = 'host')`.as(
        'host_wrote',
      ),
    ])
    .execute();
}

/** Bookings whose window has closed with a review still unpublished. */
export async function listClosedUnpublished(db: Executor, now: Date, windowDays: number) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('bookings as k', 'k.id', 'r.booking_id')
    .select('r.booking_id')
    .distinct()
    .where('r.published_at', 'is', null)
    .where('k.completed_at', '<=', new Date(now.getTime() - windowDays * DAY_MS))
    .limit(200)
    .execute();
}

/** The seed's one-statement version of refreshBathroomRating, for many bathrooms at once. */
export async function refreshAllBathroomRatings(trx: Trx, bathroomIds: string[]) {
  if (!bathroomIds.length) return;
  await sql`
    update bathrooms set
      rating_average = agg.average, rating_count = agg.count, rating_cleanliness = agg.cleanliness,
      rating_accuracy = agg.accuracy, rating_communication = agg.communication
    from (
      select b.id, round(avg(r.rating), 1) as average, count(r.id)::int as count,
             round(avg(r.cleanliness), 1) as cleanliness, round(avg(r.accuracy), 1) as accuracy,
             round(avg(r.communication), 1) as communication
      from bathrooms b
      left join reviews r on r.bathroom_id = b.id and r.side = 'guest'
                          and r.published_at is not null and r.hidden_at is null
      where b.id = any(${sql.val(bathroomIds)}::uuid[])
      group by b.id
    ) agg
    where bathrooms.id = agg.id`.execute(trx);
}
