import type { Message } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { accessConversation, otherPartyOf, requireParty } from './conversation-access.ts';
import { type MessagingActor, toMessage } from './conversation-rules.ts';
import type { MessageEvents } from './message-events.ts';
import { findMessage, softDeleteMessage } from './repository.ts';

/**
 * A party deletes one of their own messages: its text is emptied and it stays in place as
 * "Message deleted" for both. Deleting it again answers the same marker. Allowed after sending
 * closes too: taking one's own words back is always fine.
 */
export async function deleteMessage(
  deps: { db: Db; events: MessageEvents },
  actor: MessagingActor,
  bookingId: string,
  messageId: string,
): Promise<Message> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await accessConversation(trx, actor, bookingId);
    const role = requireParty(access);
    const found = await findMessage(trx, access.facts.conversation_id, messageId);
    if (!found) throw new AppError('not_found', 'There is no such message in this conversation.');
    if (found.sender_id !== actor.userId) {
      throw new AppError('forbidden', 'You can delete only your own messages.');
    }
    if (found.deleted_at) return toMessage(found, bookingId);
    const message = toMessage(await softDeleteMessage(trx, messageId), bookingId);
    await deps.events.deleted(trx, message, otherPartyOf(access, role).id, found.read_at === null);
    return message;
  });
}
