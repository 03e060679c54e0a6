import { randomUUID } from 'node:crypto';
import { v7 as timeOrderedId } from 'uuid';
import type { Message, SendMessageInput } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { requireActiveAccount } from '../auth/auth-service.ts';
import { encode, type RealtimeBus } from '../realtime/bus.ts';
import { accessConversation, otherPartyOf, requireParty } from './conversation-access.ts';
import { closedReason, type MessagingActor, toMessage } from './conversation-rules.ts';
import type { MessageEvents, NewMessageEvent } from './message-events.ts';
import type { MessageNotices, ReceivedMessage } from './message-notices.ts';
import type { MessageRow } from './repository.ts';
import {
  CLIENT_ID_CONSTRAINT,
  findConversationContexts,
  findMessagesByClientIds,
  type NewMessage,
  writeMessages,
} from './send-repository.ts';

export type SendRequest = {
  actor: MessagingActor;
  bookingId: string;
  input: SendMessageInput;
  /**
   * Settles when the caller's own check does (a rate-limit count, ADR 155's Consequences): the
   * conversations are read meanwhile, and a send it rejects fails with its reason, unstored.
   */
  admitted?: Promise<void>;
};

export type SendOutcome = { ok: true; message: Message; created: boolean } | { ok: false; error: unknown };

type Deps = {
  db: Db;
  bus: Pick<RealtimeBus, 'publishEncodedWithin' | 'notifyEachRow'>;
  events: Pick<MessageEvents, 'createdEvents'>;
  notices: Pick<MessageNotices, 'stageReceived'>;
  now: () => Date;
};

/** A send that may be stored: its row, and what its events and notice need. */
type Accepted = {
  index: number;
  row: NewMessage;
  bookingId: string;
  sent: Omit<NewMessageEvent & ReceivedMessage, 'message' | 'noticeId'>;
};

/**
 * Guests and hosts send messages (ADR 119), any number at once (ADR 148: the send queue batches
 * what arrives together). Each is checked on its own: a message to a closed conversation, or from
 * someone who is not a party, fails alone and the rest are stored. The same clientId again
 * returns the first message and publishes nothing, so a retried optimistic send appears once.
 *
 * Two round trips (ADR 154): the conversations are read, then one statement stores the messages,
 * their recipients' notices and unread counts, and sends their live events, all or nothing.
 */
