import { sql } from 'kysely';
import type { Executor } from './repository.ts';

/** SQL for the admin dashboard's booking figures (ADR 133); each reads a partial index. */

export async function countBookingFigures(db: Executor, since: Date, now: Date) {
  const row = await db
    .selectNoFrom([
      db
        .selectFrom('bookings')
        .select(sql<string>`count(*)`.as('n'))
        .where('confirmed_at', 'is not', null)
        .where('confirmed_at', '>=', since)
        .as('confirmed_since'),
      db
        .selectFrom('bookings')
        .select(sql<string>`count(*)`.as('n'))
        .where('status', 'in', ['confirmed', 'checked_in'])
        .where('starts_at', '<=', now)
        .where('ends_at', '>', now)
        .as('active_now'),
    ])
    .executeTakeFirstOrThrow();
  return { confirmedSince: Number(row.confirmed_since), activeNow: Number(row.active_now) };
}
