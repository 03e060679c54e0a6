import { Grid, Stack, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import {
  Outlet,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useParams,
  useRevalidator,
} from 'react-router';
import { z } from 'zod';
import { type ConversationSummary, MESSAGE_EVENTS, messageSchema } from '../../../common/schemas/messages.ts';
import { ConversationList } from '../../features/messaging/conversation-list.tsx';
import { loadConversations } from '../../features/messaging/conversations.server.ts';
import classes from '../../features/messaging/messaging.module.css';
import type { ThreadActivity } from '../../features/messaging/thread.tsx';
import { useChannelRestored, useRealtimeChannel } from '../../features/realtime/realtime-provider.tsx';
import { requireViewer } from '../../lib/guards.server.ts';
import { pageUrl } from '../../lib/route-query.ts';
import type { Route } from './+types/layout';

/*
 * /messages and /messages/{bookingId} (spec §2, ADR 120): the list stays mounted while a thread
 * opens beside it (wide screens) or in its place (phones), so switching conversations is no page
 * transition. Notices link to /messages?booking={id}&contact={userId}: that opens the thread.
 */

export type MessagesOutletContext = { viewerId: string; onActivity: (activity: ThreadActivity) => void };

const bookingQuery = z.uuid();

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const url = pageUrl(request);
  const onList = url.pathname.replace(/\/+$/, '') === '/messages';
  const booking = bookingQuery.safeParse(url.searchParams.get('booking'));
  if (onList && booking.success) throw redirect(`/messages/${booking.data}`);
  const conversations = await loadConversations(context, viewer);
  if (onList && conversations.length === 0) throw redirect('/messages/empty');
  return { viewerId: viewer.userId, conversations };
}

/**
 * Opening another conversation keeps the list as it is: the live events keep it current. Loading
 * the same address again (the user channel restored after a drop, ADR 162) reads it afresh.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const otherConversation = currentUrl.pathname !== nextUrl.pathname && currentUrl.search === nextUrl.search;
  if (!formMethod && otherConversation && nextUrl.pathname.startsWith('/messages/')) return false;
  return defaultShouldRevalidate;
}

export function meta() {
  return [{ title: 'Messages · Privy' }, { name: 'robots', content: 'noindex' }];
}

function withMessage(
  list: ConversationSummary[],
  activity: ThreadActivity,
  viewerId: string,
  openId: string | null,
) {
  return list.map((conversation) => {
    if (conversation.bookingId !== activity.bookingId) return conversation;
    if (activity.read) return { ...conversation, unreadCount: 0 };
    const message = activity.message;
    if (!message) return conversation;
    const newer =
      !conversation.lastMessage ||
      Date.parse(message.createdAt) >= Date.parse(conversation.lastMessage.createdAt);
    const counts =
      message.senderId !== viewerId &&
      conversation.bookingId !== openId &&
      newer &&
      conversation.lastMessage?.id !== message.id;
    return {
      ...conversation,
      lastMessage: newer ? message : conversation.lastMessage,
      unreadCount: conversation.unreadCount + (counts ? 1 : 0),
    };
  });
}

export default function MessagesLayout() {
  const { viewerId, conversations } = useLoaderData<typeof loader>();
  const openId = useParams().bookingId ?? null;
  const [list, setList] = useState(conversations);
  useEffect(() => setList(conversations), [conversations]);

  const onActivity = useCallback(
    (activity: ThreadActivity) => setList((current) => withMessage(current, activity, viewerId, openId)),
    [viewerId, openId],
  );
  // A message in another conversation: its row moves up with the new preview and unread count.
  useRealtimeChannel(`user:${viewerId}`, (event, payload) => {
    if (event !== MESSAGE_EVENTS.created) return;
    const parsed = messageSchema.safeParse((payload as { message?: unknown } | null)?.message);
    if (parsed.success) onActivity({ bookingId: parsed.data.bookingId, message: parsed.data });
  });
  // What arrived while the socket was down was not replayed: read the list again.
  const { revalidate } = useRevalidator();
  useChannelRestored(`user:${viewerId}`, () => void revalidate());

  const context: MessagesOutletContext = { viewerId, onActivity };
  return (
    <Stack gap="sm">
      <Title order={1} size="h2" className={openId ? classes.phoneHidden : undefined}>
        Messages
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }} className={openId ? classes.phoneHidden : undefined}>
          <ConversationList conversations={list} viewerId={viewerId} activeBookingId={openId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} className={openId ? undefined : classes.phoneHidden}>
          <Outlet context={context} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
