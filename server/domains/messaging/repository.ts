import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { firstPrepared, runPrepared } from '../../db/prepared.ts';
import type { BookingStatus, Database, MessageTable } from '../../db/types.ts';

/** The only place with SQL for messaging (ADR 119). */

export type Executor = Db | Transaction<Database>;
// The notice columns (ADR 122) are the sweep's business, not a message's.
export type MessageRow = Omit<Selectable<MessageTable>, 'received_notice_id' | 'email_checked_at'>;

/** Statuses whose booking was paid for at some point: such a booking has a conversation. */
export const CONVERSATION_STATUSES: BookingStatus[] = ['confirmed', 'checked_in', 'completed'];

/**
 * A booking with its bathroom, its conversation (null until created) and both parties' names.
 * The conversation's parties win over the booking's once it exists; before that the guest is the
 * booking's and the host the bathroom's.
 */
/** A conversation's booking and bathroom (k, b, c), and its two parties (g, h), as both reads name them. */
const CONVERSATION_COLUMNS = [
  'k.id as booking_id',
  'k.status',
  'k.starts_at',
  'k.ends_at',
  'k.confirmed_at',
  'k.cancelled_at',
  'b.id as bathroom_id',
  'b.title as bathroom_title',
  'b.timezone',
  'c.id as conversation_id',
] as const;
const PARTY_COLUMNS = [
  'g.id as guest_id',
  'g.first_name as guest_first_name',
  'g.profile_picture_url as guest_avatar',
  // Whether each may still act: a send refuses a sender disabled since its socket vouched for it
  // (ADR 155), in the read it makes anyway.
  'g.is_deleted as guest_is_deleted',
  'g.is_active as guest_is_active',
  'h.id as host_id',
  'h.first_name as host_first_name',
  'h.profile_picture_url as host_avatar',
  'h.is_deleted as host_is_deleted',
  'h.is_active as host_is_active',
] as const;

/** Bookings (k) with their context; the caller says which (send-repository.ts reads many). */
export function conversationContextQuery(db: Executor) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .leftJoin('conversations as c', 'c.booking_id', 'k.id')
    .innerJoin('profiles as g', (join) => join.on(sql<boolean>`g.id = coalesce(c.guest_id, k.guest_id)`))
    .innerJoin('profiles as h', (join) => join.on(sql<boolean>`h.id = coalesce(c.host_id, b.host_id)`))
    .select([...CONVERSATION_COLUMNS, ...PARTY_COLUMNS]);
}

export async function findConversationContext(db: Executor, bookingId: string) {
  return firstPrepared(db, conversationContextQuery(db).where('k.id', '=', bookingId));
}

export type ConversationContext = NonNullable<Awaited<ReturnType<typeof findConversationContext>>>;

/** Creates the booking's conversation unless it exists; returns its id either way. */
export async function ensureConversation(
  db: Executor,
  row: { bookingId: string; guestId: string; hostId: string },
): Promise<string> {
  await db
    .insertInto('conversations')
    .values({ booking_id: row.bookingId, guest_id: row.guestId, host_id: row.hostId })
    .onConflict((conflict) => conflict.column('booking_id').doNothing())
    .execute();
  const found = await db
    .selectFrom('conversations')
    .select('id')
    .where('booking_id', '=', row.bookingId)
    .executeTakeFirstOrThrow();
  return found.id;
}

/** The booking's guest and the host of its bathroom, for a conversation opened at confirmation. */
export async function findBookingParties(db: Executor, bookingId: string) {
  return db
    .selectFrom('bookings as k')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .select(['k.id', 'k.guest_id', 'b.host_id'])
    .where('k.id', '=', bookingId)
    .executeTakeFirst();
}

/** Newest first, `limit` of them, before the cursor when there is one. */
export async function listMessages(
  db: Executor,
  conversationId: string,
  options: { before?: { createdAt: Date; id: string }; limit: number },
): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit);
  const { before } = options;
  if (before) {
    query = query.where(
      sql<boolean>`(created_at, id) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`,
    );
  }
  return runPrepared(db, query);
}

