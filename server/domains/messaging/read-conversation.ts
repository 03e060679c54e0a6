import {
  type ConversationPage,
  decodeMessageCursor,
  encodeMessageCursor,
} from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { accessConversation } from './conversation-access.ts';
import { type MessagingActor, toMessage, toSummary } from './conversation-rules.ts';
import { countUnreadInConversation, lastReadOwnMessageAt, listMessages } from './repository.ts';

/**
 * One page of a conversation, oldest first (newest last), with its summary. `before` is the
 * cursor of the oldest message shown so far; nextCursor is null once the start is reached.
 * Reading marks nothing read: the page says what it has shown (POST …/read).
 */
export async function readConversation(
  deps: { db: Db; now: () => Date },
  actor: MessagingActor,
  bookingId: string,
  options: { before?: string; limit: number },
): Promise<ConversationPage> {
  const access = await accessConversation(deps.db, actor, bookingId);
  const conversationId = access.facts.conversation_id;
  const [rows, unreadCount, otherReadUpTo] = await Promise.all([
    listMessages(deps.db, conversationId, {
      limit: options.limit + 1,
      ...(options.before ? { before: decodeMessageCursor(options.before) } : {}),
    }),
    access.role === 'admin' ? 0 : countUnreadInConversation(deps.db, conversationId, actor.userId),
    access.role === 'admin' ? null : lastReadOwnMessageAt(deps.db, conversationId, actor.userId),
  ]);
  const hasOlder = rows.length > options.limit;
  const messages = rows
    .slice(0, options.limit)
    .reverse()
    .map((row) => toMessage(row, bookingId));
  const oldest = messages[0];
  // The newest message overall is the first row of the newest page only.
  const lastMessage = options.before ? null : (messages.at(-1) ?? null);
  return {
    conversation: toSummary(access.facts, access.role, { lastMessage, unreadCount, now: deps.now() }),
    messages,
    nextCursor: hasOlder && oldest ? encodeMessageCursor(oldest) : null,
    otherReadUpTo: otherReadUpTo ? otherReadUpTo.toISOString() : null,
  };
}
