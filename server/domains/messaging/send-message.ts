import type { Message, SendMessageInput } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { accessConversation, otherPartyOf, requireParty } from './conversation-access.ts';
import { closedReason, type MessagingActor, toMessage } from './conversation-rules.ts';
import type { MessageEvents } from './message-events.ts';
import { insertMessage } from './repository.ts';

/**
 * A guest or host sends a message (ADR 119): while the conversation is open, in one transaction
 * with its events. The same clientId again returns the first message and publishes nothing, so a
 * retried optimistic send appears once.
 */
export async function sendMessage(
  deps: { db: Db; events: MessageEvents; now: () => Date },
  actor: MessagingActor,
  bookingId: string,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await accessConversation(trx, actor, bookingId);
    const role = requireParty(access);
    const reason = closedReason(access.facts, role, deps.now());
    if (reason) throw new AppError('conflict', reason);
    const { message: row, created } = await insertMessage(trx, {
      conversationId: access.facts.conversation_id,
      senderId: actor.userId,
      content: input.content,
      clientId: input.clientId ?? null,
    });
    const message = toMessage(row, bookingId);
    if (created) {
      const sender =
        role === 'guest'
          ? { firstName: access.facts.guest_first_name, avatarUrl: access.facts.guest_avatar }
          : { firstName: access.facts.host_first_name, avatarUrl: access.facts.host_avatar };
      await deps.events.created(trx, message, otherPartyOf(access, role).id, sender);
    }
    return { message, created };
  });
}
