import { type RawBuilder, sql, type Transaction } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
import type { Db } from '../../db/database.ts';
import { batchArray } from '../../db/prepared.ts';
import type { Database } from '../../db/types.ts';

export type Executor = Db | Transaction<Database>;

const COLUMNS = [
  'id',
  'user_id',
  'notification_type',
  'message',
  'created_at',
  'viewed',
  'read',
  'meta',
] as const;

export type NewNotification = {
  id: string;
  user_id: string;
  notification_type: string;
  message: string | null;
  /** JSON text. */
  meta: string;
  email_state: 'none' | 'deferred' | 'pending';
};

/**
 * The insert of any number of rows, as a fragment for a caller's statement: each column travels as
 * one array parameter (a fan-out to 1,000 users binds 6 parameters, not 6,000), all stamped
 * `createdAt`. Used as a data-modifying CTE, so a notice is written by its cause's own statement
 * (ADR 154); it returns 1 per row.
 */
export function notificationsInsert(rows: NewNotification[], createdAt: Date): RawBuilder<{ '?column?': 1 }> {
  // Arrays the planner cannot count (ADR 153): the statement is planned once, whatever the batch.
  const column = <K extends keyof NewNotification>(key: K, type: 'uuid' | 'text' | 'jsonb') =>
    batchArray(
      rows.map((row) => row[key]),
      type,
    );
  return sql`insert into notifications (id, user_id, notification_type, message, meta, email_state, created_at)
      select *, ${createdAt}::timestamptz from unnest(${column('id', 'uuid')}, ${column('user_id', 'text')},
        ${column('notification_type', 'text')}, ${column('message', 'text')}, ${column('meta', 'jsonb')},
        ${column('email_state', 'text')})
      returning 1`;
}

/**
 * The rows in one statement; `notify` (the realtime bus's select that sends the rows' live
 * events, ADR 152) runs in the same statement, so a notice and its event cost one round trip.
 */
export async function insertNotifications(
  executor: Executor,
  rows: NewNotification[],
  createdAt: Date,
  notify: RawBuilder<{ notified: string }>,
): Promise<void> {
  // Prepared (ADR 102): every notice of every domain runs this very text.
  const { rows: result } = await sql<{ inserted: number }>`${sql.raw(PREPARED)}
    with inserted as (${notificationsInsert(rows, createdAt)}),
    told as (${notify})
    select count(*)::int as inserted, (select notified from told) as notified from inserted`.execute(
    executor,
  );
  const inserted = result[0]?.inserted ?? 0;
  if (inserted !== rows.length) throw new Error(`inserted ${inserted} of ${rows.length} notifications`);
}

/** Newest first, keyset-paginated on (created_at, id) so pages never skip or repeat. */
export async function listNotifications(
  db: Db,
  userId: string,
  options: { limit: number; before?: { createdAt: Date; id: string } | undefined },
) {
  return db
    .selectFrom('notifications')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .$if(Boolean(options.before), (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('created_at', '<', options.before!.createdAt),
          eb.and([eb('created_at', '=', options.before!.createdAt), eb('id', '<', options.before!.id)]),
        ]),
      ),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

export async function countNotifications(db: Db, userId: string, onlyUnviewed: boolean) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .$if(onlyUnviewed, (qb) => qb.where('viewed', '=', false))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markAllViewed(db: Db, userId: string) {
  const result = await db
    .updateTable('notifications')
    .set({ viewed: true })
    .where('user_id', '=', userId)
    .where('viewed', '=', false)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Only the owner's row matches, so another user's id reads as "not found". */
export async function markRead(db: Db, userId: string, id: string) {
  return db
    .updateTable('notifications')
    .set({ viewed: true, read: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

export async function deleteNotification(db: Db, userId: string, id: string) {
  const result = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countRecentForUser(db: Db, userId: string, since: Date) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Claims notifications whose email copy is due: pending ones, and ones a crashed process claimed
 * long ago. `for update skip locked` lets several processes sweep at once without sending twice.
 */
export async function claimPendingEmails(db: Db, limit: number, staleAfterMs: number) {
  return db
    .updateTable('notifications')
    .set({ email_state: 'sending', email_claimed_at: sql<Date>`now()` })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('notifications')
        .select('id')
        .where((w) =>
          w.or([
            w('email_state', '=', 'pending'),
            w.and([
              w('email_state', '=', 'sending'),
              w('email_claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`),
            ]),
          ]),
        )
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'user_id', 'notification_type', 'message', 'meta'])
    .execute();
}

export async function markEmailSent(db: Db, id: string) {
  await db.updateTable('notifications').set({ email_state: 'sent' }).where('id', '=', id).execute();
}

/** Claimed copies nobody should get (preferences off, no address): never sent, never claimed again. */
export async function markEmailNotWanted(db: Db, ids: string[]) {
  if (!ids.length) return;
  await db.updateTable('notifications').set({ email_state: 'none' }).where('id', 'in', ids).execute();
}

/**
 * Decides held ('deferred') email copies: queued for the sender ('pending') or dropped ('none').
 * Only held copies change, so deciding one twice does nothing the second time.
 */
export async function decideDeferredEmails(executor: Executor, ids: string[], state: 'pending' | 'none') {
  if (!ids.length) return 0;
  const result = await executor
    .updateTable('notifications')
    .set({ email_state: state })
    .where('id', 'in', ids)
    .where('email_state', '=', 'deferred')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function releaseEmailClaim(db: Db, id: string) {
  await db
    .updateTable('notifications')
    .set({ email_state: 'pending', email_claimed_at: null })
    .where('id', '=', id)
    .execute();
}
