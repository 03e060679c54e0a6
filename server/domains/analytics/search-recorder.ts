import type { SearchKind } from '../../../common/schemas/analytics.ts';
import type { SearchEventRow } from './repository.ts';

type Logger = { error: (obj: object, msg: string) => void };

/** What a search tells analytics: where (any precision; rounded here), how many it found, which kind. */
export type SearchFact = { latitude: number; longitude: number; resultCount: number; kind: SearchKind };

const FLUSH_EVERY_MS = 2_000;
const FLUSH_AT_ROWS = 200;
/** A database away for long must not grow the buffer without end: older facts are dropped first. */
const MAX_BUFFERED = 10_000;

/**
 * Anonymous search recording (ADR 138). record() only rounds and buffers, so a search never waits
 * on it; a timer (or a full buffer) writes the buffer in one insert. A failed write is logged and
 * its rows dropped: analytics never fails or slows a search. The row holds an hour, a point rounded
 * to two decimals (about 1 km), a count and a kind; who searched is never passed in, so cannot leak.
 */
export function createSearchRecorder(deps: {
  insert: (rows: SearchEventRow[]) => Promise<void>;
  log: Logger;
  now?: () => Date;
}) {
  let buffer: SearchEventRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  const now = deps.now ?? (() => new Date());

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = buffer;
    buffer = [];
    if (rows.length === 0) return writing;
    writing = writing.then(() =>
      deps.insert(rows).catch((error: unknown) => {
        deps.log.error({ err: error, rows: rows.length }, 'search analytics: could not record searches');
      }),
    );
    return writing;
  }

  return {
    record(fact: SearchFact): void {
      if (!Number.isFinite(fact.latitude) || !Number.isFinite(fact.longitude)) return;
      const hour = new Date(now().getTime());
      hour.setUTCMinutes(0, 0, 0);
      buffer.push({
        searched_hour: hour,
        lat_e2: Math.round(fact.latitude * 100),
        lng_e2: Math.round(fact.longitude * 100),
        result_count: Math.max(0, Math.trunc(fact.resultCount)),
        kind: fact.kind,
      });
      if (buffer.length > MAX_BUFFERED) buffer.splice(0, buffer.length - MAX_BUFFERED);
      if (buffer.length >= FLUSH_AT_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_EVERY_MS);
        // A pending flush must not keep a process (or a test run) alive.
        timer.unref?.();
      }
    },
    /** Writes what is buffered; resolves once written or logged as failed (tests, shutdown). */
    flush,
  };
}

export type SearchRecorder = ReturnType<typeof createSearchRecorder>;
