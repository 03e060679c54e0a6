/**
 * Sessions and accounts the database says have ended or changed (ADR 155). Triggers on `session`
 * (delete) and `profiles` (disabled, under review, admin rights) publish them on this internal bus
 * channel when their transaction commits, in every server process; no client may subscribe to it
 * (no authorizer knows it). An open socket trusts the session it was opened with until one of
 * these names it or the session's expiry passes, instead of reading the session again for every
 * request it carries.
 */
export const SESSION_ENDS_CHANNEL = 'session_ends';

export type SessionEnd = { kind: 'session' | 'account'; ids: string[] };

/** Kept this long, so a socket attached just after its session ended is still closed. */
const REMEMBER_MS = 60_000;

/** The trigger's event text ({"channel":"session_ends","event":…,"payload":{…Ids:[…]}}), else null. */
export function parseSessionEnd(text: string): SessionEnd | null {
  let event: { event?: unknown; payload?: { sessionIds?: unknown; userIds?: unknown } };
  try {
    event = JSON.parse(text) as typeof event;
  } catch {
    return null;
  }
  const ids = event.event === 'session.ended' ? event.payload?.sessionIds : event.payload?.userIds;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return null;
  if (event.event === 'session.ended') return { kind: 'session', ids };
  if (event.event === 'account.changed') return { kind: 'account', ids };
  return null;
}

/**
 * The ends heard in the last minute. A socket's session is read before the socket is attached;
 * an end committed between that read and the attach is found here.
 */
export function createRecentEnds(clock: () => number = Date.now) {
  const heard = new Map<string, number>();
  const forgetOld = () => {
    const cutoff = clock() - REMEMBER_MS;
    for (const [key, at] of heard) {
      if (at > cutoff) break; // insertion order is age order
      heard.delete(key);
    }
  };
  return {
    remember({ kind, ids }: SessionEnd) {
      forgetOld();
      for (const id of ids) {
        const key = `${kind}:${id}`;
        heard.delete(key); // re-inserted at the end: the order stays the age order
        heard.set(key, clock());
      }
    },
    has(kind: SessionEnd['kind'], id: string): boolean {
      forgetOld();
      return heard.has(`${kind}:${id}`);
    },
  };
}
