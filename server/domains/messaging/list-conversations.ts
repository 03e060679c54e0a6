import type { ConversationSummary } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { type MessagingActor, toMessage, toSummary } from './conversation-rules.ts';
import { type ConversationListRow, listConversationsOfUser } from './repository.ts';

/**
 * The viewer's own conversations, as guest or host, latest activity first (one query). Admins
 * see their own here too; they open others' by booking.
 */
export async function listConversations(
  deps: { db: Db; now: () => Date },
  actor: MessagingActor,
  options: { q?: string; limit: number },
): Promise<ConversationSummary[]> {
  const rows = await listConversationsOfUser(deps.db, actor.userId, options);
  const now = deps.now();
  return rows.map((row) => {
    const role = row.guest_id === actor.userId ? 'guest' : 'host';
    return toSummary(row, role, {
      lastMessage: lastMessageOf(row),
      unreadCount: Number(row.unread_count ?? 0),
      now,
    });
  });
}

function lastMessageOf(row: ConversationListRow) {
  if (!row.last_id || !row.last_sender_id || row.last_created_at === null) return null;
  return toMessage(
    {
      id: row.last_id,
      conversation_id: row.conversation_id,
      sender_id: row.last_sender_id,
      content: row.last_content ?? '',
      created_at: row.last_created_at,
      read_at: row.last_read_at,
      edited_at: row.last_edited_at,
      deleted_at: row.last_deleted_at,
      client_id: row.last_client_id,
    },
    row.booking_id,
  );
}
