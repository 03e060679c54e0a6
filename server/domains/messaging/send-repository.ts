import { type RawBuilder, sql } from 'kysely';
import { MESSAGE_EVENTS } from '../../../common/schemas/messages.ts';
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
  /** Its recipient's MESSAGE_RECEIVED notice, written by the same statement (ADR 122). */
  noticeId: string;
  conversationId: string;
  senderId: string;
  /** The other party: whose unread count the statement sends. */
  recipientId: string;
  content: string;
  clientId: string | null;
};

/** The constraint a client id used twice by one sender in one conversation breaks. */
export const CLIENT_ID_CONSTRAINT = 'messages_client_id_key';

/**
 * Stores a batch of messages in one autocommitted statement (ADR 154), with what they tell:
 * - the messages, in the order given, all stamped `createdAt`;
 * - `notices`, the recipients' notices' insert (NotificationService.stageMany), as a CTE;
 * - `notify`, the realtime bus's select sending the messages' and notices' live events;
 * - each recipient's unread count (spec get_user_unread_count) as a `message.unread` event,
 *   composed here because only this statement knows it: the recipient's unread messages in its
 *   snapshot, which does not hold its own inserts, plus the ones it stores for them. The count
 *   reads each of the recipient's conversations, then its unread messages, as countUnreadForUser
 *   does, so the plan stays a few index probes per recipient. `notifyEach` is the bus's
 *   notifyEachRow.
 * All or nothing: a client id its sender already used in that conversation fails the statement
 * on CLIENT_ID_CONSTRAINT (the caller answers those sends with the stored message and writes the
 * rest again), so every event sent is of a message stored.
 */
export async function writeMessages(
  db: Executor,
  rows: NewMessage[],
  tells: {
    createdAt: Date;
    notices: RawBuilder<unknown>;
    notify: RawBuilder<{ notified: string }>;
    notifyEach: (texts: RawBuilder<{ text: string }>) => RawBuilder<{ notified: string }>;
  },
): Promise<void> {
  const column = (key: keyof NewMessage, type: 'uuid' | 'text') =>
    batchArray(
      rows.map((row) => row[key]),
      type,
    );
  const unreadEvents = sql<{ text: string }>`select '{"channel":' || to_json('user:' || b.recipient_id)::text
        || ',"event":' || to_json(${MESSAGE_EVENTS.unread}::text)::text || ',"payload":{"count":'
        || (b.stored + (
          select coalesce(sum(x.n), 0) from conversations c
          cross join lateral (select count(*) as n from messages m
            where m.conversation_id = c.id and m.sender_id <> b.recipient_id
              and m.read_at is null and m.deleted_at is null) x
          where c.guest_id = b.recipient_id or c.host_id = b.recipient_id
        )) || '}}' as text
      from (select r.recipient_id, count(*) as stored
        from unnest(${column('recipientId', 'text')}) as r(recipient_id)
        group by r.recipient_id) as b`;
  const result = await sql<{ stored: number; noticed: number }>`${sql.raw(PREPARED)}with inserted as (
      insert into messages
        (id, received_notice_id, conversation_id, sender_id, content, client_id, created_at)
      select t.id, t.notice_id, t.conversation_id, t.sender_id, t.content, t.client_id,
        ${tells.createdAt}::timestamptz
      from unnest(${column('id', 'uuid')}, ${column('noticeId', 'uuid')}, ${column('conversationId', 'uuid')},
        ${column('senderId', 'text')}, ${column('content', 'text')}, ${column('clientId', 'uuid')})
        with ordinality as t(id, notice_id, conversation_id, sender_id, content, client_id, n)
      order by t.n
      returning 1
    ), notices as (${tells.notices}),
    told as (${tells.notify}),
    counted as (${tells.notifyEach(unreadEvents)})
    select (select count(*) from inserted)::integer as stored,
      (select count(*) from notices)::integer as noticed,
      (select notified from told) as told,
      (select notified from counted) as counted`.execute(db);
  const { stored = 0, noticed = 0 } = result.rows[0] ?? {};
  if (stored !== rows.length || noticed !== rows.length)
    throw new Error(`stored ${stored} messages and ${noticed} notices of ${rows.length}`);
}

/** The messages senders already stored under these client ids (retried sends), by client id. */
export async function findMessagesByClientIds(
  db: Executor,
  rows: Array<{ conversationId: string; senderId: string; clientId: string }>,
): Promise<MessageRow[]> {
  if (!rows.length) return [];
  const result = await sql<MessageRow>`select m.id, m.conversation_id, m.sender_id, m.content, m.created_at,
      m.read_at, m.edited_at, m.deleted_at, m.client_id
    from unnest(${batchArray(
      rows.map((row) => row.conversationId),
      'uuid',
    )}, ${batchArray(
      rows.map((row) => row.senderId),
      'text',
    )}, ${batchArray(
      rows.map((row) => row.clientId),
      'uuid',
    )}) as q(conversation_id, sender_id, client_id)
    join messages m on m.conversation_id = q.conversation_id and m.sender_id = q.sender_id
      and m.client_id = q.client_id`.execute(db);
  return result.rows;
}
