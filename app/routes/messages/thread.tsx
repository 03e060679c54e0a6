import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useLoaderData, useOutletContext } from 'react-router';
import { conversationParamsSchema } from '../../../common/schemas/messages.ts';
import { loadConversationPage } from '../../features/messaging/conversations.server.ts';
import classes from '../../features/messaging/messaging.module.css';
import { ConversationThread } from '../../features/messaging/thread.tsx';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/thread';
import type { MessagesOutletContext } from './layout.tsx';

/** /messages/{bookingId}: one booking's conversation, beside the list or (phones) in its place. */

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = conversationParamsSchema.safeParse(params);
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  return {
    bookingId: parsed.data.bookingId,
    ...(await loadConversationPage(context, viewer, parsed.data.bookingId)),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const conversation = loaderData?.page?.conversation;
  const other = conversation?.role === 'host' ? conversation.guest : conversation?.host;
  return [
    { title: other ? `${other.firstName} · Messages · Privy` : 'Messages · Privy' },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ThreadPage() {
  const { page, notOpen, bookingId } = useLoaderData<typeof loader>();
  const { viewerId, onActivity } = useOutletContext<MessagesOutletContext>();
  const back = (
    <Anchor
      component={Link}
      to="/messages"
      className={classes.backLink}
      hiddenFrom="md"
      data-testid="back-to-list"
    >
      ← All messages
    </Anchor>
  );
  if (!page)
    return (
      <Stack gap="sm" data-testid="thread-not-open">
        {back}
        <Alert color="yellow" title="Messages are not open yet">
          {notOpen}
        </Alert>
        <Anchor component={Link} to={`/bookings/${bookingId}`}>
          Go to the booking
        </Anchor>
      </Stack>
    );
  return (
    <ConversationThread
      // A new conversation starts from its own first page, never from the previous one's state.
      key={page.conversation.bookingId}
      page={page}
      viewerId={viewerId}
      onActivity={onActivity}
      header={back}
    />
  );
}
