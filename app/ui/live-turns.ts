/**
 * The order in which a page's lazily loaded parts go live (use-live.ts): one at a time, each in a
 * task of its own, so that their first renders and commits are short tasks rather than one long one.
 * A turn ends when its part has committed, or after `limitMs` when it has not (its code is still
 * downloading: the next part's download should not wait for it). A part that unmounts leaves the
 * queue, and ends its turn if it had one; a part the guest reaches for skips the queue.
 */
export type Turn = { start: () => void; state: 'waiting' | 'active' | 'done' };

export type TurnTimers = {
  /** Runs `run` in a new task after `ms` (setTimeout in the browser). */
  later: (run: () => void, ms: number) => unknown;
  cancel: (handle: unknown) => void;
};

export function createTurnQueue(timers: TurnTimers, limitMs: number) {
  const queue: Turn[] = [];
  let active: Turn | null = null;
  let limit: unknown;
  let nextPending = false;

  function next() {
    nextPending = false;
    if (active?.state === 'active') return;
    const turn = queue.shift();
    active = turn ?? null;
    if (!turn) return;
    turn.state = 'active';
    turn.start();
    limit = timers.later(() => {
      if (active === turn) {
        active = null;
        schedule();
      }
    }, limitMs);
  }

  function schedule() {
    timers.cancel(limit);
    if (nextPending) return;
    nextPending = true;
    // A new task: the browser paints and handles input between two parts' commits.
    timers.later(next, 0);
  }

  function finish(turn: Turn) {
    const wasActive = active === turn;
    turn.state = 'done';
    if (wasActive) {
      active = null;
      schedule();
    }
  }

  return {
    enqueue(start: () => void): Turn {
      const turn: Turn = { start, state: 'waiting' };
      queue.push(turn);
      if (!active) schedule();
      return turn;
    },
    /** The part has committed as live. */
    finish,
    /**
     * The guest reached for the part before its turn (focused or tapped its stand-in): it goes live
     * now, beside whichever part has the turn, and leaves the queue.
     */
    hurry(turn: Turn) {
      if (turn.state !== 'waiting') return;
      const index = queue.indexOf(turn);
      if (index >= 0) queue.splice(index, 1);
      turn.state = 'done';
      turn.start();
    },
    /** The part unmounted. */
    leave(turn: Turn) {
      const index = queue.indexOf(turn);
      if (index >= 0) queue.splice(index, 1);
      if (turn.state !== 'done') finish(turn);
    },
  };
}
