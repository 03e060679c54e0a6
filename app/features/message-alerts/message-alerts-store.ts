import type { MessageAlert } from '../../../common/schemas/messages.ts';
import { addRecentAlert, markAlertRead } from './alert-rules.ts';

/*
 * Spec §3 "Shared messaging state" for one signed-in account: the recent alerts (10, newest first),
 * the unread message count and when either last changed. A plain store (useSyncExternalStore reads
 * it) so its rules run in unit tests without React. The typing flag of the same section belongs to
 * an open conversation and lives on its page.
 */

export type MessageAlertsState = {
  alerts: MessageAlert[];
  unreadCount: number;
  /** Spec §4's message-update trigger: the time of the last new alert or count (ms), null before any. */
  lastUpdate: number | null;
};

export type MessageAlertsStoreDeps = {
  fetchUnreadCount: () => Promise<number>;
  /** Spec §8: a failed count is logged (a warning: the browser tests fail on console errors). */
  warn?: (message: string, error: unknown) => void;
  now?: () => number;
};

export type MessageAlertsStore = ReturnType<typeof createMessageAlertsStore>;

const INITIAL: MessageAlertsState = { alerts: [], unreadCount: 0, lastUpdate: null };

export function createMessageAlertsStore(deps: MessageAlertsStoreDeps) {
  const warn = deps.warn ?? ((message, error) => console.warn(message, error));
  const now = deps.now ?? Date.now;
  let state = INITIAL;
  // Bumped by every count applied and by reset: an answer to an older request must not overwrite
  // a newer count (a `message.unread` event that overtook it) or bring a count back after sign-out.
  let countVersion = 0;
  const listeners = new Set<() => void>();

  function set(next: Partial<MessageAlertsState>) {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  function applyCount(count: number) {
    countVersion += 1;
    if (count !== state.unreadCount) set({ unreadCount: count, lastUpdate: now() });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addAlert(alert: MessageAlert) {
      set({ alerts: addRecentAlert(state.alerts, alert), lastUpdate: now() });
    },
    markRead(id: string) {
      const alerts = markAlertRead(state.alerts, id);
      if (alerts.some((alert, index) => alert !== state.alerts[index])) set({ alerts });
    },
    clearAll() {
      if (state.alerts.length) set({ alerts: [] });
    },
    /** A count the server pushed (`message.unread`). */
    setUnreadCount(count: number) {
      if (Number.isInteger(count) && count >= 0) applyCount(count);
    },
    /** Fetches the count; a failure keeps the previous one and logs it (spec §8). */
    async refreshUnreadCount(): Promise<void> {
      const startedAt = countVersion;
      try {
        const count = await deps.fetchUnreadCount();
        if (countVersion === startedAt) applyCount(count);
      } catch (error) {
        warn('Could not load the unread message count; keeping the last one', error);
      }
    },
    /** Sign-out (spec §4): the count becomes 0 and the recent alerts are cleared. */
    reset() {
      countVersion += 1;
      set(INITIAL);
    },
  };
}
