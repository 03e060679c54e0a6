import {
  MESSAGE_EVENT_CONTENT_BYTES,
  MESSAGE_EVENTS,
  type Message,
  type MessageAlert,
  messagePreview,
} from '../../../common/schemas/messages.ts';
import type { RealtimeBus, RealtimeEvent } from '../realtime/bus.ts';
import { conversationChannel } from './conversation-channel.ts';
import { firstNameOrFallback } from './conversation-rules.ts';
import { countUnreadForUser, type Executor } from './repository.ts';

/** A message just stored, as its events need it. */
export type NewMessageEvent = {
  message: Message;
  recipientId: string;
  senderProfile: { firstName: string | null; avatarUrl: string | null };
};

/**
 * What messaging tells the open tabs (common/schemas/messages.ts lists the events). Everything is
 * published inside the write's transaction, so nothing goes out for a write that did not commit.
 */

const userChannel = (userId: string) => `user:${userId}`;

/**
 * Spec §3's in-app message alert. Its content is the spec §9 preview (80 characters and an
 * ellipsis): the alert shows no more, and the event then stays far below NOTIFY's 8,000 bytes with
 * the whole message beside it.
 */
export function messageAlert(
  message: Message,
  sender: { firstName: string | null; avatarUrl: string | null },
): MessageAlert {
  return {
    id: message.id,
    bookingId: message.bookingId,
    senderName: firstNameOrFallback(sender.firstName),
    senderAvatar: sender.avatarUrl,
    content: messagePreview(message.content),
    timestamp: message.createdAt,
    isRead: false,
  };
}

/**
 * The message as a live event carries it: whole, or with its content cut to
 * MESSAGE_EVENT_CONTENT_BYTES and marked partial when four-byte characters would overflow a NOTIFY.
 */
export function eventMessage(message: Message): { message: Message; partial?: true } {
  const bytes = Buffer.from(message.content);
  if (bytes.length <= MESSAGE_EVENT_CONTENT_BYTES) return { message };
  // Cut on a character boundary: drop continuation bytes (10xxxxxx) after the cut's start.
  let end = MESSAGE_EVENT_CONTENT_BYTES;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return { message: { ...message, content: bytes.subarray(0, end).toString('utf8') }, partial: true };
}

async function unreadEvent(db: Executor, userId: string): Promise<RealtimeEvent> {
  return {
    channel: userChannel(userId),
    event: MESSAGE_EVENTS.unread,
    payload: { count: await countUnreadForUser(db, userId) },
  };
}

export function createMessageEvents(bus: Pick<RealtimeBus, 'publish' | 'publishMany'>) {
  return {
    /**
     * New messages' events: each on its conversation's channel and, with its alert, on its
     * recipient's. Returned, not published: the send's one statement publishes them with its
     * notices' and each recipient's unread count, which only that statement knows (ADR 154).
     */
    createdEvents(sent: NewMessageEvent[]): RealtimeEvent[] {
      const events: RealtimeEvent[] = [];
      for (const { message, recipientId, senderProfile } of sent) {
        const payload = eventMessage(message);
        events.push(
          { channel: conversationChannel(message.bookingId), event: MESSAGE_EVENTS.created, payload },
          {
            channel: userChannel(recipientId),
            event: MESSAGE_EVENTS.created,
            payload: { ...payload, alert: messageAlert(message, senderProfile) },
          },
        );
      }
      return events;
    },

    async deleted(trx: Executor, message: Message, recipientId: string, wasUnread: boolean) {
      const events: RealtimeEvent[] = [
        {
          channel: conversationChannel(message.bookingId),
          event: MESSAGE_EVENTS.deleted,
          payload: { message },
        },
      ];
      if (wasUnread) events.push(await unreadEvent(trx, recipientId));
      await bus.publishMany(events, trx);
    },

    async read(trx: Executor, bookingId: string, readerId: string, readUpTo: string | null, count: number) {
      const events: RealtimeEvent[] = [
        { channel: userChannel(readerId), event: MESSAGE_EVENTS.unread, payload: { count } },
      ];
      if (readUpTo) {
        events.unshift({
          channel: conversationChannel(bookingId),
          event: MESSAGE_EVENTS.read,
          payload: { readerId, readUpTo },
        });
      }
      await bus.publishMany(events, trx);
    },

    async typing(bookingId: string, userId: string, firstName: string | null) {
      await bus.publish(conversationChannel(bookingId), MESSAGE_EVENTS.typing, {
        userId,
        firstName: firstNameOrFallback(firstName),
      });
    },
  };
}

export type MessageEvents = ReturnType<typeof createMessageEvents>;
