import { useSyncExternalStore } from 'react';
import type { MessageAlert } from '../../../common/schemas/messages.ts';
import type { MessageAlertsState } from './message-alerts-store.ts';

/*
 * Where the signed-in account's message alerts are read (the header's badge, /test-messaging). The
 * runner that fills it (message-alerts-provider.tsx: realtime, toasts, sound, the API) loads lazily
 * beside the page rather than around it, so pages stay free of its code until someone is signed in
 * (ADR 121; docs/PERFORMANCE.md, initial JavaScript on /). Nothing here but a value and its readers.
 */

export type MessageAlertsValue = MessageAlertsState & {
  markRead: (id: string) => void;
  clearAll: () => void;
  refreshUnreadCount: () => Promise<void>;
  /**
   * Shows an alert as if it had just arrived, skip rules aside, and counts it in the badge until
   * the next fetch brings the server's count (/test-messaging).
   */
  simulate: (alert: MessageAlert) => void;
};

let current: MessageAlertsValue | null = null;
const listeners = new Set<() => void>();

/** The runner's latest value; null once it unmounts (signed out: count 0, alerts gone, spec §4). */
export function publishMessageAlerts(value: MessageAlertsValue | null) {
  current = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in account's message alerts and unread count; null when nobody is signed in yet. */
export function useMessageAlerts(): MessageAlertsValue | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
