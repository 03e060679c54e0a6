import type { SettingValues } from '../../../common/schemas/settings.ts';
import type { RealtimeBus } from '../realtime/bus.ts';

/**
 * The per-process copy of the settings the booking and search engines read on every request
 * (ADR 140). A change publishes SETTINGS_CHANGED_EVENT on the realtime bus in the transaction that
 * writes it, so every process sharing the database drops its copy when that commits; the TTL is
 * the safety net for a process that missed the NOTIFY (its LISTEN connection was down).
 */

/** A server-side channel: no socket may subscribe to it (the gateway knows no rule for it). */
export const SETTINGS_CHANNEL = 'platform-settings';
export const SETTINGS_CHANGED_EVENT = 'changed';
/** How long a copy may be served without a NOTIFY telling it is stale. */
export const SETTINGS_CACHE_TTL_MS = 5_000;

export type SettingsCache = {
  current(): Promise<SettingValues>;
  /** Drops the copy: the next read loads the table again. */
  invalidate(): void;
  close(): void;
};

export function createSettingsCache(deps: {
  load: () => Promise<SettingValues>;
  bus: Pick<RealtimeBus, 'onEvent' | 'onListeningChange'>;
  ttlMs?: number;
  nowMs?: () => number;
}): SettingsCache {
  const ttl = deps.ttlMs ?? SETTINGS_CACHE_TTL_MS;
  const nowMs = deps.nowMs ?? Date.now;
  let copy: { values: SettingValues; loadedAt: number } | null = null;
  // The last values read, kept past invalidation: served while the database cannot be read.
  let lastKnown: SettingValues | null = null;
  let inflight: Promise<SettingValues> | null = null;
  // Bumped by each invalidation: a load that started before one must not be kept as fresh.
  let generation = 0;

  const invalidate = () => {
    generation++;
    copy = null;
    inflight = null;
  };
  const offEvent = deps.bus.onEvent((event) => {
    if (event.channel === SETTINGS_CHANNEL) invalidate();
  });
  // Events sent while this process was not listening never arrive: start afresh when it listens again.
  const offListening = deps.bus.onListeningChange(invalidate);

  function load(): Promise<SettingValues> {
    const started = generation;
    const loading = deps.load().then(
      (values) => {
        lastKnown = values;
        if (generation === started) {
          copy = { values, loadedAt: nowMs() };
          inflight = null;
        }
        return values;
      },
      (error) => {
        if (generation === started) inflight = null;
        // Better the values of a moment ago than no page at all; the next call tries again.
        if (lastKnown) return lastKnown;
        throw error;
      },
    );
    inflight = loading;
    return loading;
  }

  return {
    current() {
      if (copy && nowMs() - copy.loadedAt < ttl) return Promise.resolve(copy.values);
      return inflight ?? load();
    },
    invalidate,
    close() {
      offEvent();
      offListening();
    },
  };
}
