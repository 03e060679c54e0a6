import { randomUUID } from 'node:crypto';
import { v7 as timeOrderedId } from 'uuid';
import type { Message, SendMessageInput } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { accessConversation, otherPartyOf, requireParty } from './conversation-access.ts';
import { closedReason, type MessagingActor, toMessage } from './conversation-rules.ts';
import type { MessageEvents, NewMessageEvent } from './message-events.ts';
import type { MessageNotices, ReceivedMessage } from './message-notices.ts';
import {
  findConversationContexts,
  findMessageByClientId,
  type InsertedMessage,
  insertMessages,
  type NewMessage,
} from './send-repository.ts';

export type SendRequest = { actor: MessagingActor; bookingId: string; input: SendMessageInput };
/** A message stored now, with what its events and its notice need. */
type SentMessage = NewMessageEvent & ReceivedMessage;

export type SendOutcome = { ok: true; message: Message; created: boolean } | { ok: false; error: unknown };

/**
 * Guests and hosts send messages (ADR 119), any number in one transaction (ADR 148: the send
 * queue batches what arrives together). Each is checked on its own: a message to a closed
 * conversation, or from someone who is not a party, fails alone and the rest are stored. The
 * same clientId again returns the first message and publishes nothing, so a retried optimistic
 * send appears once. Everything a message tells (its events, the recipient's notice) is written
 * in the same transaction.
 */
export async function sendMessages(
  deps: {
    db: Db;
    events: Pick<MessageEvents, 'createdEvents'>;
    notices: Pick<MessageNotices, 'receivedMany'>;
    now: () => Date;
  },
  requests: SendRequest[],
): Promise<SendOutcome[]> {
  return deps.db.transaction().execute(async (trx) => {
    const bookingIds = [...new Set(requests.map((request) => request.bookingId))];
    const contexts = new Map(
      (await findConversationContexts(trx, bookingIds)).map((context) => [context.booking_id, context]),
    );
    const outcomes: SendOutcome[] = [];
    const accepted: Array<{
      index: number;
      row: NewMessage;
      sent: Omit<SentMessage, 'message' | 'noticeId' | 'recipientUnread'>;
    }> = [];
    for (const [index, { actor, bookingId, input }] of requests.entries()) {
      try {
        const access = await accessConversation(trx, actor, bookingId, contexts.get(bookingId) ?? null);
        const role = requireParty(access);
        const reason = closedReason(access.facts, role, deps.now());
        if (reason) throw new AppError('conflict', reason);
        const recipientId = otherPartyOf(access, role).id;
        const row = {
          // Time-ordered ids: messages stored in the same millisecond keep the order they came in
          // (the thread and its cursor order by time, then id).
          id: timeOrderedId(),
          noticeId: randomUUID(),
          conversationId: access.facts.conversation_id,
          senderId: actor.userId,
          recipientId,
          content: input.content,
          clientId: input.clientId ?? null,
        };
        const { facts } = access;
        const senderProfile =
          role === 'guest'
            ? { firstName: facts.guest_first_name, avatarUrl: facts.guest_avatar }
            : { firstName: facts.host_first_name, avatarUrl: facts.host_avatar };
        accepted.push({ index, row, sent: { facts, sender: role, recipientId, senderProfile } });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    }
    if (!accepted.length) return outcomes;

    const stored = new Map<string, InsertedMessage>(
      (
        await insertMessages(
          trx,
          accepted.map((item) => item.row),
        )
      ).map((row) => [row.id, row]),
    );
    const created: SentMessage[] = [];
    for (const { index, row, sent } of accepted) {
      const fresh = stored.get(row.id);
      // Not stored: its client id was used before (a retry), so the first message answers it.
      const found = fresh ?? (await findMessageByClientId(trx, { ...row, clientId: row.clientId as string }));
      const message = toMessage(found, sent.facts.booking_id);
      outcomes[index] = { ok: true, message, created: Boolean(fresh) };
      if (fresh)
        created.push({ ...sent, message, noticeId: row.noticeId, recipientUnread: fresh.recipient_unread });
    }
    // The messages' events and their notices' leave in one NOTIFY round trip.
    await deps.notices.receivedMany(trx, created, deps.events.createdEvents(created));
    return outcomes;
  });
}
