import type { ConversationPage, SendMessageInput } from '../../../common/schemas/messages.ts';
import { ApiError } from '../../lib/api-error.ts';
import { apiJson } from '../../lib/api-fetch.ts';
import type { ConversationParties } from './alert-rules.ts';

/** Browser calls to the messaging API (common/schemas/messages.ts) that the alerts need. */
export const messageAlertsApi = {
  /** Spec §7 get_user_unread_count. */
  unreadCount: async (): Promise<number> => {
    const body = await apiJson<{ count?: unknown }>('GET', '/api/messages/unread-count');
    // Checked by hand: zod stays out of every page's code (root.tsx).
    if (typeof body?.count !== 'number' || !Number.isInteger(body.count) || body.count < 0)
      throw new Error('The unread count came back malformed.');
    return body.count;
  },

  /** The booking's guest and host; null when the viewer has no such conversation (404). */
  parties: async (bookingId: string): Promise<ConversationParties | null> => {
    try {
      const page = await apiJson<ConversationPage>(
        'GET',
        `/api/messages/${encodeURIComponent(bookingId)}?limit=1`,
      );
      return { guestId: page.conversation.guest.id, hostId: page.conversation.host.id };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },

  send: (bookingId: string, input: SendMessageInput) =>
    apiJson<{ message: { id: string } }>('POST', `/api/messages/${encodeURIComponent(bookingId)}`, input),
};

/**
 * A booking's parties never change, so each conversation is looked up once per page life; a lookup
 * that failed or found nothing is tried again with the next message.
 */
export function cachedPartiesLookup(
  lookup: (bookingId: string) => Promise<ConversationParties | null>,
): (bookingId: string) => Promise<ConversationParties | null> {
  const known = new Map<string, Promise<ConversationParties | null>>();
  return (bookingId) => {
    const cached = known.get(bookingId);
    if (cached) return cached;
    const pending = lookup(bookingId);
    known.set(bookingId, pending);
    pending.then(
      (parties) => parties ?? known.delete(bookingId),
      () => known.delete(bookingId),
    );
    return pending;
  };
}
