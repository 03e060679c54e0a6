import DataLoader from 'dataloader';
import { CLEANING_BUFFERS } from '../../../common/schemas/properties.ts';
import type { Db } from '../../db/database.ts';
import { readSlotSchedule, type SlotSchedule } from '../availability/slot-schedule.ts';

/**
 * The cheap way to a booking's answer (ADR 090, "Racing for one slot"). A hold's transaction takes
 * a pool connection (PGlite has one) for about eight statements, and a second attempt on the same
 * time waits in it on the exclusion constraint until the first commits, only to be refused. So,
 * within this process:
 * - attempts on overlapping times of one bathroom take turns: each waits, holding no connection,
 *   until the one in its transaction has committed or rolled back;
 * - then every waiter asks the database afresh, in one shared statement, whether the time can still
 *   be sold, and gets its 400 or 409 from that read without opening a transaction.
 * Nothing here decides anything from memory: every answer comes from a read that started after
 * the request reached this point, and the transaction (with the exclusion constraint) is still
 * the final word across processes.
 */

export type { SlotSchedule };

export type HoldAttempt = {
  bathroomId: string;
  /** The booking's own time, [start, end), without buffer: what attempts in this process queue on. */
  start: Date;
  end: Date;
};

type Running = { start: number; end: number; done: Promise<void> };

/** The longest cleaning buffer a bathroom may have: a window this much wider sees every neighbour. */
export const MAX_BUFFER_MS = Math.max(...CLEANING_BUFFERS) * 60_000;

export function createHoldAttempts(db: Db) {
  const running = new Map<string, Set<Running>>();

  /**
   * Reads of the same bathroom and time requested while the event loop was busy go to the
   * database as one statement, sent after all of them were asked (batch per loop turn, no cache:
   * a read never answers a request that arrived after it was sent).
   */
  const schedules = new DataLoader<string, SlotSchedule | null>(
    async (keys) => {
      const distinct = new Map<string, Promise<SlotSchedule | null>>();
      for (const key of keys) {
        if (distinct.has(key)) continue;
        const [bathroomId, start, end] = key.split('|');
        const window = { start: new Date(Number(start)), end: new Date(Number(end) + MAX_BUFFER_MS) };
        distinct.set(key, readSlotSchedule(db, bathroomId as string, window));
      }
      // A failed read fails only the requests that asked for it (DataLoader takes an Error per key).
      return Promise.all(
        keys.map((key) => (distinct.get(key) as Promise<SlotSchedule | null>).catch((error: Error) => error)),
      );
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );

  function overlapping(attempt: HoldAttempt): Running | undefined {
    const start = attempt.start.getTime();
    const end = attempt.end.getTime();
    for (const other of running.get(attempt.bathroomId) ?? []) {
      if (other.start < end && start < other.end) return other;
    }
    return undefined;
  }

  /** Registers the attempt as running unless an overlapping one is; returns its release. */
  function enter(attempt: HoldAttempt): (() => void) | null {
    if (overlapping(attempt)) return null;
    let finish = () => {};
    const entry: Running = {
      start: attempt.start.getTime(),
      end: attempt.end.getTime(),
      done: new Promise<void>((resolve) => {
        finish = resolve;
      }),
    };
    const set = running.get(attempt.bathroomId) ?? new Set();
    set.add(entry);
    running.set(attempt.bathroomId, set);
    return () => {
      set.delete(entry);
      if (!set.size) running.delete(attempt.bathroomId);
      finish();
    };
  }

  return {
    /**
     * Runs `hold` (the booking's transaction) for `attempt` once no overlapping attempt of this
     * process is running and `precheck` (which throws the refusal) has passed on a fresh read of
     * the bathroom's schedule. `precheck` receives null when there is no such bathroom.
     */
    async run<T>(
      attempt: HoldAttempt,
      precheck: (found: SlotSchedule | null) => void,
      hold: () => Promise<T>,
    ): Promise<T> {
      const key = `${attempt.bathroomId}|${attempt.start.getTime()}|${attempt.end.getTime()}`;
      for (;;) {
        for (let other = overlapping(attempt); other; other = overlapping(attempt)) await other.done;
        precheck(await schedules.load(key));
        // Another attempt may have started while this one read: wait for it, then read again.
        const release = enter(attempt);
        if (!release) continue;
        try {
          return await hold();
        } finally {
          release();
        }
      }
    },

    /** How many attempts are running in their transaction now (tests). */
    runningCount: () => [...running.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

export type HoldAttempts = ReturnType<typeof createHoldAttempts>;
