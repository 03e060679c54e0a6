import {
  ALERT_SENDER_FALLBACK,
  CONVERSATION_OPEN_AFTER_END_DAYS,
  type ConversationSummary,
  type Message,
} from '../../../common/schemas/messages.ts';
import type { BookingStatus } from '../../db/types.ts';
import type { MessageRow } from './repository.ts';

/** Pure rules of a conversation (ADR 119): who is in it, whether it is open, how a row is shown. */

export type MessagingActor = { userId: string; isAdmin: boolean };
export type ConversationRole = ConversationSummary['role'];

/** What the rules need of a booking and its conversation. */
export type ConversationFacts = {
  booking_id: string;
  status: BookingStatus;
  starts_at: Date;
  ends_at: Date;
  confirmed_at: Date | null;
  cancelled_at: Date | null;
  bathroom_id: string;
  bathroom_title: string;
  timezone: string;
  guest_id: string;
  guest_first_name: string;
  guest_avatar: string | null;
  host_id: string;
  host_first_name: string;
  host_avatar: string | null;
};

const DAY_MS = 86_400_000;

/** A booking that was paid for at some point has a conversation; holds and expired ones do not. */
export function hasConversation(booking: Pick<ConversationFacts, 'status' | 'confirmed_at'>): boolean {
  return (
    booking.status === 'confirmed' ||
    booking.status === 'checked_in' ||
    booking.status === 'completed' ||
    (booking.status === 'cancelled' && booking.confirmed_at !== null)
  );
}

/** The viewer's part: a party first (an admin who booked is that booking's guest), then admin. */
export function roleOf(facts: Pick<ConversationFacts, 'guest_id' | 'host_id'>, actor: MessagingActor) {
  if (facts.guest_id === actor.userId) return 'guest' as const;
  if (facts.host_id === actor.userId) return 'host' as const;
  if (actor.isAdmin) return 'admin' as const;
  return null;
}

/** Sending closes CONVERSATION_OPEN_AFTER_END_DAYS after the booking ends, or after its cancellation. */
export function closesAt(facts: Pick<ConversationFacts, 'status' | 'ends_at' | 'cancelled_at'>): Date {
  const from = facts.status === 'cancelled' && facts.cancelled_at ? facts.cancelled_at : facts.ends_at;
  return new Date(new Date(from).getTime() + CONVERSATION_OPEN_AFTER_END_DAYS * DAY_MS);
}

export const ADMIN_READ_ONLY =
  'Admins can read this conversation but only the guest and the host write in it.';

function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(instant);
}

/** Null when the viewer may send now; otherwise why not, in words for people. */
export function closedReason(facts: ConversationFacts, role: ConversationRole, now: Date): string | null {
  if (role === 'admin') return ADMIN_READ_ONLY;
  const closes = closesAt(facts);
  if (now.getTime() < closes.getTime()) return null;
  const what = facts.status === 'cancelled' ? 'is cancelled' : 'ends';
  return `Messages close ${CONVERSATION_OPEN_AFTER_END_DAYS} days after a booking ${what}; this conversation closed on ${dayIn(closes, facts.timezone)}.`;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toMessage(row: MessageRow, bookingId: string): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    bookingId,
    senderId: row.sender_id,
    content: row.deleted_at ? '' : row.content,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: iso(row.read_at),
    editedAt: iso(row.edited_at),
    deletedAt: iso(row.deleted_at),
    clientId: row.client_id,
  };
}

export const firstNameOrFallback = (name: string | null | undefined) =>
  name?.trim() ? name.trim() : ALERT_SENDER_FALLBACK;

export function toSummary(
  facts: ConversationFacts & { conversation_id: string },
  role: ConversationRole,
  extra: { lastMessage: Message | null; unreadCount: number; now: Date },
): ConversationSummary {
  const reason = closedReason(facts, role, extra.now);
  return {
    conversationId: facts.conversation_id,
    bookingId: facts.booking_id,
    role,
    guest: {
      id: facts.guest_id,
      firstName: firstNameOrFallback(facts.guest_first_name),
      avatarUrl: facts.guest_avatar,
    },
    host: {
      id: facts.host_id,
      firstName: firstNameOrFallback(facts.host_first_name),
      avatarUrl: facts.host_avatar,
    },
    bathroom: { id: facts.bathroom_id, title: facts.bathroom_title, timeZone: facts.timezone },
    booking: {
      startsAt: new Date(facts.starts_at).toISOString(),
      endsAt: new Date(facts.ends_at).toISOString(),
      status: facts.status,
    },
    lastMessage: extra.lastMessage,
    unreadCount: role === 'admin' ? 0 : extra.unreadCount,
    canSend: reason === null,
    closedReason: reason,
  };
}
