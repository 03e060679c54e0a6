import type {
  ConversationPage,
  ConversationSummary,
  Message,
  SendMessageInput,
} from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { RealtimeBus } from '../realtime/bus.ts';
import type { Gateway } from '../realtime/gateway.ts';
import { conversationAuthorizer } from './conversation-channel.ts';
import type { MessagingActor } from './conversation-rules.ts';
import { deleteMessage } from './delete-message.ts';
import { listConversations } from './list-conversations.ts';
import { markConversationRead } from './mark-conversation-read.ts';
import { createMessageEvents } from './message-events.ts';
import { createMessageNotices } from './message-notices.ts';
import { readConversation } from './read-conversation.ts';
import { countUnreadForUser, type Executor, ensureConversation, findBookingParties } from './repository.ts';
import { sendMessages } from './send-messages.ts';
import { createSendQueue } from './send-queue.ts';
import { createTypingSignal } from './signal-typing.ts';

/**
 * Messaging between a booking's guest and its host (spec §1, PRODUCT.md Messages, ADR 119). Each
 * business step lives in its own file; this wires them to the database, the realtime bus and the
 * clock. Callers pass an actor the auth guard has let through (signed in, active account).
 */
export function createMessagingService(deps: {
  db: Db;
  bus: Pick<RealtimeBus, 'publish' | 'publishMany' | 'publishEncodedWithin' | 'notifyEachRow'>;
  /** Where the conversation channel is authorised. */
  gateway?: Pick<Gateway, 'addAuthorizer'>;
  /** Where the MESSAGE_* notices go (ADR 122). */
  notifications: Pick<
    NotificationService,
    'notifyMany' | 'stageMany' | 'queueDeferredEmails' | 'dropDeferredEmails'
  >;
  /** The clock for "is it still open?" (tests move it). */
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const events = createMessageEvents(deps.bus);
  const notices = createMessageNotices({ db, notifications: deps.notifications, now });
  const signalTyping = createTypingSignal({ db, events, now });
  deps.gateway?.addAuthorizer(conversationAuthorizer(db));
  const sendQueue = createSendQueue((requests) =>
    sendMessages({ db, bus: deps.bus, events, notices, now }, requests),
  );

  return {
    /**
     * Opens a booking's conversation when it is confirmed, inside the confirming transaction
     * (bookings calls this); nothing happens if it is open already.
     */
    async openConversation(trx: Executor, bookingId: string): Promise<void> {
      const parties = await findBookingParties(trx, bookingId);
      if (!parties) return;
      await ensureConversation(trx, { bookingId, guestId: parties.guest_id, hostId: parties.host_id });
    },
    list: (actor: MessagingActor, options: { q?: string; limit: number }): Promise<ConversationSummary[]> =>
      listConversations({ db, now }, actor, options),
    read: (
      actor: MessagingActor,
      bookingId: string,
      options: { before?: string; limit: number },
    ): Promise<ConversationPage> => readConversation({ db, now }, actor, bookingId, options),
    /** Spec get_user_unread_count: one query. */
    unreadCount: (userId: string): Promise<number> => countUnreadForUser(db, userId),
    /**
     * Sends go through the send queue: those arriving together are written together (ADR 148).
     * `admitted` is a check of the caller's still under way; the send is stored only if it passes.
     */
    send: (actor: MessagingActor, bookingId: string, input: SendMessageInput, admitted?: Promise<void>) => {
      // Read only when its batch goes, which may be after it fails: marked handled meanwhile, so a
      // refusal is not an unhandled rejection (which would end the process).
      admitted?.catch(() => {});
      return sendQueue.send({ actor, bookingId, input, ...(admitted ? { admitted } : {}) });
    },
    markRead: (actor: MessagingActor, bookingId: string, upToMessageId: string) =>
      markConversationRead({ db, events, notices }, actor, bookingId, upToMessageId),
    remove: (actor: MessagingActor, bookingId: string, messageId: string): Promise<Message> =>
      deleteMessage({ db, events, notices }, actor, bookingId, messageId),
    typing: signalTyping,
    /** MESSAGE_REVIEW to both parties, inside the completing transaction (bookings calls this). */
    bookingCompleted: notices.bookingCompleted,
    /** The minute sweep of message notices: held emails and reply reminders (ADR 122). */
    sweepNotices: notices.sweep,
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
