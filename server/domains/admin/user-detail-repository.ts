import type { Db } from '../../db/database.ts';

/** What one account did on Privy, for /admin/users/:id (ADR 134): reads only. */

export async function selectGuestBookings(db: Db, guestId: string, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('bookings')
      .innerJoin('bathrooms', 'bathrooms.id', 'bookings.bathroom_id')
      .select([
        'bookings.id',
        'bathrooms.title as bathroom_title',
        'bathrooms.timezone',
        'bookings.status',
        'bookings.starts_at',
        'bookings.price_cents',
      ])
      .where('bookings.guest_id', '=', guestId)
      .orderBy('bookings.created_at', 'desc')
      .orderBy('bookings.id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('guest_id', '=', guestId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function selectHostListings(db: Db, hostId: string, limit: number) {
  return db
    .selectFrom('bathrooms')
    .select(['id', 'title', 'status', 'city'])
    .where('host_id', '=', hostId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function selectReviewsAbout(db: Db, userId: string, limit: number) {
  const [counts, newest] = await Promise.all([
    db
      .selectFrom('reviews')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('author_id', '=', userId).as('written'),
        eb.fn.countAll<string>().filterWhere('subject_id', '=', userId).as('received'),
      ])
      .where((eb) => eb.or([eb('author_id', '=', userId), eb('subject_id', '=', userId)]))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reviews')
      .innerJoin('bathrooms', 'bathrooms.id', 'reviews.bathroom_id')
      .select([
        'reviews.id',
        'reviews.side',
        'reviews.author_id',
        'reviews.rating',
        'reviews.comment',
        'reviews.created_at',
        'bathrooms.title as bathroom_title',
      ])
      .where((eb) => eb.or([eb('reviews.author_id', '=', userId), eb('reviews.subject_id', '=', userId)]))
      .orderBy('reviews.created_at', 'desc')
      .orderBy('reviews.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { written: Number(counts.written), received: Number(counts.received), newest };
}
