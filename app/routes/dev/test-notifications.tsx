import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TOAST_SEVERITIES } from '../../../common/constants.ts';
import { NOTIFICATION_TYPE_NAMES } from '../../../common/notification-types.ts';
import { notificationTitle } from '../../features/notifications/notification-titles.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/test-notifications';

export function meta() {
  return [{ title: 'Test notifications · Privy' }];
}

/** Signed in; outside production anyone, in production only admins. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  if (context.get(servicesContext).config.isProduction && !viewer.profile.is_admin) {
    throw new Response('Not found', { status: 404 });
  }
  return null;
}

/** Three in the top area and three bottom right: an area shows five at a time and queues the rest. */
function showEverySeverity() {
  TOAST_SEVERITIES.forEach((severity, index) => {
    const name = `${severity.charAt(0).toUpperCase()}${severity.slice(1)}`;
    const input = { title: `${name} toast`, message: 'This is how it looks.', autoClose: 10_000 };
    toast[severity](input, index < 3 ? undefined : 'br');
  });
}

export default function TestNotifications() {
  const [type, setType] = useState<string>('RESERVATION_ONE_HOUR');
  const [sending, setSending] = useState(false);

  const fire = async () => {
    setSending(true);
    try {
      const response = await apiFetch('/api/notifications/test', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ notification_type: type }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        toast.error({ title: 'Error', message: body?.message ?? 'Could not send the test notification.' });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack maw={560} mx="auto">
      <Title order={1}>Test notifications</Title>
      <Text>
        Send yourself a sample of any notification type to check its panel entry, live toast, buttons and
        countdown. Samples point at bookings and bathrooms that do not exist, so their buttons may lead to a
        “not found” page.
      </Text>
      <Alert color="yellow" title="For testing">
        Samples are real notifications in your account; delete them from the panel when you are done.
      </Alert>
      <Select
        label="Notification type"
        data={NOTIFICATION_TYPE_NAMES.map((name) => ({
          value: name,
          label: `${name} — ${notificationTitle(name)}`,
        }))}
        value={type}
        onChange={(value) => value && setType(value)}
        searchable
        allowDeselect={false}
      />
      <Button onClick={fire} loading={sending} size="md">
        Send to me
      </Button>
      <Title order={2} fz="h3" mt="lg">
        Toast severities
      </Title>
      <Text>Show one toast of each severity (spec §9) to check how they read in light and dark mode.</Text>
      <Group>
        <Button variant="default" onClick={showEverySeverity}>
          Show all six
        </Button>
      </Group>
    </Stack>
  );
}