export async function sendMessages(deps: Deps, requests: SendRequest[]): Promise<SendOutcome[]> {
  const bookingIds = [...new Set(requests.map((request) => request.bookingId))];
  // A read on its own: the statement that writes is atomic by itself, and a booking that ends
  // or is cancelled between the two is as if it happened just after the send.
  const [found, admissions] = await Promise.all([
    findConversationContexts(deps.db, bookingIds),
    Promise.allSettled(requests.map((request) => request.admitted)),
  ]);
  const contexts = new Map(found.map((context) => [context.booking_id, context]));
  const outcomes: SendOutcome[] = [];
  const accepted: Accepted[] = [];
  // A client id sent twice in one batch: the later sends are answered with the first's message.
  const firstByClientId = new Map<string, Accepted>();
  const repeats: Array<{ index: number; of: Accepted }> = [];
  for (const [index, { actor, bookingId, input }] of requests.entries()) {
    const admission = admissions[index];
    if (admission?.status === 'rejected') {
      outcomes[index] = { ok: false, error: admission.reason };
      continue;
    }
    try {
      const context = contexts.get(bookingId) ?? null;
      const access = await accessConversation(deps.db, actor, bookingId, context);
      const role = requireParty(access);
      // A sender disabled since its socket vouched for it (ADR 155) is refused here, from the
      // read this batch makes anyway. A party has a context: accessConversation found one.
      if (context)
        requireActiveAccount(
          role === 'guest'
            ? { is_deleted: context.guest_is_deleted, is_active: context.guest_is_active }
            : { is_deleted: context.host_is_deleted, is_active: context.host_is_active },
        );
      const { facts } = access;
      const reason = closedReason(facts, role, deps.now());
      if (reason) throw new AppError('conflict', reason);
      const recipientId = otherPartyOf(access, role).id;
      const row: NewMessage = {
        // Time-ordered ids: messages stored in the same millisecond keep the order they came in
        // (the thread and its cursor order by time, then id).
        id: timeOrderedId(),
        noticeId: randomUUID(),
        conversationId: facts.conversation_id,
        senderId: actor.userId,
        recipientId,
        content: input.content,
        clientId: input.clientId ?? null,
      };
      const key = row.clientId && clientIdKey(row.conversationId, row.senderId, row.clientId);
      const first = key ? firstByClientId.get(key) : undefined;
      if (first) {
        repeats.push({ index, of: first });
        continue;
      }
      const senderProfile =
        role === 'guest'
          ? { firstName: facts.guest_first_name, avatarUrl: facts.guest_avatar }
          : { firstName: facts.host_first_name, avatarUrl: facts.host_avatar };
      const item = { index, row, bookingId, sent: { facts, sender: role, recipientId, senderProfile } };
      accepted.push(item);
      if (key) firstByClientId.set(key, item);
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }

  let fresh = accepted;
  try {
    await write(deps, fresh, outcomes);
  } catch (error) {
    if (!isClientIdRepeat(error)) throw error;
    // Some client ids were stored before (retried sends): those are answered with the message
    // stored then, and the rest are written again.
    const retried = await findMessagesByClientIds(
      deps.db,
      fresh.flatMap(({ row }) => (row.clientId ? [{ ...row, clientId: row.clientId }] : [])),
    );
    const storedByKey = new Map(
      retried.map((row) => [clientIdKey(row.conversation_id, row.sender_id, row.client_id), row]),
    );
    fresh = [];
    for (const item of accepted) {
      const stored = storedByKey.get(
        clientIdKey(item.row.conversationId, item.row.senderId, item.row.clientId),
      );
      if (stored)
        outcomes[item.index] = { ok: true, message: toMessage(stored, item.bookingId), created: false };
      else fresh.push(item);
    }
    await write(deps, fresh, outcomes);
  }
  for (const { index, of } of repeats) {
    const first = outcomes[of.index];
    outcomes[index] = first?.ok
      ? { ok: true, message: first.message, created: false }
      : (first as SendOutcome);
  }
  return outcomes;
}

/** Writes `items` in one statement, and answers each of them in `outcomes`. */
async function write(deps: Deps, items: Accepted[], outcomes: SendOutcome[]) {
  if (!items.length) return;
  // Stamped here so the live events can be written before the statement that sends them.
  const createdAt = new Date();
  const sent = items.map(({ row, bookingId, sent: about }) => {
    const stored: MessageRow = {
      id: row.id,
      conversation_id: row.conversationId,
      sender_id: row.senderId,
      content: row.content,
      created_at: createdAt,
      read_at: null,
      edited_at: null,
      deleted_at: null,
      client_id: row.clientId,
    };
    return { ...about, message: toMessage(stored, bookingId), noticeId: row.noticeId };
  });
  const notices = deps.notices.stageReceived(sent, createdAt);
  // The messages' events first, then their notices'; the unread counts follow from the statement.
  const events = [...deps.events.createdEvents(sent).map(encode), ...notices.events];
  await deps.bus.publishEncodedWithin(events, (notify) =>
    writeMessages(
      deps.db,
      items.map((item) => item.row),
      { createdAt, notices: notices.insert, notify, notifyEach: deps.bus.notifyEachRow },
    ),
  );
  notices.written();
  for (const [i, { index }] of items.entries())
    outcomes[index] = { ok: true, message: (sent[i] as (typeof sent)[number]).message, created: true };
}

/** What makes a client id one send: its sender's, in one conversation (messages_client_id_key). */
const clientIdKey = (conversationId: string, senderId: string, clientId: string | null) =>
  `${conversationId} ${senderId} ${clientId}`;

/** A unique violation of the client id (pg's and PGlite's errors both carry code and constraint). */
function isClientIdRepeat(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === CLIENT_ID_CONSTRAINT;
}
