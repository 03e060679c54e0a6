import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMessageAlerts } from './message-alerts-provider.tsx';

/** The header's way to /messages, with the unread message count (spec §3 shared messaging state). */
export function MessagesLink() {
  const state = useMessageAlerts();
  if (!state) return null;
  const count = state.unreadCount;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid="message-badge"
      data-count={count}
    >
      <ActionIcon
        component={Link}
        to="/messages"
        variant="default"
        size="lg"
        aria-label={count ? `Messages (${count} unread)` : 'Messages'}
      >
        <IconMessageCircle size={18} stroke={1.6} />
      </ActionIcon>
    </Indicator>
  );
}
