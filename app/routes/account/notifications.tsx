import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isExpiredCountdown, NotificationEntry } from '../../features/notifications/notification-entry.tsx';
import { type NotificationItem, notificationsApi } from '../../features/notifications/notifications-api.ts';
import { useNotifications } from '../../features/notifications/notifications-provider.tsx';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/notifications';

const PAGE_SIZE = 20;

export function meta() {
  return [{ title: 'Notifications · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(request, context);
  return null;
}

/** Every notification, newest first, 20 at a time, with the panel's actions. */
export default function NotificationsPage() {
  const live = useNotifications();
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');

  const loadPage = async (before: string | null) => {
    setLoading(true);
    try {
      const page = await notificationsApi.list({ limit: PAGE_SIZE, before });
      setItems((current) => (before ? [...current, ...page.notifications] : page.notifications));
      setCursor(page.nextCursor);
      setTotal(page.total);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  // Seeing the full list counts as viewing everything in it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on mount
  useEffect(() => {
    void loadPage(null).then(() => live?.openPanel());
  }, []);

  // New notifications arriving live appear at the top.
  const newest = live?.items[0];
  useEffect(() => {
    if (newest)
      setItems((current) => (current.some((item) => item.id === newest.id) ? current : [newest, ...current]));
  }, [newest]);

  const markRead = async (id: string) => {
    const ok = (await live?.markRead(id)) ?? false;
    if (ok)
      setItems((current) =>
        current.map((item) => (item.id === id ? { ...item, read: true, viewed: true } : item)),
      );
    return ok;
  };
  const remove = async (id: string) => {
    const ok = (await live?.remove(id)) ?? false;
    if (ok) {
      setItems((current) => current.filter((item) => item.id !== id));
      setTotal((count) => count - 1);
    }
    return ok;
  };

  const now = Date.now();
  const needle = query.trim().toLowerCase();
  const shown = items
    .filter((item) => !isExpiredCountdown(item, now))
    .filter((item) => !needle || (item.message ?? '').toLowerCase().includes(needle));

  return (
    <Stack maw={720} mx="auto" gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={1}>Notifications</Title>
        {total > 0 && <Text c="dimmed">{total} in all</Text>}
      </Group>
      {items.length > 0 && (
        <TextInput
          placeholder="Search notifications..."
          aria-label="Search notifications"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      )}
      {failed && (
        <Text c="red">We could not load your notifications. Check your connection and reload the page.</Text>
      )}
      {!loading && !failed && shown.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No notifications to display.
        </Text>
      )}
      {shown.map((item) => (
        <NotificationEntry key={item.id} item={item} onMarkRead={markRead} onDelete={remove} />
      ))}
      {cursor && (
        <Button variant="default" onClick={() => loadPage(cursor)} loading={loading}>
          Show older notifications
        </Button>
      )}
    </Stack>
  );
}
