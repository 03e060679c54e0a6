import { ActionIcon, Drawer, Indicator, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconBell, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OVERLAY_Z_INDEX } from '../../../common/constants.ts';
import { isExpiredCountdown, NotificationEntry } from './notification-entry.tsx';
import { useNotifications } from './notifications-provider.tsx';
import { useNow } from './use-countdown.ts';

/**
 * Spec §2 notifications panel: slides in from the right (about 90% wide on small screens, 30% on
 * large) over a darkened backdrop with page scrolling locked; an outside click or the close
 * button closes it.
 */
export function NotificationBell() {
  const state = useNotifications();
  const [opened, { open, close }] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const large = useMediaQuery('(min-width: 62em)');
  const now = useNow(opened);
  if (!state) return null;

  const visible = state.items.filter((item) => !isExpiredCountdown(item, now));
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? visible.filter((item) => (item.message ?? '').toLowerCase().includes(needle))
    : visible;

  const openPanel = () => {
    open();
    void state.openPanel();
  };

  return (
    <>
      <Indicator
        label={state.unviewed > 99 ? '99+' : state.unviewed}
        size={18}
        color="red"
        disabled={state.unviewed === 0}
        offset={4}
        data-testid="notification-badge"
        data-count={state.unviewed}
        data-loaded={state.loaded}
      >
        <ActionIcon
          variant="default"
          size="lg"
          onClick={openPanel}
          aria-label={`Notifications${state.unviewed ? ` (${state.unviewed} new)` : ''}`}
        >
          <IconBell size={18} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size={large ? '30%' : '90%'}
        title="Notifications"
        overlayProps={{ backgroundOpacity: 0.55 }}
        lockScroll
        closeOnClickOutside
        zIndex={OVERLAY_Z_INDEX}
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': 'Close notifications' }}
      >
        <Stack gap="sm" data-testid="notification-panel">
          {visible.length > 0 && (
            <TextInput
              placeholder="Search notifications..."
              aria-label="Search notifications"
              leftSection={<IconSearch size={16} />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
            />
          )}
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No notifications to display.
            </Text>
          ) : (
            shown.map((item) => (
              <NotificationEntry
                key={item.id}
                item={item}
                onMarkRead={state.markRead}
                onDelete={state.remove}
                onNavigated={close}
              />
            ))
          )}
          <Text ta="center" size="sm">
            <Link to="/notifications" onClick={close}>
              See all notifications
            </Link>
          </Text>
        </Stack>
      </Drawer>
    </>
  );
}
