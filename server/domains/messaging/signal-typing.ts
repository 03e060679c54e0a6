import { TYPING_THROTTLE_MS } from '../../../common/schemas/messages.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { accessConversation, requireParty } from './conversation-access.ts';
import { closedReason, type MessagingActor } from './conversation-rules.ts';
import type { MessageEvents } from './message-events.ts';

/** Above this many remembered typists, the stale ones are forgotten (a sweep, not a timer). */
const SWEEP_ABOVE = 10_000;

/**
 * "Typing…" (ADR 119): published to the conversation, never stored. At most one event per
 * TYPING_THROTTLE_MS per user and conversation in this process; a faster caller is answered the
 * same 204 and nothing goes out. Per process: behind a load balancer a caller could reach two,
 * which at worst doubles a harmless signal.
 */
export function createTypingSignal(deps: { db: Db; events: MessageEvents; now: () => Date }) {
  const lastSent = new Map<string, number>();

  function forgetStale(now: number) {
    if (lastSent.size < SWEEP_ABOVE) return;
    for (const [key, at] of lastSent) if (now - at >= TYPING_THROTTLE_MS) lastSent.delete(key);
  }

  /** True when the event went out, false when throttled. */
  return async function signalTyping(actor: MessagingActor, bookingId: string): Promise<boolean> {
    const key = `${actor.userId}:${bookingId}`;
    const now = deps.now().getTime();
    const previous = lastSent.get(key);
    // Only a party's accepted signal is remembered, so a throttled answer tells nobody anything.
    if (previous !== undefined && now - previous < TYPING_THROTTLE_MS) return false;
    const access = await accessConversation(deps.db, actor, bookingId);
    const role = requireParty(access);
    const reason = closedReason(access.facts, role, deps.now());
    if (reason) throw new AppError('conflict', reason);
    forgetStale(now);
    lastSent.set(key, now);
    const firstName = role === 'guest' ? access.facts.guest_first_name : access.facts.host_first_name;
    await deps.events.typing(bookingId, actor.userId, firstName);
    return true;
  };
}
