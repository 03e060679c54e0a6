import type { MessageAlert } from '../../../common/schemas/messages.ts';
import {
  type ConversationParties,
  type IncomingMessage,
  partySkipReason,
  quickSkipReason,
  type SkipReason,
} from './alert-rules.ts';

export type ReceiveDeps = {
  viewerId: string;
  /** Where the viewer is when the message arrives (and again after the lookup). */
  pathname: () => string;
  /** The booking's conversation parties; null when the conversation cannot be found. */
  lookupParties: (bookingId: string) => Promise<ConversationParties | null>;
  /** Keeps, toasts and sounds the alert. */
  alert: (alert: MessageAlert) => void;
  warn?: (message: string, error?: unknown) => void;
};

/**
 * Spec §5: a new message becomes an alert unless the viewer sent it, is looking at that booking's
 * conversation, or is not its guest or host; a conversation that cannot be found is only logged,
 * as a warning (spec §8). Returns why it was skipped, or null when it was shown.
 */
export async function receiveMessage(
  incoming: IncomingMessage,
  deps: ReceiveDeps,
): Promise<SkipReason | null> {
  const quick = quickSkipReason(incoming, deps.viewerId, deps.pathname());
  if (quick) return quick;
  const { bookingId } = incoming.message;
  let parties: ConversationParties | null;
  try {
    parties = await deps.lookupParties(bookingId);
  } catch (error) {
    // Only the recipient's own channel carries this event, and the server publishes it to the
    // booking's parties alone: a lookup that failed on the way must not lose the alert.
    (deps.warn ?? console.warn)(`Could not check the conversation of booking ${bookingId}`, error);
    deps.alert(incoming.alert);
    return null;
  }
  const reason = partySkipReason(parties, deps.viewerId);
  if (reason === 'conversation-not-found') {
    (deps.warn ?? console.warn)(`Message alert skipped: no conversation for booking ${bookingId}`);
  }
  if (reason) return reason;
  // The lookup took a moment: the viewer may have opened that conversation meanwhile.
  const late = quickSkipReason(incoming, deps.viewerId, deps.pathname());
  if (late) return late;
  deps.alert(incoming.alert);
  return null;
}
