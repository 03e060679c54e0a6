import { sql } from 'kysely';
import { PREPARED } from '../../db/callback-query-pool.ts';
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
    from unnest(${bookingIds}::uuid[]) as q(id) cross join lateral (${one}) as context`.execute(db);
  return result.rows;
}

export type NewMessage = {
  id: string;
  /** Its recipient's MESSAGE_RECEIVED notice, written in the same transaction (ADR 122). */
  noticeId: string;
  conversationId: string;
  senderId: string;
  content: string;
  clientId: string | null;
};

/**
 * Stores messages in the order given, each stamped as it is written (clock_timestamp, cut to
 * milliseconds like the single insert). A message whose client id its sender already used in that
 * conversation is skipped (ON CONFLICT): only the rows stored now are returned.
 */
export async function insertMessages(db: Executor, rows: NewMessage[]): Promise<MessageRow[]> {
  const result = await sql<MessageRow>`${sql.raw(PREPARED)}insert into messages
      (id, received_notice_id, conversation_id, sender_id, content, client_id, created_at)
    select t.id, t.notice_id, t.conversation_id, t.sender_id, t.content, t.client_id,
      date_trunc('milliseconds', clock_timestamp())
    from unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.noticeId)}::uuid[],
      ${rows.map((row) => row.conversationId)}::uuid[],
      ${rows.map((row) => row.senderId)}::text[], ${rows.map((row) => row.content)}::text[],
      ${rows.map((row) => row.clientId)}::uuid[])
      with ordinality as t(id, notice_id, conversation_id, sender_id, content, client_id, n)
    order by t.n
    on conflict (conversation_id, sender_id, client_id) do nothing
    returning id, conversation_id, sender_id, content, created_at, read_at, edited_at, deleted_at, client_id`.execute(
    db,
  );
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

/**
 * Spec get_user_unread_count for several users in one statement: for each, the user's
 * conversations, then each one's unread messages from the other party (as countUnreadForUser).
 */
export async function countUnreadForUsers(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  const result = await sql<{ user_id: string; count: string }>`${sql.raw(PREPARED)}select u.id as user_id,
      (select coalesce(sum(x.n), 0) from conversations c
        cross join lateral (select count(*) as n from messages m
          where m.conversation_id = c.id and m.sender_id <> u.id
            and m.read_at is null and m.deleted_at is null) x
        where c.guest_id = u.id or c.host_id = u.id) as count
    from unnest(${userIds}::text[]) as u(id)`.execute(db);
  return new Map(result.rows.map((row) => [row.user_id, Number(row.count)]));
}
