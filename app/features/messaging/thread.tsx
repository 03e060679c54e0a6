import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  type ConversationPage,
  MESSAGE_EVENTS,
  type Message,
  messageSchema,
} from '../../../common/schemas/messages.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useRealtimeChannel, useRealtimeClient } from '../realtime/realtime-provider.tsx';
import { socketRequesterOf } from '../realtime/socket-requester.ts';
import { BookingSummaryCard, otherParty } from './booking-card.tsx';
import { Composer } from './composer.tsx';
import { messagesApi } from './messages-api.ts';
import classes from './messaging.module.css';
import { ThreadMessages } from './thread-messages.tsx';
import {
  initialThread,
  lastIncomingId,
  optimisticMessage,
  seenMessageId,
  type ThreadMessage,
  threadReducer,
} from './thread-state.ts';
import { useTypingIndicator } from './use-typing-indicator.ts';

/** What the list beside the thread learns from it: a newer last message, or the thread read. */
export type ThreadActivity = { bookingId: string; message?: Message; read?: boolean };

const readEvent = (payload: unknown) => {
  const value = payload as { readerId?: unknown; readUpTo?: unknown } | null;
  return typeof value?.readerId === 'string' && typeof value.readUpTo === 'string'
    ? { readerId: value.readerId, readUpTo: value.readUpTo }
    : null;
};

/**
 * One booking's conversation, live (ADR 120): messages arrive on `conversation:<bookingId>`, own
 * messages show at once and are confirmed by the server, the other party's typing and reading show
 * as they happen, and the thread is marked read while it is on screen. `live` false (the demo)
 * makes no calls at all.
 */
