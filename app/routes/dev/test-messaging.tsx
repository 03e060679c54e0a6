import { Badge, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { ALERT_SENDER_FALLBACK } from '../../../common/schemas/messages.ts';
import { alertTitle, conversationPath } from '../../features/message-alerts/alert-rules.ts';
import { playAlertSound, vibrateForAlert } from '../../features/message-alerts/alert-signals.ts';
import { listChatBookings, requireMessagingDevTools } from '../../features/message-alerts/dev-chat.server.ts';
import { useMessageAlerts } from '../../features/message-alerts/message-alerts-context.ts';
import type { Route } from './+types/test-messaging';

/**
 * Spec §2 /test-messaging: watch a message alert — toast, sound, vibration, badge — without a second
 * person, and try the recent alerts' mark-read and clear-all (ADR 121).
 */

export function meta() {
  return [{ title: 'Test messaging · Privy' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireMessagingDevTools(request, context);
  const bookings = await listChatBookings(context, viewer.userId);
  return { bookings: bookings.map((booking) => ({ value: booking.id, label: booking.label })) };
}

const SAMPLE =
  'Hi! I am running about ten minutes late — is it still fine if I arrive at 3:10 instead of 3:00? Thanks a lot.';

export default function TestMessaging() {
  const { bookings } = useLoaderData<typeof loader>();
  const alerts = useMessageAlerts();
  const [sender, setSender] = useState('Gina');
  const [content, setContent] = useState(SAMPLE);
  const [bookingId, setBookingId] = useState<string | null>(bookings[0]?.value ?? null);
  const [signals, setSignals] = useState<string | null>(null);

  if (!alerts) return null;

  const simulate = () => {
    alerts.simulate({
      id: crypto.randomUUID(),
      // Without a booking of your own the alert still shows; its link then finds no conversation.
      bookingId: bookingId ?? crypto.randomUUID(),
      senderName: sender,
      senderAvatar: null,
      content,
      timestamp: new Date().toISOString(),
      isRead: false,
    });
  };

  const trySignals = () => {
    const deps = {
      hasFocus: () => document.hasFocus(),
      createAudio: (url: string) => new Audio(url),
      vibrate: typeof navigator.vibrate === 'function' ? navigator.vibrate.bind(navigator) : undefined,
      hasBeenActive: () => true,
    };
    const played = playAlertSound(deps);
    const buzzed = vibrateForAlert(deps);
    setSignals(
      `${played ? 'Sound played' : 'No sound (the window has no focus)'}; ${
        buzzed ? 'vibrated 100-50-100 ms' : 'this device does not vibrate'
      }.`,
    );
  };

  return (
    <Stack maw={640} mx="auto" w="100%">
      <Title order={1}>Test messaging</Title>
      <Text>
        Show yourself a new-message alert: the toast (6 seconds, click it to open the conversation), the chime
        while this window has focus, a short buzz on a phone, and the unread count on the Messages button in
        the header. To send a real message to someone else, use{' '}
        <Link to="/test-booking-chat">Test booking chat</Link>.
      </Text>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Simulate an incoming message
          </Title>
          <TextInput
            label="Sender's first name"
            description={`Leave it empty to see the fallback, “${ALERT_SENDER_FALLBACK}”.`}
            value={sender}
            onChange={(event) => setSender(event.currentTarget.value)}
          />
          <Textarea
            label="Message"
            description="Alerts show the first 80 characters, then an ellipsis."
            autosize
            minRows={2}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
          />
          {bookings.length > 0 && (
            <Select
              label="Booking it belongs to"
              data={bookings}
              value={bookingId}
              onChange={setBookingId}
              allowDeselect={false}
            />
          )}
          <Group>
            <Button onClick={simulate}>Show the alert</Button>
            <Button variant="default" onClick={trySignals}>
              Sound and vibration only
            </Button>
          </Group>
          {signals && (
            <Text size="sm" role="status">
              {signals}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            A simulated alert adds one to the count until the next fetch brings the server's count back.
          </Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h3">
              Unread messages: <span data-testid="test-messaging-count">{alerts.unreadCount}</span>
            </Title>
            <Button variant="default" onClick={() => void alerts.refreshUnreadCount()}>
              Fetch the count
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h3">
              Recent alerts ({alerts.alerts.length} of 10)
            </Title>
            <Button variant="default" onClick={alerts.clearAll} disabled={alerts.alerts.length === 0}>
              Clear all
            </Button>
          </Group>
          {alerts.alerts.length === 0 ? (
            <Text c="dimmed">No alerts yet. Show one above, or have someone send you a message.</Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {alerts.alerts.map((alert) => (
                <Card
                  key={alert.id}
                  component="li"
                  withBorder
                  radius="sm"
                  p="sm"
                  data-testid="recent-alert"
                  data-read={alert.isRead}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Group gap="xs">
                        <Text fw={600}>{alertTitle(alert)}</Text>
                        {!alert.isRead && (
                          <Badge size="sm" color="blue" variant="light">
                            New
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">{alert.content}</Text>
                      <Link to={conversationPath(alert.bookingId)}>Open the conversation</Link>
                    </Stack>
                    {!alert.isRead && (
                      <Button
                        size="xs"
                        variant="subtle"
                        style={{ flexShrink: 0 }}
                        onClick={() => alerts.markRead(alert.id)}
                      >
                        Mark read
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
