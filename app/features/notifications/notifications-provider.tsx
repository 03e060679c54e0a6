import { notifications as toastStore } from '@mantine/notifications';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  NOTIFICATION_TOAST_GROUP,
  TOAST_LIFETIME_MS,
  TOP_NOTIFICATIONS_LIMIT,
} from '../../../common/constants.ts';
import { NOTIFICATION_FALLBACK_TEXT } from '../../../common/notification-types.ts';
import { appNotificationsStore, toast } from '../../ui/toasts.tsx';
import { useRealtimeChannel, useRealtimeClient } from '../realtime/realtime-provider.tsx';
import { ARRIVALS_KEPT, type Arrival, withLateArrivals } from './late-arrivals.ts';
import { notificationTitle } from './notification-titles.ts';
import { type NotificationItem, notificationsApi } from './notifications-api.ts';

type NotificationsState = {
  items: NotificationItem[];
  unviewed: number;
  loaded: boolean;
  /** Opening the panel loads the top 15 and marks them viewed (spec §4). */
  openPanel: () => Promise<void>;
  refresh: () => Promise<void>;
  markRead: (id: string) => Promise<boolean>;
  remove: (id: string) => Promise<boolean>;
};

const NotificationsContext = createContext<NotificationsState | null>(null);

export function NotificationsProvider({ userId, children }: { userId: string; children: React.ReactNode }) {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [unviewed, setUnviewed] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const revalidator = useRevalidator();
  const client = useRealtimeClient();
  // The notices delivered live, so a fetch that overlapped them does not drop them, and those the
  // last fetch listed (and counted), so an event that lands after it does not count them again.
  const arrivals = useRef<{ count: number; kept: Arrival[] }>({ count: 0, kept: [] });
  const fetched = useRef(new Set<string>());

  const refresh = useCallback(async () => {
    const since = arrivals.current.count;
    try {
      const page = await notificationsApi.list({ limit: TOP_NOTIFICATIONS_LIMIT });
      const merged = withLateArrivals(page, arrivals.current.kept, since, TOP_NOTIFICATIONS_LIMIT);
      fetched.current = new Set(page.notifications.map((item) => item.id));
      setItems(merged.items);
      setUnviewed(merged.unviewed);
      setLoaded(true);
    } catch (error) {
      // Spec §8: fetch failures are logged and the previous state kept.
      console.warn('Could not load notifications', error);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Spec §4: when this account signs out (the provider unmounts), its recent alerts go with it.
  useEffect(() => () => toastStore.clean(appNotificationsStore), []);

  // After a dropped connection comes back, fetch whatever arrived while it was down.
  useEffect(() => client?.onReconnect(() => void refresh()), [client, refresh]);

  useRealtimeChannel(`user:${userId}`, (event, payload) => {
    if (event === 'profile') {
      // Someone changed this profile elsewhere (an admin, another tab): load it again.
      revalidator.revalidate();
      return;
    }
    if (event !== 'notification') return;
    const item = payload as NotificationItem;
    const live = arrivals.current;
    // The same notice twice (a delivery repeated across a reconnect) counts and shows once.
    if (live.kept.some((arrival) => arrival.item.id === item.id)) return;
    live.count += 1;
    live.kept = [...live.kept, { seq: live.count, item }].slice(-ARRIVALS_KEPT);
    setItems((current) =>
      current.some((existing) => existing.id === item.id)
        ? current
        : [item, ...current].slice(0, TOP_NOTIFICATIONS_LIMIT),
    );
    if (!fetched.current.has(item.id)) setUnviewed((count) => count + 1);
    toast.info(
      {
        title: notificationTitle(item.notification_type),
        message: item.message || NOTIFICATION_FALLBACK_TEXT,
        autoClose: TOAST_LIFETIME_MS.notification,
      },
      NOTIFICATION_TOAST_GROUP,
    );
  });

  const openPanel = useCallback(async () => {
    await refresh();
    try {
      await notificationsApi.markAllViewed();
      setUnviewed(0);
      setItems((current) => current.map((item) => ({ ...item, viewed: true })));
    } catch (error) {
      console.warn('Could not mark notifications viewed', error);
    }
  }, [refresh]);

  const markRead = useCallback(async (id: string) => {
    try {
      const { notification } = await notificationsApi.markRead(id);
      setItems((current) => current.map((item) => (item.id === id ? { ...item, ...notification } : item)));
      return true;
    } catch {
      return false;
    }
  }, []);

  const remove = useCallback(async (id: string) => {
    try {
      await notificationsApi.remove(id);
      setItems((current) => current.filter((item) => item.id !== id));
      return true;
    } catch {
      return false;
    }
  }, []);

  const value = useMemo(
    () => ({ items, unviewed, loaded, openPanel, refresh, markRead, remove }),
    [items, unviewed, loaded, openPanel, refresh, markRead, remove],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsState | null {
  return useContext(NotificationsContext);
}
