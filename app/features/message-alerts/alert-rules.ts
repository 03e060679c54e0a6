import { RECENT_MESSAGE_ALERTS_LIMIT } from '../../../common/constants.ts';
import { ALERT_SENDER_FALLBACK, messagePreview } from '../../../common/messaging.ts';
import type { Message, MessageAlert } from '../../../common/schemas/messages.ts';

/*
 * The rules of spec §3 ("In-app message alert"), §5 (when an alert is skipped), §8 (sender
 * fallback) and §9 (10 kept, 80-character preview) as plain functions: the provider calls them, the
 * unit tests pin them (ADR 121).
 */

/** The user channel's `message.created` payload (common/schemas/messages.ts). */
export type IncomingMessage = { message: Message; alert: MessageAlert };

/** A booking's two parties, as its conversation names them. */
export type ConversationParties = { guestId: string; hostId: string };

export type SkipReason = 'own-message' | 'viewing-conversation' | 'not-a-party' | 'conversation-not-found';

/** Reads a `message.created` payload; anything else (a newer server, a bug) is ignored, not thrown. */
export function parseIncomingMessage(payload: unknown): IncomingMessage | null {
  if (!payload || typeof payload !== 'object') return null;
  const { message, alert } = payload as Record<string, unknown>;
  if (!isMessage(message) || !isAlert(alert)) return null;
  return { message, alert };
}

// Checked by hand, not with the schemas: this runs on every page, where zod is not loaded (root.tsx).
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const strings = (value: Record<string, unknown>, keys: string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const stringOrNull = (value: unknown) => value === null || typeof value === 'string';

function isMessage(value: unknown): value is Message {
  return (
    isRecord(value) &&
    strings(value, ['id', 'conversationId', 'bookingId', 'senderId', 'content', 'createdAt']) &&
    ['readAt', 'editedAt', 'deletedAt', 'clientId'].every((key) => stringOrNull(value[key]))
  );
}

function isAlert(value: unknown): value is MessageAlert {
  return (
    isRecord(value) &&
    strings(value, ['id', 'bookingId', 'senderName', 'content', 'timestamp']) &&
    stringOrNull(value.senderAvatar) &&
    typeof value.isRead === 'boolean'
  );
}

/** The conversation page of a booking; "/messages/{bookingId}" exactly, trailing slash allowed. */
export function conversationPath(bookingId: string): string {
  return `/messages/${bookingId}`;
}

export function isViewingConversation(pathname: string, bookingId: string): boolean {
  return pathname.replace(/\/+$/, '') === conversationPath(bookingId);
}

/**
 * The skip rules that need nothing but the event and where the viewer is: checked first, so an own
 * message or an open conversation costs no lookup.
 */
export function quickSkipReason(
  incoming: IncomingMessage,
  viewerId: string,
  pathname: string,
): SkipReason | null {
  if (incoming.message.senderId === viewerId) return 'own-message';
  if (isViewingConversation(pathname, incoming.message.bookingId)) return 'viewing-conversation';
  return null;
}

/** The rules that need the conversation: it must exist, and the viewer must be its guest or host. */
export function partySkipReason(parties: ConversationParties | null, viewerId: string): SkipReason | null {
  if (!parties) return 'conversation-not-found';
  if (parties.guestId !== viewerId && parties.hostId !== viewerId) return 'not-a-party';
  return null;
}

/** Spec §8: a sender without a name shows as "User". */
export function senderName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : ALERT_SENDER_FALLBACK;
}

/** Spec §9: a speech bubble and the sender's name. */
export function alertTitle(alert: Pick<MessageAlert, 'senderName'>): string {
  return `💬 ${senderName(alert.senderName)}`;
}

/** The alert as the list keeps it: unread, named, its content cut to the preview (spec §3, §9). */
export function toRecentAlert(alert: MessageAlert): MessageAlert {
  return {
    ...alert,
    senderName: senderName(alert.senderName),
    content: messagePreview(alert.content),
    isRead: false,
  };
}

/** Newest first, at most 10; the same alert arriving twice (two sockets, a retry) is kept once. */
export function addRecentAlert(alerts: readonly MessageAlert[], alert: MessageAlert): MessageAlert[] {
  const others = alerts.filter((existing) => existing.id !== alert.id);
  return [toRecentAlert(alert), ...others].slice(0, RECENT_MESSAGE_ALERTS_LIMIT);
}

export function markAlertRead(alerts: readonly MessageAlert[], id: string): MessageAlert[] {
  return alerts.map((alert) => (alert.id === id && !alert.isRead ? { ...alert, isRead: true } : alert));
}