export function ConversationThread({
  page,
  viewerId,
  live = true,
  header,
  onActivity,
}: {
  page: ConversationPage;
  viewerId: string;
  live?: boolean;
  header?: React.ReactNode;
  onActivity?: (activity: ThreadActivity) => void;
}) {
  const { conversation } = page;
  const bookingId = conversation.bookingId;
  const [state, dispatch] = useReducer(threadReducer, page, initialThread);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const { typingName, typing, clear } = useTypingIndicator();
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const activity = useRef(onActivity);
  activity.current = onActivity;
  const canSend = live && conversation.canSend && conversation.role !== 'admin';

  const receive = useCallback(
    (message: Message) => {
      dispatch({ type: 'received', message });
      if (message.senderId !== viewerId) clear();
      activity.current?.({ bookingId, message });
    },
    [bookingId, viewerId, clear],
  );

  const fetchLatest = useCallback(() => {
    void messagesApi.latest(bookingId).then(
      (latest) => {
        for (const message of latest.messages) receive(message);
        if (latest.otherReadUpTo) dispatch({ type: 'read', readUpTo: latest.otherReadUpTo });
      },
      () => undefined,
    );
  }, [bookingId, receive]);

  useRealtimeChannel(live ? `conversation:${bookingId}` : null, (event, payload) => {
    if (event === MESSAGE_EVENTS.created || event === MESSAGE_EVENTS.deleted) {
      const body = payload as { message?: unknown; partial?: unknown } | null;
      // Too long for a live event (common/messaging.ts): fetch it whole rather than show it cut.
      if (body?.partial === true) return fetchLatest();
      const parsed = messageSchema.safeParse(body?.message);
      if (parsed.success) receive(parsed.data);
    } else if (event === MESSAGE_EVENTS.read) {
      const read = readEvent(payload);
      if (read && read.readerId !== viewerId) dispatch({ type: 'read', readUpTo: read.readUpTo });
    } else if (event === MESSAGE_EVENTS.typing) {
      const who = payload as { userId?: unknown; firstName?: unknown } | null;
      if (typeof who?.firstName === 'string' && who.userId !== viewerId) typing(who.firstName);
    }
  });

  // After a dropped connection, fetch the newest page: what was said meanwhile was not delivered.
  const client = useRealtimeClient();
  useEffect(() => {
    if (!live || !client) return;
    return client.onReconnect(fetchLatest);
  }, [live, client, fetchLatest]);

  // Mark read while the thread is on screen: now, on each new incoming message, and on coming back to the tab.
  const unreadUpTo = conversation.role === 'admin' || !live ? null : lastIncomingId(state, viewerId);
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!unreadUpTo) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || markedUpTo.current === unreadUpTo) return;
      markedUpTo.current = unreadUpTo;
      messagesApi.markRead(bookingId, unreadUpTo).then(
        () => activity.current?.({ bookingId, read: true }),
        () => {
          markedUpTo.current = null;
        },
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [bookingId, unreadUpTo]);

  // Keep the newest message in view unless the reader has scrolled up; keep the place when older ones load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the drawn messages or the typing line change
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (heightBeforeOlder.current !== null) {
      box.scrollTop += box.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (stickToBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [state.messages, typingName]);

  async function loadOlder() {
    if (!state.nextCursor || loadingOlder || !live) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const older = await messagesApi.page(bookingId, state.nextCursor);
      heightBeforeOlder.current = scroller.current?.scrollHeight ?? null;
      dispatch({ type: 'older', page: older });
    } catch (error) {
      setOlderError(error instanceof ApiError ? error.message : 'Earlier messages could not be loaded.');
    } finally {
      setLoadingOlder(false);
    }
  }

  function deliver(clientId: string, content: string) {
    messagesApi.send(bookingId, content, clientId, client && socketRequesterOf(client)).then(
      ({ message }) => {
        dispatch({ type: 'sent', message });
        activity.current?.({ bookingId, message });
      },
      () => dispatch({ type: 'failed', clientId }),
    );
  }

  function send(content: string) {
    const clientId = crypto.randomUUID();
    stickToBottom.current = true;
    dispatch({
      type: 'sending',
      message: optimisticMessage({
        clientId,
        content,
        senderId: viewerId,
        bookingId,
        conversationId: conversation.conversationId,
        now: new Date(),
      }),
    });
    deliver(clientId, content);
  }

  function retry(message: ThreadMessage) {
    if (!message.clientId) return;
    dispatch({ type: 'retry', clientId: message.clientId });
    deliver(message.clientId, message.content);
  }

  const other = otherParty(conversation);
  return (
    <div className={classes.panel} data-testid="thread">
      <Stack gap="xs" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {header}
        <BookingSummaryCard conversation={conversation} bookingLink={live} />
      </Stack>
      <div
        ref={scroller}
        className={classes.scroller}
        role="log"
        aria-label={`Messages with ${conversation.role === 'admin' ? 'the guest and host' : other.firstName}`}
        onScroll={(event) => {
          const box = event.currentTarget;
          stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
          if (box.scrollTop < 40 && state.nextCursor) void loadOlder();
        }}
      >
        <Stack gap={0}>
          {state.nextCursor && (
            <Center mb="sm">
              <Button
                variant="subtle"
                size="sm"
                mih={44}
                onClick={() => void loadOlder()}
                loading={loadingOlder}
              >
                Load earlier messages
              </Button>
            </Center>
          )}
          {olderError && (
            <Alert color="red" mb="sm" role="alert">
              {olderError}
            </Alert>
          )}
          {state.messages.length === 0 && (
            <Text c="dimmed" ta="center" py="xl" data-testid="thread-empty">
              {canSend
                ? `No messages yet. Say hello to ${other.firstName}: ask about access or let them know when you arrive.`
                : 'No messages in this conversation.'}
            </Text>
          )}
          <ThreadMessages
            messages={state.messages}
            viewerId={viewerId}
            timeZone={conversation.bathroom.timeZone}
            seenId={seenMessageId(state, viewerId)}
            now={new Date()}
            onRetry={retry}
          />
        </Stack>
      </div>
      <Text size="sm" c="dimmed" px="sm" aria-live="polite" data-testid="typing">
        {typingName ? `${typingName} is typing…` : ''}
      </Text>
      {canSend ? (
        <Composer
          placeholder={`Message ${other.firstName}`}
          onSend={send}
          onTyping={() => void messagesApi.typing(bookingId).catch(() => undefined)}
        />
      ) : (
        <Text className={classes.composer} c="dimmed" size="sm" data-testid="thread-closed">
          {!live
            ? 'This is a sample conversation: sign in and book a bathroom to message a real host.'
            : (conversation.closedReason ??
              (conversation.role === 'admin'
                ? 'You are reading this conversation as an admin: it is read-only.'
                : 'This conversation is closed.'))}
        </Text>
      )}
    </div>
  );
}
