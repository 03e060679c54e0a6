import type { Db } from '../../db/database.ts';
import type { ChannelAuthorizer } from '../realtime/gateway.ts';
import { findConversationContext } from './repository.ts';

/**
 * The realtime channel of a booking's conversation, `conversation:<bookingId>` (ADR 050, ADR 119).
 * PRODUCT.md: a conversation belongs to one booking and its two parties, so only the booking's
 * guest and the host of its bathroom may listen; anyone else is refused as if the booking did not
 * exist. Admins read conversations over HTTP for disputes but do not watch them live: typing and
 * read receipts are the parties' own business.
 */

export const CONVERSATION_PREFIX = 'conversation:';

export const conversationChannel = (bookingId: string) => `${CONVERSATION_PREFIX}${bookingId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function conversationAuthorizer(db: Db): ChannelAuthorizer {
  return async (identity, channel) => {
    if (!channel.startsWith(CONVERSATION_PREFIX)) return null;
    const bookingId = channel.slice(CONVERSATION_PREFIX.length);
    // Not a booking id at all: refused without asking the database (which would reject the cast).
    if (!UUID.test(bookingId)) return false;
    const context = await findConversationContext(db, bookingId);
    return (
      context !== undefined && (context.guest_id === identity.userId || context.host_id === identity.userId)
    );
  };
}
