import { ActionIcon, Indicator } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMessageAlerts } from './message-alerts-context.ts';

/** The header's way to /messages, with the unread message count (spec §3 shared messaging state). */
export function MessagesLink() {
  // Drawn for every signed-in header (its callers); the count arrives once the alerts have loaded.
  const alerts = useMessageAlerts();
  const count = alerts?.unreadCount ?? 0;
  return (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red"
      disabled={count === 0}
      offset={4}
      data-testid="message-badge"
      data-count={count}
      // Whether the alerts listen yet (they load after the page): tests wait for it.
      data-live={alerts ? 'true' : undefined}
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
