import { Badge, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ConversationSummary, messagePreview } from '../../../common/schemas/messages.ts';
import { bookingTime, otherParty } from './booking-card.tsx';
import classes from './messaging.module.css';
import { PersonAvatar } from './person-avatar.tsx';

const lastActivity = (conversation: ConversationSummary) =>
  Date.parse(conversation.lastMessage?.createdAt ?? conversation.booking.startsAt);

/** Unread conversations first, then the most recent; the search matches a first name or a title. */
export function visibleConversations(conversations: ConversationSummary[], query: string, viewerId: string) {
  const needle = query.trim().toLocaleLowerCase();
  return conversations
    .filter((conversation) => {
      if (!needle) return true;
      // A party searches by the other's name: their own would match every row.
      const people = [conversation.guest, conversation.host].filter((person) => person.id !== viewerId);
      const haystack = [conversation.bathroom.title, ...people.map((person) => person.firstName)];
      return haystack.some((value) => value.toLocaleLowerCase().includes(needle));
    })
    .sort(
      (a, b) => Number(b.unreadCount > 0) - Number(a.unreadCount > 0) || lastActivity(b) - lastActivity(a),
    );
}

function preview(conversation: ConversationSummary, viewerId: string): string {
  const last = conversation.lastMessage;
  if (!last) return 'No messages yet';
  if (last.deletedAt) return 'Message deleted';
  return `${last.senderId === viewerId ? 'You: ' : ''}${messagePreview(last.content)}`;
}

/** The conversations of /messages: who, which bathroom and when, the last message, unread count. */
export function ConversationList({
  conversations,
  viewerId,
  activeBookingId,
}: {
  conversations: ConversationSummary[];
  viewerId: string;
  activeBookingId: string | null;
}) {
  const [query, setQuery] = useState('');
  const shown = visibleConversations(conversations, query, viewerId);
  return (
    <div className={classes.listPanel}>
      <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
        <TextInput
          type="search"
          aria-label="Search conversations"
          placeholder="Search by name or bathroom"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          size="md"
        />
      </div>
      <nav aria-label="Conversations" className={classes.listScroller}>
        {shown.length === 0 && (
          <Text c="dimmed" p="sm">
            No conversation matches “{query.trim()}”. Try another name or bathroom.
          </Text>
        )}
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((conversation) => {
            const other = otherParty(conversation);
            const unread = conversation.unreadCount;
            const name =
              conversation.role === 'admin'
                ? `${conversation.guest.firstName} and ${conversation.host.firstName}`
                : other.firstName;
            return (
              <li key={conversation.bookingId}>
                <Link
                  to={`/messages/${conversation.bookingId}`}
                  className={
                    conversation.bookingId === activeBookingId ? classes.active : classes.conversation
                  }
                  aria-current={conversation.bookingId === activeBookingId ? 'page' : undefined}
                  data-testid="conversation"
                  preventScrollReset
                >
                  <PersonAvatar person={other} />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={unread ? 700 : 600} truncate>
                      {name}
                    </Text>
                    <Text size="sm" truncate>
                      {conversation.bathroom.title}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {bookingTime(conversation)}
                    </Text>
                    <Text size="sm" c={unread ? undefined : 'dimmed'} fw={unread ? 600 : 400} truncate>
                      {preview(conversation, viewerId)}
                    </Text>
                  </Stack>
                  {unread > 0 && (
                    <Badge circle={unread < 10} size="lg" aria-label={`${unread} unread`}>
                      {unread}
                    </Badge>
                  )}
                </Link>
              </li>
            );
          })}
        </Stack>
      </nav>
    </div>
  );
}
