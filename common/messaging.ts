import { MESSAGE_PREVIEW_LENGTH } from './constants.ts';

/*
 * Messaging's plain values (ADR 119), free of zod: the message alerts ride in the root layout of
 * every page, and zod's classic API is ~20 KB gzip that pages validating nothing should not load
 * (root.tsx). The schemas are in schemas/messages.ts, which re-exports these.
 */

export const MESSAGE_MAX_LENGTH = 2000;
/** The thread pages 50 messages at a time. */
export const MESSAGE_PAGE_SIZE = 50;
/**
 * The most UTF-8 bytes of a message's content a live event carries: 2,000 four-byte characters
 * (emoji) would not fit a PostgreSQL NOTIFY (8,000 bytes). A longer one goes out cut, marked
 * `partial`, and the open thread fetches it whole.
 */
export const MESSAGE_EVENT_CONTENT_BYTES = 6000;
/** The realtime socket's action for a send (ADR 149; socketSendSchema is its payload). */
export const SEND_MESSAGE_ACTION = 'message.send';
/** Typing: sent at most every 2 s while typing, cleared 5 s after the last one. */
export const TYPING_THROTTLE_MS = 2000;
export const TYPING_CLEAR_MS = 5000;
/** Sending stays open this long after the booking ends (or is cancelled); reading stays open. */
export const CONVERSATION_OPEN_AFTER_END_DAYS = 7;
/** Spec §8: the alert's sender when the profile has no name. */
export const ALERT_SENDER_FALLBACK = 'User';

export const MESSAGE_EVENTS = {
  created: 'message.created',
  deleted: 'message.deleted',
  read: 'message.read',
  typing: 'message.typing',
  unread: 'message.unread',
} as const;

/** Spec §9: the alert's and the list's preview, cut at 80 characters plus an ellipsis. */
export function messagePreview(content: string): string {
  return content.length > MESSAGE_PREVIEW_LENGTH ? `${content.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : content;
}
