import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

/** A bathroom's latest bookings with their guests' names, newest start first. */
export async function selectRecentBathroomBookings(db: Executor, bathroomId: string, limit: number) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('profiles as p', 'p.id', 'k.guest_id')
    .select(['k.id', 'k.status', 'k.starts_at', 'k.price_cents', 'p.first_name', 'p.last_name'])
    .where('k.bathroom_id', '=', bathroomId)
    .orderBy('k.starts_at', 'desc')
    .limit(limit)
    .execute();
}