export async function findMessage(db: Executor, conversationId: string, messageId: string) {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

/**
 * Stores a message; with a client id already used by this sender here, stores nothing and returns
 * the first one (`created: false`), so a retried optimistic send is not sent twice.
 */
export async function insertMessage(
  db: Executor,
  row: { conversationId: string; senderId: string; content: string; clientId: string | null },
): Promise<{ message: MessageRow; created: boolean }> {
  const inserted = await firstPrepared(
    db,
    db
      .insertInto('messages')
      .values({
        conversation_id: row.conversationId,
        sender_id: row.senderId,
        content: row.content,
        client_id: row.clientId,
        // clock_timestamp, not now(): two messages in one transaction (the seed) keep their order.
        // Cut to milliseconds, as the cursor and the read marker carry it back from JavaScript.
        created_at: sql<Date>`date_trunc('milliseconds', clock_timestamp())`,
      })
      .onConflict((conflict) => conflict.columns(['conversation_id', 'sender_id', 'client_id']).doNothing())
      .returningAll(),
  );
  if (inserted) return { message: inserted, created: true };
  const existing = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', row.conversationId)
    .where('sender_id', '=', row.senderId)
    .where('client_id', '=', row.clientId)
    .executeTakeFirstOrThrow();
  return { message: existing, created: false };
}

/** Marks the other party's unread messages up to (and including) this one read; how many changed. */
export async function markReadUpTo(
  db: Executor,
  conversationId: string,
  readerId: string,
  upToMessageId: string,
): Promise<number> {
  const result = await db
    .updateTable('messages')
    .set({ read_at: sql<Date>`now()` })
    .where('conversation_id', '=', conversationId)
    .where('sender_id', '<>', readerId)
    .where('read_at', 'is', null)
    .where('deleted_at', 'is', null)
    .where(
      sql<boolean>`(created_at, id) <= (select u.created_at, u.id from messages u where u.id = ${upToMessageId})`,
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Empties a message and marks it deleted; returns the row as it is now. */
export async function softDeleteMessage(db: Executor, messageId: string): Promise<MessageRow> {
  return db
    .updateTable('messages')
    .set({ content: '', deleted_at: sql<Date>`coalesce(deleted_at, now())` })
    .where('id', '=', messageId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Spec get_user_unread_count: the messages others sent the user, in any of the user's
 * conversations, not yet read (deleted ones do not count). One statement, on the partial index.
 */
/**
 * Spec §7 get_user_unread_count. Written as "the user's conversations, then each one's unread
 * messages" so the plan starts from the user's few conversations whatever the statistics say: as
 * a join, a never-analysed messages table (a new deployment, before autovacuum) was scanned from
 * the unread side, ~340 probes per send in bench:chat (docs/PERFORMANCE.md, Chat).
 */
export async function countUnreadForUser(db: Executor, userId: string): Promise<number> {
  const row = await firstPrepared(
    db,
    db
      .selectFrom('conversations as c')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('messages as m')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('m.conversation_id', '=', 'c.id')
            .where('m.sender_id', '<>', userId)
            .where('m.read_at', 'is', null)
            .where('m.deleted_at', 'is', null)
            .as('u'),
        (join) => join.onTrue(),
      )
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('u.n'), eb.lit(0)).as('count'))
      .where((eb) => eb.or([eb('c.guest_id', '=', userId), eb('c.host_id', '=', userId)])),
  );
  return Number(row?.count ?? 0);
}

export async function countUnreadInConversation(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<number> {
  const row = await firstPrepared(
    db,
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('conversation_id', '=', conversationId)
      .where('sender_id', '<>', userId)
      .where('read_at', 'is', null)
      .where('deleted_at', 'is', null),
  );
  return Number(row?.count ?? 0);
}

/** The newest of the user's own messages the other party has read: "Seen" up to there. */
export async function lastReadOwnMessageAt(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<Date | null> {
  const row = await firstPrepared(
    db,
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('conversation_id', '=', conversationId)
      .where('sender_id', '=', userId)
      .where('read_at', 'is not', null),
  );
  return row?.at ? new Date(row.at) : null;
}

/**
 * The user's conversations (as guest or host), latest activity first, each with the context a
 * summary needs, its last message and the user's unread count in it. `q` filters by the other
 * party's first name or the bathroom's title.
 */
export async function listConversationsOfUser(
  db: Executor,
  userId: string,
  options: { q?: string; limit: number },
) {
  let query = db
    .selectFrom('conversations as c')
    .innerJoin('bookings as k', 'k.id', 'c.booking_id')
    .innerJoin('bathrooms as b', 'b.id', 'k.bathroom_id')
    .innerJoin('profiles as g', 'g.id', 'c.guest_id')
    .innerJoin('profiles as h', 'h.id', 'c.host_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as m')
          .selectAll('m')
          .whereRef('m.conversation_id', '=', 'c.id')
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select([
      ...CONVERSATION_COLUMNS,
      'c.created_at as conversation_created_at',
      ...PARTY_COLUMNS,
      'last.id as last_id',
      'last.sender_id as last_sender_id',
      'last.content as last_content',
      'last.created_at as last_created_at',
      'last.read_at as last_read_at',
      'last.edited_at as last_edited_at',
      'last.deleted_at as last_deleted_at',
      'last.client_id as last_client_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('messages as u')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('u.conversation_id', '=', 'c.id')
        .where('u.sender_id', '<>', userId)
        .where('u.read_at', 'is', null)
        .where('u.deleted_at', 'is', null)
        .as('unread_count'),
    )
    .where((eb) => eb.or([eb('c.guest_id', '=', userId), eb('c.host_id', '=', userId)]));
  if (options.q) {
    const pattern = containsPattern(options.q);
    query = query.where((eb) =>
      eb.or([
        eb('b.title', 'ilike', pattern),
        eb.and([eb('c.guest_id', '=', userId), eb('h.first_name', 'ilike', pattern)]),
        eb.and([eb('c.host_id', '=', userId), eb('g.first_name', 'ilike', pattern)]),
      ]),
    );
  }
  return runPrepared(
    db,
    query
      .orderBy(sql`coalesce(last.created_at, c.created_at)`, 'desc')
      .orderBy('c.id', 'desc')
      .limit(options.limit),
  );
}

export type ConversationListRow = Awaited<ReturnType<typeof listConversationsOfUser>>[number];

/** Messages with their own times, as they were written (the demo seed's conversations). */
export async function insertMessagesAsWritten(
  db: Executor,
  conversationId: string,
  rows: Array<{ senderId: string; content: string; createdAt: Date; readAt: Date | null }>,
): Promise<number> {
  if (!rows.length) return 0;
  await db
    .insertInto('messages')
    .values(
      rows.map((row) => ({
        conversation_id: conversationId,
        sender_id: row.senderId,
        content: row.content,
        created_at: row.createdAt,
        read_at: row.readAt,
      })),
    )
    .execute();
  return rows.length;
}
