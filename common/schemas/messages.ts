import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from '../messaging.ts';
import { decodeTimeIdCursor, encodeTimeIdCursor, timeIdCursorSchema } from './cursor.ts';
import { multiLineText, singleLineText } from './text.ts';

/*
 * The messaging contract (spec §1–§9 Messaging, PRODUCT.md Messages, ADR 119): one conversation per
 * booking between its guest and the host of its bathroom. The server's routes, the OpenAPI
 * document, the pages and the message alerts all use these schemas and event names.
 *
 * HTTP (all login required; a booking the viewer is not a party of answers 404, as if it did not
 * exist; admins read every conversation, read-only):
 *   GET    /api/messages/conversations?q=&limit=        → conversationListSchema
 *   GET    /api/messages/unread-count                   → unreadCountSchema (spec get_user_unread_count)
 *   GET    /api/messages/:bookingId?before=&limit=      → conversationPageSchema (newest last)
 *   POST   /api/messages/:bookingId         sendMessageSchema → 201 { message }
 *   POST   /api/messages/:bookingId/read    markReadSchema    → unreadCountSchema (the reader's)
 *   POST   /api/messages/:bookingId/typing  (no body)         → 204; at most one per TYPING_THROTTLE_MS
 *   DELETE /api/messages/:bookingId/:messageId                → { message } (a deleted marker)
 *
 * Over the open realtime socket (ADR 149), the same send as one frame, answered with the POST's
 * status and body:
 *   { type: 'request', id, action: SEND_MESSAGE_ACTION, payload: socketSendSchema }
 *                                                     → { type: 'reply', id, status: 201, body: { message } }
 *
 * Realtime (the existing bus; channel names from conversation-channel.ts and the user channel):
 *   conversation:<bookingId>  MESSAGE_EVENTS.created  { message, partial? }  (partial: content cut to
 *                                                     MESSAGE_EVENT_CONTENT_BYTES; fetch the page)
 *                             MESSAGE_EVENTS.deleted  { message }
 *                             MESSAGE_EVENTS.read     { readerId, readUpTo }   (ISO time)
 *                             MESSAGE_EVENTS.typing   { userId, firstName }
 *   user:<recipientId>        MESSAGE_EVENTS.created  { message, alert, partial? } (the alert feed, spec §3)
 *   user:<readerId>           MESSAGE_EVENTS.unread   { count }                (after a read or a send)
 */

// The plain values live in common/messaging.ts (no zod), so the message alerts every page carries
// do not pull zod into the shell; re-exported here for the server and the pages.
export {
  ALERT_SENDER_FALLBACK,
  CONVERSATION_OPEN_AFTER_END_DAYS,
  MESSAGE_EVENT_CONTENT_BYTES,
  MESSAGE_EVENTS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  messagePreview,
  SEND_MESSAGE_ACTION,
  TYPING_CLEAR_MS,
  TYPING_THROTTLE_MS,
} from '../messaging.ts';

/** The oldest shown message's created_at and id: the next (older) page ends before it. */
export const messageCursorSchema = timeIdCursorSchema();

export const conversationParamsSchema = z.strictObject({ bookingId: z.uuid('That is not a booking id.') });
export const messageParamsSchema = z.strictObject({
  bookingId: z.uuid('That is not a booking id.'),
  messageId: z.uuid('That is not a message id.'),
});

export const listConversationsQuerySchema = z.strictObject({
  /** Filters by the other party's name or the bathroom's title, case-insensitively. */
  q: singleLineText().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const conversationPageQuerySchema = z.strictObject({
  before: messageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGE_PAGE_SIZE),
});

export const sendMessageSchema = z.strictObject({
  content: multiLineText()
    .trim()
    .min(1, 'Write a message first.')
    .max(MESSAGE_MAX_LENGTH, `Keep a message to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`),
  /** The sender's own id for an optimistic message: a retry with the same id never sends twice. */
  clientId: z.uuid('Invalid client id').optional(),
});

export const markReadSchema = z.strictObject({
  /** Everything up to and including this message (from the other party) becomes read. */
  upToMessageId: z.uuid('That is not a message id.'),
});

export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  bookingId: z.uuid(),
  senderId: z.string(),
  /** Empty once deleted: the page shows "Message deleted" to both parties. */
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  clientId: z.string().nullable(),
});

export const conversationPartySchema = z.object({
  id: z.string(),
  /** First name only, as elsewhere on Privy; ALERT_SENDER_FALLBACK when the profile has none. */
  firstName: z.string(),
  avatarUrl: z.string().nullable(),
});

export const conversationSummarySchema = z.object({
  conversationId: z.uuid(),
  bookingId: z.uuid(),
  /** The viewer's part in it; admins read others' conversations for disputes, read-only. */
  role: z.enum(['guest', 'host', 'admin']),
  guest: conversationPartySchema,
  host: conversationPartySchema,
  bathroom: z.object({ id: z.uuid(), title: z.string(), timeZone: z.string() }),
  booking: z.object({ startsAt: z.string(), endsAt: z.string(), status: z.string() }),
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int().min(0),
  /** Whether the viewer may send now, and why not (booking ended more than 7 days ago, admin). */
  canSend: z.boolean(),
  closedReason: z.string().nullable(),
});

export const conversationListSchema = z.object({ conversations: z.array(conversationSummarySchema) });

export const conversationPageSchema = z.object({
  conversation: conversationSummarySchema,
  /** Oldest first (newest last), at most `limit`. */
  messages: z.array(messageSchema),
  /** For the next older page; null at the start of the conversation. */
  nextCursor: z.string().nullable(),
  /** The other party has read the viewer's messages up to this time ("Seen"); null if none. */
  otherReadUpTo: z.string().nullable(),
});

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });

/** Spec §3 in-app message alert, as the user channel delivers it with a new message. */
export const messageAlertSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  senderName: z.string(),
  senderAvatar: z.string().nullable(),
  content: z.string(),
  timestamp: z.string(),
  isRead: z.boolean(),
});

export type Message = z.infer<typeof messageSchema>;
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type ConversationPage = z.infer<typeof conversationPageSchema>;
export type MessageAlert = z.infer<typeof messageAlertSchema>;
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** A send over the realtime socket: the POST's path parameter and body in one object. */
export const socketSendSchema = z.strictObject({
  ...conversationParamsSchema.shape,
  ...sendMessageSchema.shape,
});

export function encodeMessageCursor(message: { createdAt: string; id: string }): string {
  return encodeTimeIdCursor(message.createdAt, message.id);
}

export const decodeMessageCursor = decodeTimeIdCursor;
