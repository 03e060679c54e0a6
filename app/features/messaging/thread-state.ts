import type { ConversationPage, Message } from '../../../common/schemas/messages.ts';

/*
 * One conversation's messages in the browser: the pages loaded from the server, messages that
 * arrive live, and the viewer's own messages while they are on their way (ADR 120). An own
 * message shows at once with its clientId; the server's answer or the live event that carries the
 * same clientId replaces it, whichever comes first, so it never shows twice.
 */

export type DeliveryState = 'sent' | 'sending' | 'failed';
export type ThreadMessage = Message & { delivery: DeliveryState };

export type ThreadState = {
  messages: ThreadMessage[];
  nextCursor: string | null;
  /** The other party has read the viewer's messages up to this instant (ISO), or null. */
  otherReadUpTo: string | null;
};

export type ThreadAction =
  | { type: 'older'; page: Pick<ConversationPage, 'messages' | 'nextCursor'> }
  | { type: 'sending'; message: Message }
  | { type: 'sent'; message: Message }
  | { type: 'failed'; clientId: string }
  | { type: 'retry'; clientId: string }
  | { type: 'received'; message: Message }
  | { type: 'read'; readUpTo: string };

export function initialThread(
  page: Pick<ConversationPage, 'messages' | 'nextCursor' | 'otherReadUpTo'>,
): ThreadState {
  return {
    messages: page.messages.map((message) => ({ ...message, delivery: 'sent' })),
    nextCursor: page.nextCursor,
    otherReadUpTo: page.otherReadUpTo,
  };
}

const byTime = (a: ThreadMessage, b: ThreadMessage) =>
  a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : Date.parse(a.createdAt) - Date.parse(b.createdAt);

/** Puts the server's copy of a message in place of the optimistic one or an older copy. */
function upsert(messages: ThreadMessage[], message: Message): ThreadMessage[] {
  const sent: ThreadMessage = { ...message, delivery: 'sent' };
  const index = messages.findIndex(
    (existing) =>
      existing.id === message.id || (message.clientId !== null && existing.clientId === message.clientId),
  );
  if (index === -1) return [...messages, sent].sort(byTime);
  const next = messages.slice();
  next[index] = sent;
  return next.sort(byTime);
}

function setDelivery(messages: ThreadMessage[], clientId: string, delivery: DeliveryState): ThreadMessage[] {
  return messages.map((message) =>
    message.clientId === clientId && message.delivery !== 'sent' ? { ...message, delivery } : message,
  );
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'older': {
      const known = new Set(state.messages.map((message) => message.id));
      const older = action.page.messages
        .filter((message) => !known.has(message.id))
        .map((message): ThreadMessage => ({ ...message, delivery: 'sent' }));
      return {
        ...state,
        messages: [...older, ...state.messages].sort(byTime),
        nextCursor: action.page.nextCursor,
      };
    }
    case 'sending':
      return { ...state, messages: [...state.messages, { ...action.message, delivery: 'sending' }] };
    case 'sent':
    case 'received':
      return { ...state, messages: upsert(state.messages, action.message) };
    case 'failed':
      return { ...state, messages: setDelivery(state.messages, action.clientId, 'failed') };
    case 'retry':
      return { ...state, messages: setDelivery(state.messages, action.clientId, 'sending') };
    case 'read':
      if (state.otherReadUpTo && Date.parse(state.otherReadUpTo) >= Date.parse(action.readUpTo)) return state;
      return { ...state, otherReadUpTo: action.readUpTo };
  }
}

/** The viewer's last delivered message the other party has read: "Seen" goes under it. */
export function seenMessageId(state: ThreadState, viewerId: string): string | null {
  if (!state.otherReadUpTo) return null;
  const readUpTo = Date.parse(state.otherReadUpTo);
  for (let index = state.messages.length - 1; index >= 0; index -= 1) {
    const message = state.messages[index] as ThreadMessage;
    if (message.senderId !== viewerId || message.delivery !== 'sent') continue;
    if (Date.parse(message.createdAt) <= readUpTo) return message.id;
  }
  return null;
}

/** The newest delivered message from the other party: reading the thread marks up to it. */
export function lastIncomingId(state: ThreadState, viewerId: string): string | null {
  for (let index = state.messages.length - 1; index >= 0; index -= 1) {
    const message = state.messages[index] as ThreadMessage;
    if (message.senderId !== viewerId && message.delivery === 'sent') return message.id;
  }
  return null;
}

/** An own message as it shows before the server has it. */
export function optimisticMessage(input: {
  clientId: string;
  content: string;
  senderId: string;
  bookingId: string;
  conversationId: string;
  now: Date;
}): Message {
  return {
    id: input.clientId,
    clientId: input.clientId,
    conversationId: input.conversationId,
    bookingId: input.bookingId,
    senderId: input.senderId,
    content: input.content,
    createdAt: input.now.toISOString(),
    readAt: null,
    editedAt: null,
    deletedAt: null,
  };
}
