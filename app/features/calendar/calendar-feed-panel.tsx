import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { dateTimeFormat } from '../../../common/date-format.ts';
import type { CalendarFeedStatus } from '../../../common/schemas/calendar.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toast } from '../../ui/toasts.tsx';
import { calendarApi } from './api.ts';

type Props = {
  bathroomId: string;
  /** The bathroom's zone: dates read the same on the server and in the browser. */
  timezone: string;
  initial: CalendarFeedStatus;
  /** Only the host makes or rotates a feed; an admin may look and turn it off. */
  canCreate: boolean;
};

function when(iso: string, timezone: string) {
  return dateTimeFormat('en-US', {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** The "Calendar feed" section of a listing: make, copy, rotate or turn off its private iCal URL. */
export function CalendarFeedPanel({ bathroomId, timezone, initial, canCreate }: Props) {
  const titleId = useId();
  const [status, setStatus] = useState(initial);
  // The URL exists only in this answer: the server keeps a hash of its secret part.
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: 'create' | 'rotate' | 'revoke') {
    setBusy(true);
    try {
      if (action === 'revoke') {
        setStatus(await calendarApi.revoke(bathroomId));
        setUrl(null);
        toast.info({ title: 'Feed turned off', message: 'The old address no longer shows your bookings.' });
      } else {
        const made = await calendarApi.createOrRotate(bathroomId);
        setStatus(made);
        setUrl(made.url);
        toast.success({
          title: action === 'rotate' ? 'New address made' : 'Feed ready',
          message: 'Copy the address into your calendar app.',
        });
      }
      setConfirming(null);
    } catch (caught) {
      toast.error({
        title: 'Not changed',
        message: caught instanceof ApiError ? caught.message : 'Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="xs">
        Calendar feed
      </Title>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          See this bathroom's bookings and blocked times in Google Calendar, Apple Calendar or Outlook by
          subscribing to a private address. Anyone with the address can see when the bathroom is booked and
          guests' first names, so share it only with people you trust.
        </Text>
        {url ? (
          <Stack gap="xs">
            <Group gap="xs" align="end" wrap="nowrap">
              <TextInput
                label="Your private calendar address"
                value={url}
                readOnly
                flex={1}
                onFocus={(event) => event.currentTarget.select()}
                data-testid="calendar-feed-url"
              />
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Alert color="blue" variant="light">
              Copy it now: for your privacy it is not shown again. If you lose it, make a new address.
            </Alert>
          </Stack>
        ) : status.active && status.created_at ? (
          <Text size="sm">
            A feed is on since {when(status.created_at, timezone)}.{' '}
            {status.last_fetched_at
              ? `A calendar app last read it ${when(status.last_fetched_at, timezone)}.`
              : 'No calendar app has read it yet.'}
          </Text>
        ) : (
          <Text size="sm">
            There is no feed for this bathroom yet.{' '}
            {canCreate ? 'Make an address, then add it to your calendar app as a subscription.' : ''}
          </Text>
        )}
        {confirming ? (
          <Alert
            color="orange"
            variant="light"
            title={confirming === 'rotate' ? 'Make a new address?' : 'Turn the feed off?'}
          >
            <Stack gap="xs">
              <Text size="sm">
                The current address stops working at once; calendars subscribed to it stop updating.
              </Text>
              <Group gap="xs">
                <Button color="orange" loading={busy} onClick={() => run(confirming)}>
                  {confirming === 'rotate' ? 'Make a new address' : 'Turn off'}
                </Button>
                <Button variant="default" disabled={busy} onClick={() => setConfirming(null)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="xs">
            {!status.active && canCreate ? (
              <Button
                leftSection={<IconCalendarShare size={18} />}
                loading={busy}
                onClick={() => run('create')}
              >
                Make a calendar address
              </Button>
            ) : null}
            {status.active && canCreate ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} />}
                onClick={() => setConfirming('rotate')}
              >
                Make a new address
              </Button>
            ) : null}
            {status.active ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} />}
                onClick={() => setConfirming('revoke')}
              >
                Turn off feed
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
