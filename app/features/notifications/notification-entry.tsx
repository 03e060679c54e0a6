import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { TOAST_LIFETIME_MS } from '../../../common/constants.ts';
import { bookingHasStarted, countdownTarget, formatCountdown } from '../../../common/countdown.ts';
import { notificationActions } from '../../../common/notification-actions.ts';
import { parseNotificationMeta } from '../../../common/notification-meta.ts';
import {
  isNotificationType,
  NOTIFICATION_FALLBACK_TEXT,
  notificationInfo,
} from '../../../common/notification-types.ts';
import { toast } from '../../ui/toasts.tsx';
import { notificationTitle } from './notification-titles.ts';
import { NOTIFICATION_TOASTS } from './notification-toasts.ts';
import type { NotificationItem } from './notifications-api.ts';
import { useNow } from './use-countdown.ts';

export function hasCountdown(item: NotificationItem): boolean {
  return (
    isNotificationType(item.notification_type) && 'countdown' in notificationInfo(item.notification_type)
  );
}

/** Countdown notifications are hidden once their booking has started (spec §4). */
export function isExpiredCountdown(item: NotificationItem, now: number): boolean {
  return hasCountdown(item) && bookingHasStarted(parseNotificationMeta(item.meta).booking?.start_time, now);
}

function timeAgo(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

type Props = {
  item: NotificationItem;
  onMarkRead: (id: string) => Promise<boolean>;
  onDelete: (id: string) => Promise<boolean>;
  /** Called after an action button navigated (the panel closes itself). */
  onNavigated?: () => void;
};

export function NotificationEntry({ item, onMarkRead, onDelete, onNavigated }: Props) {
  const navigate = useNavigate();
  const countdown = hasCountdown(item);
  const now = useNow(countdown);
  const target = countdown ? countdownTarget(item.created_at, item.message) : null;
  const actions = notificationActions(item.notification_type, item.meta);

  const markRead = async () => {
    const ok = await onMarkRead(item.id);
    const texts = ok ? NOTIFICATION_TOASTS.markedRead : NOTIFICATION_TOASTS.markReadFailed;
    (ok ? toast.success : toast.error)({ ...texts, autoClose: TOAST_LIFETIME_MS.markReadOrDelete });
  };

  const remove = async () => {
    const ok = await onDelete(item.id);
    const texts = ok ? NOTIFICATION_TOASTS.deleted : NOTIFICATION_TOASTS.deleteFailed;
    (ok ? toast.success : toast.error)({ ...texts, autoClose: TOAST_LIFETIME_MS.markReadOrDelete });
  };

  // Spec §4: an action button marks the notification read, then navigates.
  const act = async (to: string) => {
    if (!item.read) await onMarkRead(item.id);
    try {
      await navigate(to);
      onNavigated?.();
    } catch {
      toast.error({ ...NOTIFICATION_TOASTS.navigationFailed });
    }
  };

  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      data-testid="notification-entry"
      data-read={item.read}
      bg={item.read ? undefined : 'var(--mantine-color-teal-light)'}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="sm">
            {notificationTitle(item.notification_type)}
          </Text>
          <Group gap={4} wrap="nowrap">
            {!item.read && (
              <Tooltip label="Mark as read">
                <ActionIcon variant="subtle" aria-label="Mark as read" onClick={markRead}>
                  <IconCheck size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label="Delete notification" onClick={remove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" data-testid="notification-message">
          {item.message || NOTIFICATION_FALLBACK_TEXT}
        </Text>
        {target !== null && (
          <Badge
            variant="light"
            color={target > now ? 'teal' : 'gray'}
            data-testid="notification-countdown"
            style={{ textTransform: 'none' }}
          >
            {formatCountdown(target - now)}
          </Badge>
        )}
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {timeAgo(item.created_at, Date.now())}
          </Text>
          <Group gap={6}>
            {actions.map((action) => (
              <Button key={action.label} size="compact-sm" variant="light" onClick={() => act(action.to)}>
                {action.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
