import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { accessConversation, requireParty } from './conversation-access.ts';
import type { MessagingActor } from './conversation-rules.ts';
import type { MessageEvents } from './message-events.ts';
import { countUnreadForUser, findMessage, markReadUpTo } from './repository.ts';

/**
 * The reader has seen the conversation up to a message: every earlier unread message from the
 * other party becomes read. The other party's tab hears "read up to" (its "Seen"), the reader's
 * tabs their new unread count, which is also the answer. Reading stays open after sending closes.
 */
export async function markConversationRead(
  deps: { db: Db; events: MessageEvents },
  actor: MessagingActor,
  bookingId: string,
  upToMessageId: string,
): Promise<{ count: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await accessConversation(trx, actor, bookingId);
    requireParty(access);
    const upTo = await findMessage(trx, access.facts.conversation_id, upToMessageId);
    if (!upTo) {
      throw new AppError('not_found', 'There is no such message in this conversation.', [
        { field: 'upToMessageId', message: 'Choose a message of this conversation.' },
      ]);
    }
    const changed = await markReadUpTo(trx, access.facts.conversation_id, actor.userId, upTo.id);
    const count = await countUnreadForUser(trx, actor.userId);
    const readUpTo = changed > 0 ? new Date(upTo.created_at).toISOString() : null;
    await deps.events.read(trx, bookingId, actor.userId, readUpTo, count);
    return { count };
  });
}
