import { sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, RefundRequestStatus, RefundRequestTable } from '../../db/types.ts';

/** The SQL of refund requests (ADR 126). Every function takes the database or a transaction first. */

export type Executor = Db | Transaction<Database>;

/** A request with what every view of it shows: the booking, both parties' names, the refund's state. */
function requestView(db: Executor) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('bookings as k', 'k.id', 'r.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .innerJoin('profiles as g', 'g.id', 'k.guest_id')
    .innerJoin('profiles as h', 'h.id', 'b.host_id')
    .leftJoin('booking_refunds as f', 'f.id', 'r.booking_refund_id')
    .select([
      'r.id',
      'r.booking_id',
      'b.title as bathroom_title',
      'k.starts_at',
      'k.ends_at',
      'k.status as booking_status',
      'k.guest_id',
      'g.first_name as guest_first_name',
      'b.host_id',
      'h.first_name as host_first_name',
      'r.reason',
      'r.description',
      'r.amount_cents',
      'r.status',
      'r.host_response',
      'r.host_responded_at',
      'r.approved_cents',
      'r.host_earnings_reduction_cents',
      'r.denial_reason',
      'r.decided_at',
      'r.appeal_message',
      'r.appealed_at',
      'r.booking_refund_id',
      'k.amount_paid_cents as booking_paid_cents',
      'k.amount_refunded_cents as booking_refunded_cents',
      'f.last_error as refund_last_error',
      'r.created_at',
      sql<{ url: string; srcset: string }[]>`coalesce((
        select json_agg(json_build_object('url', p.url, 'srcset', p.srcset) order by p.position)
        from refund_request_photos p where p.request_id = r.id), '[]'::json)`.as('photos'),
    ]);
}
export type RefundRequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export async function findRequest(db: Executor, id: string) {
  return requestView(db).where('r.id', '=', id).executeTakeFirst();
}

export async function listRequestsOfBooking(db: Executor, bookingId: string) {
  return requestView(db).where('r.booking_id', '=', bookingId).orderBy('r.created_at', 'desc').execute();
}

/** The admin queue: newest first, optionally one status. */
export async function listQueue(db: Executor, options: { status?: RefundRequestStatus; limit: number }) {
  let query = requestView(db).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit);
  if (options.status) query = query.where('r.status', '=', options.status);
  return query.execute();
}

/** The request's own row, locked for a decision. */
export async function lockRequest(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('refund_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findRequestRow(db: Executor, id: string) {
  return db.selectFrom('refund_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the booking has a request still being decided: open, failed (approved, waiting for a
 * retry), or approved with its refund still on its way to the provider.
 */
export async function hasUndecidedRequest(db: Executor, bookingId: string, exceptId?: string) {
  let query = db
    .selectFrom('refund_requests')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['open', 'failed']),
        eb.and([
          eb('status', 'in', ['approved', 'partially_approved']),
          eb('processed_notified_at', 'is', null),
        ]),
      ]),
    );
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRequest(
  trx: Transaction<Database>,
  row: Pick<RefundRequestTable, 'booking_id' | 'guest_id' | 'reason' | 'description' | 'amount_cents'>,
) {
  return trx
    .insertInto('refund_requests')
    .values({ ...row, updated_at: sql<Date>`now()` })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateRequest(
  db: Executor,
  id: string,
  change: Omit<Updateable<RefundRequestTable>, 'id' | 'created_at' | 'updated_at'>,
) {
  await db
    .updateTable('refund_requests')
    .set({ ...change, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Moves a request between statuses only from the one expected: false if someone moved it first. */
export async function moveRequest(
  db: Executor,
  id: string,
  from: RefundRequestStatus[],
  to: RefundRequestStatus,
) {
  const moved = await db
    .updateTable('refund_requests')
    .set({ status: to, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** Claims the *_REFUND_PROCESSED notices of a request: true once. */
export async function claimProcessedNotice(db: Executor, id: string) {
  const claimed = await db
    .updateTable('refund_requests')
    .set({ processed_notified_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('processed_notified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function countPhotos(db: Executor, requestId: string) {
  const row = await db
    .selectFrom('refund_request_photos')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('request_id', '=', requestId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertPhoto(
  trx: Transaction<Database>,
  photo: { requestId: string; position: number; url: string; srcset: string },
) {
  await trx
    .insertInto('refund_request_photos')
    .values({ request_id: photo.requestId, position: photo.position, url: photo.url, srcset: photo.srcset })
    .execute();
}

/** Failed requests whose refund the provider has since taken (the bookings sweep sent it). */
export async function listFailedButAccepted(db: Executor) {
  return db
    .selectFrom('refund_requests as r')
    .innerJoin('booking_refunds as f', 'f.id', 'r.booking_refund_id')
    .select('r.id')
    .where('r.status', '=', 'failed')
    .where('f.provider_refund_id', 'is not', null)
    .limit(100)
    .execute();
}

/** Requests an admin still has to act on: open, or approved but refused by the provider. */
export async function countUndecided(db: Executor) {
  const row = await db
    .selectFrom('refund_requests')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('status', '=', 'open').as('open'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'failed').as('failed'),
    ])
    .where('status', 'in', ['open', 'failed'])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open), failed: Number(row.failed) };
}
