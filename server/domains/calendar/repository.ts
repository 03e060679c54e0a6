import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

/** The calendar domain's SQL, and only here: feed tokens, and what a feed lists. */

type Executor = Db | Transaction<Database>;

/** The booking states a host's calendar shows: time that is really taken (ADR 095). */
export const FEED_BOOKING_STATUSES = ['confirmed', 'checked_in', 'completed'] as const;

export async function findBathroomHost(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathrooms')
    .select(['id', 'host_id', 'title'])
    .where('id', '=', bathroomId)
    .executeTakeFirst();
}

export async function findFeed(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathroom_ical_feeds')
    .selectAll()
    .where('bathroom_id', '=', bathroomId)
    .executeTakeFirst();
}

/** Creates the bathroom's feed or gives it a new token; the old token stops working at once. */
export async function saveFeed(
  db: Executor,
  feed: { bathroom_id: string; token_hash: string; created_by: string },
) {
  return db
    .insertInto('bathroom_ical_feeds')
    .values(feed)
    .onConflict((oc) =>
      oc.column('bathroom_id').doUpdateSet({
        token_hash: feed.token_hash,
        created_by: feed.created_by,
        created_at: new Date(),
        last_fetched_at: null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Executor, bathroomId: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('bathroom_ical_feeds')
    .where('bathroom_id', '=', bathroomId)
    .returning('bathroom_id')
    .execute();
  return rows.length > 0;
}

/** The feed a token opens, if its host's account is still in use. */
export async function findFeedByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('bathroom_ical_feeds')
    .innerJoin('bathrooms', 'bathrooms.id', 'bathroom_ical_feeds.bathroom_id')
    .innerJoin('profiles', 'profiles.id', 'bathrooms.host_id')
    .select(['bathrooms.id as bathroom_id', 'bathrooms.title', 'bathrooms.timezone'])
    .where('bathroom_ical_feeds.token_hash', '=', tokenHash)
    .where('profiles.is_active', '=', true)
    .where('profiles.is_deleted', '=', false)
    .executeTakeFirst();
}

export async function markFetched(db: Executor, bathroomId: string, at: Date) {
  await db
    .updateTable('bathroom_ical_feeds')
    .set({ last_fetched_at: at })
    .where('bathroom_id', '=', bathroomId)
    .execute();
}

/** Bookings that hold time, ending after `since`, with the guest's first name only. */
export async function listFeedBookings(db: Executor, bathroomId: string, since: Date) {
  return db
    .selectFrom('bookings')
    .innerJoin('profiles', 'profiles.id', 'bookings.guest_id')
    .select([
      'bookings.id',
      'bookings.status',
      'bookings.starts_at',
      'bookings.ends_at',
      'bookings.duration_minutes',
      'profiles.first_name',
    ])
    .where('bookings.bathroom_id', '=', bathroomId)
    .where('bookings.status', 'in', [...FEED_BOOKING_STATUSES])
    .where('bookings.ends_at', '>', since)
    .orderBy('bookings.starts_at')
    .execute();
}

export async function listFeedBlackouts(db: Executor, bathroomId: string, since: Date) {
  return db
    .selectFrom('bathroom_blackouts')
    .select(['id', 'starts_at', 'ends_at', 'reason'])
    .where('bathroom_id', '=', bathroomId)
    .where('ends_at', '>', since)
    .orderBy('starts_at')
    .execute();
}
