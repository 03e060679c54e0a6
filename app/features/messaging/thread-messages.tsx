import { Button, Group, Text } from '@mantine/core';
import { MessageText } from './message-text.tsx';
import classes from './messaging.module.css';
import { messageTime, threadItems } from './thread-items.ts';
import type { ThreadMessage } from './thread-state.ts';

/** The drawn thread: day separators, bubbles, "Seen" under the last read own message, Retry. */
export function ThreadMessages({
  messages,
  viewerId,
  timeZone,
  seenId,
  now,
  onRetry,
}: {
  messages: ThreadMessage[];
  viewerId: string;
  timeZone: string;
  seenId: string | null;
  now: Date;
  onRetry?: (message: ThreadMessage) => void;
}) {
  return (
    <>
      {threadItems(messages, timeZone, now).map((item) => {
        if (item.kind === 'day')
          return (
            <Text key={item.key} className={classes.day} role="separator" data-testid="day-separator">
              {item.label}
            </Text>
          );
        const { message } = item;
        const own = message.senderId === viewerId;
        const deleted = message.deletedAt !== null;
        return (
          <div key={item.key} className={classes.row} data-testid="message" data-own={own || undefined}>
            <div
              className={[
                own ? classes.own : classes.other,
                deleted ? classes.deleted : '',
                message.delivery === 'sending' ? classes.sending : '',
              ].join(' ')}
            >
              {deleted ? 'Message deleted' : <MessageText content={message.content} />}
            </div>
            <Group gap={6} className={own ? classes.ownMeta : undefined} mt={2} mb={6}>
              {message.delivery === 'failed' ? (
                <>
                  <Text size="xs" c="red.8" role="alert">
                    Not sent.
                  </Text>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRetry?.(message)}>
                    Retry
                  </Button>
                </>
              ) : (
                <Text size="xs" c="dimmed">
                  {message.delivery === 'sending' ? 'Sending…' : messageTime(message.createdAt, timeZone)}
                  {message.id === seenId && (
                    <Text span size="xs" fw={600} data-testid="seen">
                      {' · Seen'}
                    </Text>
                  )}
                </Text>
              )}
            </Group>
          </div>
        );
      })}
    </>
  );
}
