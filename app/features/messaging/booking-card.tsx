import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ConversationSummary } from '../../../common/schemas/messages.ts';
import { PersonAvatar } from './person-avatar.tsx';

const STATUS: Record<string, { label: string; color: string }> = {
  pending_payment: { label: 'Awaiting payment', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  checked_in: { label: 'Checked in', color: 'blue' },
  completed: { label: 'Completed', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
  expired: { label: 'Hold expired', color: 'gray' },
};

export const otherParty = (conversation: ConversationSummary) =>
  conversation.role === 'host' ? conversation.guest : conversation.host;

/** "Tue, Dec 1, 3:00 – 3:30 PM CST": a booking's time on its bathroom's clock. */
export function bookingTime(conversation: ConversationSummary): string {
  const timeZone = conversation.bathroom.timeZone;
  const start = new Date(conversation.booking.startsAt).toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const end = new Date(conversation.booking.endsAt).toLocaleTimeString('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${start} – ${end}`;
}

/** The thread's head: who, which bathroom, when, the booking's status and a link to it. */
export function BookingSummaryCard({
  conversation,
  bookingLink = true,
}: {
  conversation: ConversationSummary;
  bookingLink?: boolean;
}) {
  const other = conversation.role === 'admin' ? null : otherParty(conversation);
  const status = STATUS[conversation.booking.status] ?? { label: conversation.booking.status, color: 'gray' };
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="booking-summary">
      {other && <PersonAvatar person={other} size={40} />}
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={700} size="lg" lh={1.2}>
            {other ? other.firstName : `${conversation.guest.firstName} and ${conversation.host.firstName}`}
          </Text>
          <Badge color={status.color} variant="light">
            {status.label}
          </Badge>
        </Group>
        <Text size="sm" truncate>
          {conversation.bathroom.title}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {bookingTime(conversation)}
          </Text>
          {bookingLink && (
            <Anchor component={Link} to={`/bookings/${conversation.bookingId}`} size="sm">
              View booking
            </Anchor>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
