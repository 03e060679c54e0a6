import { connectionErrorReason, isConnectionError } from './connection-errors.ts';

export type DatabaseState = { up: true; cause: null } | { up: false; cause: string };

export type DatabaseHealth = {
  /** What is known now, without asking the database. */
  current(): DatabaseState & { sinceMs: number };
  /**
   * Something failed on the database: when it was for a connection reason, the database counts as
   * down until a probe gets through. Returns whether it was such an error.
   */
  report(error: unknown): boolean;
  /** Asks the database now (a `select 1` bounded by `timeoutMs`) and records the answer. */
  check(timeoutMs?: number): Promise<DatabaseState>;
  /** Called on every change between up and down. */
  onChange(listener: (state: DatabaseState) => void): () => void;
  close(): void;
};

export type HealthOptions = {
  /** One `select 1`; rejects when the database cannot be reached. */
  ping: () => Promise<unknown>;
  log?: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };
  /** How often a down database is probed (ADR 107: back within a second of PostgreSQL's return). */
  probeEveryMs?: number;
};

const CHECK_TIMEOUT_MS = 2_000;

/**
 * Tracks whether the database answers. It is told of failures (the pool's error events, requests
 * that failed for a connection reason) and probes a down database until it answers again, so
 * /readyz, the realtime gateway and the logs agree on one state (ADR 107).
 */
export function createDatabaseHealth(options: HealthOptions): DatabaseHealth {
  const probeEveryMs = options.probeEveryMs ?? 500;
  let state: DatabaseState = { up: true, cause: null };
  let sinceMs = Date.now();
  let probe: ReturnType<typeof setInterval> | null = null;
  let closed = false;
  const listeners = new Set<(state: DatabaseState) => void>();

  const set = (next: DatabaseState) => {
    if (next.up === state.up) {
      state = next;
      return;
    }
    const downForMs = Date.now() - sinceMs;
    state = next;
    sinceMs = Date.now();
    if (next.up) {
      options.log?.info({ downForMs }, 'database reachable again');
      if (probe) clearInterval(probe);
      probe = null;
    } else {
      options.log?.warn({ cause: next.cause }, 'database unreachable; probing until it answers');
      if (!closed && !probe) {
        probe = setInterval(() => void check(CHECK_TIMEOUT_MS), probeEveryMs);
        probe.unref();
      }
    }
    for (const listener of listeners) listener(next);
  };

  const down = (error: unknown): DatabaseState => ({
    up: false,
    cause: `database unreachable: ${connectionErrorReason(error)}`,
  });

  let inFlight: Promise<DatabaseState> | null = null;
  async function check(timeoutMs = CHECK_TIMEOUT_MS): Promise<DatabaseState> {
    // Probes and readiness checks arriving together share one round trip.
    inFlight ??= (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          options.ping(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        set({ up: true, cause: null });
      } catch (error) {
        set(down(error));
      } finally {
        clearTimeout(timer);
        inFlight = null;
      }
      return state;
    })();
    return inFlight;
  }

  return {
    current: () => ({ ...state, sinceMs }),
    report(error) {
      if (!isConnectionError(error)) return false;
      if (state.up) set(down(error));
      return true;
    },
    check,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (probe) clearInterval(probe);
      probe = null;
      listeners.clear();
    },
  };
}
