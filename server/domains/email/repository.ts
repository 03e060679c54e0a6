import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

type Executor = Db | Transaction<Database>;

export type OutboxChannel = 'email' | 'sms';

export type NewOutboxMessage = {
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  html: string | null;
  text: string;
};

export async function insertOutboxMessage(db: Db, message: NewOutboxMessage) {
  return db
    .insertInto('outbox_messages')
    .values(message)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

export type OutboxListFilter = { recipient?: string | undefined; limit?: number | undefined };

export async function listOutboxMessages(db: Db, filter: OutboxListFilter = {}) {
  let query = db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'created_at'])
    .orderBy('seq', 'desc')
    .limit(filter.limit ?? 100);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  return query.execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Undefined for an id that is not a uuid, instead of letting PostgreSQL refuse the cast. */
export async function findOutboxMessage(db: Db, id: string) {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Who a text is for, and which client address asked for it (null: nobody's request). */
export type SmsKeys = { recipient: string; client: string | null };

/** Texts counted within the window for one scope, and when the oldest of them was sent. */
export type SmsTally = { count: number; oldest: Date | null };

/**
 * Runs `work` in one transaction holding this number's and this client's advisory locks, so
 * parallel requests for either (in any process) are counted one after another (ADR 142).
 */
export async function withSmsLocks<T>(
  db: Db,
  keys: SmsKeys,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const names = [`sms number ${keys.recipient}`, ...(keys.client ? [`sms client ${keys.client}`] : [])];
    // Always in the same order, so two requests never wait for each other's second lock.
    for (const key of names.sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
    }
    return work(trx);
  });
}

/** This number's and this client's texts in the last `windowSeconds`, by the database's clock. */
export async function readSmsTallies(
  db: Executor,
  keys: SmsKeys,
  windowSeconds: number,
): Promise<{ now: Date; number: SmsTally; client: SmsTally }> {
  const { rows } = await sql<{
    now: Date | string;
    number_count: string;
    number_oldest: Date | string | null;
    client_count: string;
    client_oldest: Date | string | null;
  }>`
    with recent as (
      select recipient, client, sent_at from sms_sends
      where (recipient = ${keys.recipient} or client = ${keys.client})
        and sent_at > clock_timestamp() - make_interval(secs => ${windowSeconds}))
    select
      clock_timestamp() as now,
      count(*) filter (where recipient = ${keys.recipient}) as number_count,
      min(sent_at) filter (where recipient = ${keys.recipient}) as number_oldest,
      count(*) filter (where client = ${keys.client}) as client_count,
      min(sent_at) filter (where client = ${keys.client}) as client_oldest
    from recent`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the text tally query returned no row');
  const tally = (count: string, oldest: Date | string | null): SmsTally => ({
    count: Number(count),
    oldest: oldest ? new Date(oldest) : null,
  });
  return {
    now: new Date(row.now),
    number: tally(row.number_count, row.number_oldest),
    client: tally(row.client_count, row.client_oldest),
  };
}

export async function insertSmsSend(db: Executor, keys: SmsKeys): Promise<void> {
  await db
    .insertInto('sms_sends')
    // now() is when the transaction began, before it waited for the locks.
    .values({ recipient: keys.recipient, client: keys.client, sent_at: sql`clock_timestamp()` })
    .execute();
}

/** Drops texts older than the window: they no longer count against anyone. */
export async function deleteOldSmsSends(db: Db, windowSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('sms_sends')
    .where('sent_at', '<=', sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
