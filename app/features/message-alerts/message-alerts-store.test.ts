import { describe, expect, it, vi } from 'vitest';
import type { MessageAlert } from '../../../common/schemas/messages.ts';
import { createMessageAlertsStore } from './message-alerts-store.ts';

function alertOf(index: number): MessageAlert {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    bookingId: '7d1f0c52-3a41-4f53-9a43-1f2d8c0b5e61',
    senderName: 'Hector',
    senderAvatar: null,
    content: `message ${index}`,
    timestamp: '2026-11-27T09:00:00.000Z',
    isRead: false,
  };
}

/** A count request the test answers when it likes. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('message alerts store', () => {
  it('keeps 10 alerts newest first, marks one read and clears all', () => {
    const store = createMessageAlertsStore({ fetchUnreadCount: async () => 0 });
    for (let index = 1; index <= 11; index += 1) store.addAlert(alertOf(index));
    expect(store.getState().alerts.map((alert) => alert.content)).toEqual(
      Array.from({ length: 10 }, (_, index) => `message ${11 - index}`),
    );
    store.markRead(alertOf(5).id);
    expect(
      store
        .getState()
        .alerts.filter((alert) => alert.isRead)
        .map((alert) => alert.id),
    ).toEqual([alertOf(5).id]);
    store.clearAll();
    expect(store.getState().alerts).toEqual([]);
  });

  it('fetches the count, and keeps the last one (with a warning) when a refetch fails', async () => {
    const warn = vi.fn();
    const fetchUnreadCount = vi.fn().mockResolvedValueOnce(3).mockRejectedValueOnce(new Error('offline'));
    const store = createMessageAlertsStore({ fetchUnreadCount, warn });
    await store.refreshUnreadCount();
    expect(store.getState().unreadCount).toBe(3);
    await store.refreshUnreadCount();
    expect(store.getState().unreadCount).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toBeInstanceOf(Error);
  });

  it('takes a pushed count, and an older answer does not overwrite it', async () => {
    const answer = deferred<number>();
    const store = createMessageAlertsStore({ fetchUnreadCount: () => answer.promise });
    const refreshing = store.refreshUnreadCount();
    store.setUnreadCount(5);
    answer.resolve(4);
    await refreshing;
    expect(store.getState().unreadCount).toBe(5);
    store.setUnreadCount(-1);
    store.setUnreadCount(1.5);
    expect(store.getState().unreadCount).toBe(5);
  });

  it('marks the time of each change for the message-update trigger', () => {
    let now = 1000;
    const store = createMessageAlertsStore({ fetchUnreadCount: async () => 0, now: () => now });
    expect(store.getState().lastUpdate).toBeNull();
    store.addAlert(alertOf(1));
    expect(store.getState().lastUpdate).toBe(1000);
    now = 2000;
    store.setUnreadCount(2);
    expect(store.getState().lastUpdate).toBe(2000);
  });

  it('signing out zeroes the count and clears the alerts, even if a count was on its way', async () => {
    const answer = deferred<number>();
    const store = createMessageAlertsStore({ fetchUnreadCount: () => answer.promise });
    const listener = vi.fn();
    store.subscribe(listener);
    store.addAlert(alertOf(1));
    store.setUnreadCount(7);
    const refreshing = store.refreshUnreadCount();
    store.reset();
    answer.resolve(7);
    await refreshing;
    expect(store.getState()).toEqual({ alerts: [], unreadCount: 0, lastUpdate: null });
    expect(listener).toHaveBeenCalled();
  });
});
