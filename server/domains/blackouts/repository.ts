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

const NOTICE_COLUMNS = {
  started: { stamp: 'started_notified_at', due: 'starts_at' },
  ended: { stamp: 'ended_notified_at', due: 'ends_at' },
} as const;

/**
 * Claims a blackout's start or end notice: stamps it if it is due at `now` and not yet claimed.
 * Run it in the transaction that sends the notice; of two callers, the second waits on the row
 * and then finds it stamped, so the notice goes out once.
 */
export async function claimBlackoutNotice(
  trx: Transaction<Database>,
  blackoutId: string,
  kind: keyof typeof NOTICE_COLUMNS,
  now: Date,
): Promise<boolean> {
  const { stamp, due } = NOTICE_COLUMNS[kind];
  const row = await trx
    .updateTable('bathroom_blackouts')
    .set({ [stamp]: now })
    .where('id', '=', blackoutId)
    .where(stamp, 'is', null)
    .where(due, '<=', now)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Blackouts whose start (or end) has come and whose notice nobody has claimed, oldest first. */
export async function listDueBlackoutNotices(
  db: Executor,
  kind: keyof typeof NOTICE_COLUMNS,
  now: Date,
  limit = 100,
) {
  const { stamp, due } = NOTICE_COLUMNS[kind];
  return db
    .selectFrom('bathroom_blackouts')
    .select('id')
    .where(stamp, 'is', null)
    .where(due, '<=', now)
    .orderBy(due)
    .limit(limit)
    .execute();
}
