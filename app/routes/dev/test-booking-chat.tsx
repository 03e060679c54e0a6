import { Alert, Anchor, Button, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { MESSAGE_MAX_LENGTH } from '../../../common/schemas/messages.ts';
import { bookingSpan } from '../../features/bookings/booking-status.tsx';
import { conversationPath } from '../../features/message-alerts/alert-rules.ts';
import { listChatBookings, requireMessagingDevTools } from '../../features/message-alerts/dev-chat.server.ts';
import { messageAlertsApi } from '../../features/message-alerts/message-alerts-api.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Route } from './+types/test-booking-chat';

/** Spec §2 /test-booking-chat: send a real message in one of your bookings, to watch the other side. */

export function meta() {
  return [{ title: 'Test booking chat · Privy' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireMessagingDevTools(request, context);
  return { bookings: await listChatBookings(context, viewer.userId) };
}

type Outcome = { kind: 'sent'; bookingId: string } | { kind: 'failed'; message: string };

export default function TestBookingChat() {
  const { bookings } = useLoaderData<typeof loader>();
  const [bookingId, setBookingId] = useState<string | null>(bookings[0]?.id ?? null);
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!bookingId) return;
    if (!content.trim()) {
      setError('Write a message first.');
      return;
    }
    setError(null);
    setSending(true);
    try {
      await messageAlertsApi.send(bookingId, { content, clientId: crypto.randomUUID() });
      setOutcome({ kind: 'sent', bookingId });
      setContent('');
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'The message could not be sent.';
      const field =
        failure instanceof ApiError ? failure.fields.find((f) => f.field === 'content') : undefined;
      if (field) setError(field.message);
      else setOutcome({ kind: 'failed', message });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack maw={560} mx="auto" w="100%">
      <Title order={1}>Test booking chat</Title>
      <Text>
        Send a real message, as yourself, in one of your bookings. Sign in as the other person in another
        browser (or a private window) to watch the alert, the unread count in the header and, once they open
        the conversation, the read receipt on your side.
      </Text>
      <Alert color="yellow" title="For testing">
        The message is real: the other person of the booking receives it like any other.
      </Alert>
      {bookings.length === 0 ? (
        <Alert color="blue" title="No bookings yet">
          Messages belong to a booking.{' '}
          <Anchor component={Link} to="/bathrooms" fz="inherit">
            Book a bathroom
          </Anchor>{' '}
          (or, as a host, wait for a booking), then come back here.
        </Alert>
      ) : (
        <>
          <Select
            label="Booking"
            data={bookings.map((booking) => ({
              value: booking.id,
              label: `${booking.label} · ${bookingSpan({
                starts_at: booking.startsAt,
                ends_at: booking.endsAt,
                timezone: booking.timezone,
              })}${booking.otherName ? ` · ${booking.otherName}` : ''}`,
            }))}
            value={bookingId}
            onChange={setBookingId}
            allowDeselect={false}
            searchable
          />
          <Textarea
            label="Message"
            description={`Up to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters; alerts show the first 80.`}
            autosize
            minRows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            error={error}
          />
          <Button onClick={send} loading={sending} size="md">
            Send as me
          </Button>
        </>
      )}
      {outcome?.kind === 'sent' && (
        <Alert color="teal" title="Sent" role="status">
          The other person gets it now.{' '}
          <Anchor component={Link} to={conversationPath(outcome.bookingId)} fz="inherit">
            Open the conversation
          </Anchor>
        </Alert>
      )}
      {outcome?.kind === 'failed' && (
        <Alert color="red" title="Not sent" role="alert">
          {outcome.message}
        </Alert>
      )}
    </Stack>
  );
}
