import { sql } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
import { batchArray } from '../../db/prepared.ts';
import { conversationContextQuery, type Executor, type MessageRow } from './repository.ts';

/**
 * SQL for sends written together (ADR 148): each statement takes the whole batch as arrays, so a
 * batch of any size costs the same few round trips. Every text is constant, so each is prepared.
 */

/**
 * findConversationContext for many bookings at once: each booking looked up as that query looks
 * it up (by its keys), so the plan stays a few index probes per booking whatever the batch size
 * and the tables' sizes; with `k.id = any($1)` the prepared plan hashed profiles, bookings and
 * bathrooms whole.
 */
export async function findConversationContexts(db: Executor, bookingIds: string[]) {
  const one = conversationContextQuery(db)
    .where(sql<boolean>`k.id = q.id`)
    // Keeps the subquery from being merged into one join of the whole tables.
    .offset(0);
  type Context = NonNullable<Awaited<ReturnType<typeof one.executeTakeFirst>>>;
  const result = await sql<Context>`${sql.raw(PREPARED)}select context.*
    from unnest(${batchArray(bookingIds, 'uuid')}) as q(id) cross join lateral (${one}) as context`.execute(
    db,
  );
  return result.rows;
}

export type NewMessage = {
  id: string;
  /** Its recipient's MESSAGE_RECEIVED notice, written in the same transaction (ADR 122). */
  noticeId: string;
  conversationId: string;
  senderId: string;
  /** The other party: whose unread count the insert answers with. */
  recipientId: string;
  content: string;
  clientId: string | null;
};

/** A stored message, and its recipient's unread count with this batch's messages counted in. */
export type InsertedMessage = MessageRow & { recipient_id: string; recipient_unread: number };

/**
 * Stores messages in the order given, each stamped as it is written (clock_timestamp, cut to
 * milliseconds like the single insert). A message whose client id its sender already used in that
 * conversation is skipped (ON CONFLICT): only the rows stored now are returned.
 *
 * Each row comes back with its recipient's unread count (spec get_user_unread_count) as it stands
 * once these messages are stored, answered by the same statement: the statement's snapshot does
 * not hold its own inserts, so the count is the recipient's unread messages before it plus the
 * ones it stored for them. One round trip fewer per batch than counting afterwards (ADR 152).
 * The count reads each of the recipient's conversations, then its unread messages, as
 * countUnreadForUser does, so the plan stays a few index probes per recipient.
 */
export async function insertMessages(db: Executor, rows: NewMessage[]): Promise<InsertedMessage[]> {
  const column = (key: keyof NewMessage, type: 'uuid' | 'text') =>
    batchArray(
      rows.map((row) => row[key]),
      type,
    );
  const result = await sql<InsertedMessage>`${sql.raw(PREPARED)}with inserted as (
      insert into messages
        (id, received_notice_id, conversation_id, sender_id, content, client_id, created_at)
      select t.id, t.notice_id, t.conversation_id, t.sender_id, t.content, t.client_id,
        date_trunc('milliseconds', clock_timestamp())
      from unnest(${column('id', 'uuid')}, ${column('noticeId', 'uuid')}, ${column('conversationId', 'uuid')},
        ${column('senderId', 'text')}, ${column('content', 'text')}, ${column('clientId', 'uuid')})
        with ordinality as t(id, notice_id, conversation_id, sender_id, content, client_id, n)
      order by t.n
      on conflict (conversation_id, sender_id, client_id) do nothing
      returning id, conversation_id, sender_id, content, created_at, read_at, edited_at, deleted_at, client_id
    ), addressed as (
      select i.*, r.recipient_id
      from inserted i
      join unnest(${column('id', 'uuid')}, ${column('recipientId', 'text')})
        as r(id, recipient_id) on r.id = i.id
    ), unread as (
      select a.recipient_id, count(*) + (
          select coalesce(sum(x.n), 0) from conversations c
          cross join lateral (select count(*) as n from messages m
            where m.conversation_id = c.id and m.sender_id <> a.recipient_id
              and m.read_at is null and m.deleted_at is null) x
          where c.guest_id = a.recipient_id or c.host_id = a.recipient_id
        ) as recipient_unread
      from addressed a
      group by a.recipient_id
    )
    select a.*, u.recipient_unread::integer as recipient_unread
    from addressed a join unread u on u.recipient_id = a.recipient_id`.execute(db);
  return result.rows;
}

/** The message a sender already stored under a client id (a retried send). */
export async function findMessageByClientId(
  db: Executor,
  row: { conversationId: string; senderId: string; clientId: string },
): Promise<MessageRow> {
  return db
    .selectFrom('messages')
    .select([
      'id',
      'conversation_id',
      'sender_id',
      'content',
      'created_at',
      'read_at',
      'edited_at',
      'deleted_at',
      'client_id',
    ])
    .where('conversation_id', '=', row.conversationId)
    .where('sender_id', '=', row.senderId)
    .where('client_id', '=', row.clientId)
    .executeTakeFirstOrThrow();
}
