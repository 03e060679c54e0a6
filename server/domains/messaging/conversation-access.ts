import { AppError } from '../../http/errors.ts';
import {
  type ConversationFacts,
  type ConversationRole,
  hasConversation,
  type MessagingActor,
  roleOf,
} from './conversation-rules.ts';
import {
  type ConversationContext,
  type Executor,
  ensureConversation,
  findConversationContext,
} from './repository.ts';

/**
 * Who may reach a booking's conversation (ADR 119): its guest and the host of its bathroom read
 * and write, admins read; for anyone else it does not exist (404, like the booking itself). A
 * conversation is opened when its booking is confirmed; one paid for before messaging existed, or
 * missed for any other reason, is opened here on first access.
 */

export type ConversationAccess = {
  facts: ConversationFacts & { conversation_id: string };
  role: ConversationRole;
};

export const noSuchConversation = () => new AppError('not_found', 'There is no such conversation.');

export async function accessConversation(
  db: Executor,
  actor: MessagingActor,
  bookingId: string,
  /** The booking's context when the caller read it already (null: there is no such booking). */
  known?: ConversationContext | null,
): Promise<ConversationAccess> {
  const context = known === undefined ? await findConversationContext(db, bookingId) : known;
  const role = context ? roleOf(context, actor) : null;
  if (!context || !role) throw noSuchConversation();
  if (context.conversation_id)
    return { facts: { ...context, conversation_id: context.conversation_id }, role };
  if (!hasConversation(context)) {
    if (context.status === 'pending_payment') {
      throw new AppError('conflict', 'Messages open once the booking is paid for.');
    }
    throw noSuchConversation();
  }
  const conversationId = await ensureConversation(db, {
    bookingId: context.booking_id,
    guestId: context.guest_id,
    hostId: context.host_id,
  });
  return { facts: { ...context, conversation_id: conversationId }, role };
}

/** For writes: only the guest and the host; admins read only. */
export function requireParty(access: ConversationAccess): 'guest' | 'host' {
  if (access.role === 'admin') {
    throw new AppError('forbidden', 'Admins can read conversations but not write in them.');
  }
  return access.role;
}

/** The other party of a guest or host. */
export function otherPartyOf(access: ConversationAccess, role: 'guest' | 'host') {
  const { facts } = access;
  return role === 'guest'
    ? { id: facts.host_id, firstName: facts.host_first_name }
    : { id: facts.guest_id, firstName: facts.guest_first_name };
}
