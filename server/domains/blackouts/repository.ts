import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

/** The bathroom a blackout is for: who hosts it and its zone. */
export async function findBathroom(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathrooms')
    .select(['id', 'host_id', 'title', 'timezone'])
    .where('id', '=', bathroomId)
    .executeTakeFirst();
}

/**
 * Locks the bathroom row against booking creation (which takes it FOR SHARE): while a blackout is
 * being written no booking can slip in, and the bookings listed in the same transaction are all there are.
 */
export async function lockBathroom(trx: Transaction<Database>, bathroomId: string) {
  return trx
    .selectFrom('bathrooms')
    .select(['id', 'host_id', 'title', 'timezone'])
    .where('id', '=', bathroomId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The bookings a blackout over [start, end) would cancel: confirmed ones, and unpaid holds that
 * have not lapsed, whose own time (not the cleaning buffer) meets the range and has not ended.
 * Checked-in bookings are returned too, so the caller can refuse rather than cut a visit short.
 * Read here rather than through the bookings service: it is a plain read of the same rows the
 * slot engine reads (availability/repository.ts), with the guest's first name for the preview.
 */
export async function listLiveBookingsIn(db: Executor, bathroomId: string, start: Date, end: Date) {
  return db
    .selectFrom('bookings as k')
    .leftJoin('profiles as p', 'p.id', 'k.guest_id')
    .select([
      'k.id',
      'k.guest_id',
      'k.status',
      'k.starts_at',
      'k.ends_at',
      'k.currency',
      'k.amount_paid_cents',
      'k.amount_refunded_cents',
      'p.first_name',
    ])
    .where('k.bathroom_id', '=', bathroomId)
    .where('k.status', 'in', ['pending_payment', 'confirmed', 'checked_in'])
    .where((eb) =>
      eb.or([eb('k.status', '<>', 'pending_payment'), eb('k.hold_expires_at', '>', sql<Date>`now()`)]),
    )
    .where('k.starts_at', '<', end)
    .where('k.ends_at', '>', start)
    .where('k.ends_at', '>', sql<Date>`now()`)
    .orderBy('k.starts_at')
    .execute();
}

/** Another blackout of the bathroom meeting [start, end), if any (the exclusion constraint's check, readably). */
export async function findOverlappingBlackout(db: Executor, bathroomId: string, start: Date, end: Date) {
  return db
    .selectFrom('bathroom_blackouts')
    .select(['id', 'starts_at', 'ends_at'])
    .where('bathroom_id', '=', bathroomId)
    .where('starts_at', '<', end)
    .where('ends_at', '>', start)
    .orderBy('starts_at')
    .executeTakeFirst();
}

export async function insertBlackout(
  db: Executor,
  row: { bathroom_id: string; starts_at: Date; ends_at: Date; reason: string; created_by: string },
) {
  return db.insertInto('bathroom_blackouts').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listBlackouts(db: Executor, bathroomId: string) {
  return db
    .selectFrom('bathroom_blackouts')
    .selectAll()
    .where('bathroom_id', '=', bathroomId)
    .orderBy('starts_at')
    .execute();
}

/** A blackout with its bathroom's host, title and zone (for guards, jobs and notifications). */
export async function findBlackout(db: Executor, blackoutId: string) {
  return db
    .selectFrom('bathroom_blackouts as x')
    .innerJoin('bathrooms as b', 'b.id', 'x.bathroom_id')
    .select([
      'x.id',
      'x.bathroom_id',
      'x.starts_at',
      'x.ends_at',
      'x.reason',
      'x.created_at',
      'x.created_by',
      'b.host_id',
      'b.title',
      'b.timezone',
    ])
    .where('x.id', '=', blackoutId)
    .executeTakeFirst();
}

export async function deleteBlackout(db: Executor, blackoutId: string) {
  const result = await db.deleteFrom('bathroom_blackouts').where('id', '=', blackoutId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** PostgreSQL's exclusion violation: another blackout took the range first. */
export function isExclusionViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23P01';
}

/**
 * Whether the host already has this blackout's start or end notice: a retried or doubled job sends
 * nothing twice. A read of the notifications table, by the blackout id the notice carries in meta.
 */
export async function blackoutNoticeSent(
  db: Executor,
  hostId: string,
  type: 'bathroom_blackout_started' | 'bathroom_blackout_ended',
  blackoutId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', hostId)
    .where('notification_type', '=', type)
    .where(sql<string>`meta->>'blackout_id'`, '=', blackoutId)
    .executeTakeFirst();
  return row !== undefined;
}
