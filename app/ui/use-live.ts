import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { createTurnQueue, type Turn } from './live-turns.ts';

/**
 * A part whose code is still downloading commits only when it arrives; the next part does not wait
 * for that longer than this, so the parts' chunks still download side by side on a slow network.
 */
const TURN_LIMIT_MS = 100;

const turns = createTurnQueue(
  { later: (run, ms) => setTimeout(run, ms), cancel: (handle) => clearTimeout(handle as number) },
  TURN_LIMIT_MS,
);

/**
 * False on the server and for the hydrating render, true once the page is live. It turns true in a
 * transition: a lazily loaded component rendered when it does (`live ? <Lazy /> : <Stand-in />`)
 * keeps the stand-in on screen while its code downloads, instead of blanking into a Suspense
 * fallback. The interactive Mantine parts of the pages everyone lands on load this way, after the
 * page has painted and hydrated, so their first load stays small (docs/PERFORMANCE.md, Lighthouse).
 *
 * The parts take turns, in the order they mounted (live-turns.ts): the next one goes live in a new
 * task once the previous one has committed. All at once, their renders and commit were one
 * main-thread task of ~180 ms on a phone-speed CPU, the search page's longest (docs/PERFORMANCE.md,
 * "Long tasks"); one at a time, each is a short task, and a tap in between is handled at once.
 */
export function useLive(): boolean {
  return useLiveTurn().live;
}

/**
 * useLive for a part the guest may reach for before its turn: `now()` (from its stand-in's focus or
 * tap) makes it live at once, out of turn.
 */
export function useLiveTurn(): { live: boolean; now: () => void } {
  const [live, setLive] = useState(false);
  const turn = useRef<Turn | null>(null);
  // Reached for while hydrating (a child's effect saw the focus), before this part had a turn.
  const reachedEarly = useRef(false);
  useEffect(() => {
    const mine = turns.enqueue(() => startTransition(() => setLive(true)));
    turn.current = mine;
    if (reachedEarly.current) turns.hurry(mine);
    // Unmounted before its turn ended (the page changed): the queue must not wait for it.
    return () => turns.leave(mine);
  }, []);
  useEffect(() => {
    if (live && turn.current) turns.finish(turn.current);
  }, [live]);
  const now = useCallback(() => {
    if (turn.current) turns.hurry(turn.current);
    else reachedEarly.current = true;
  }, []);
  return { live, now };
}
