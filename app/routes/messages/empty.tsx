import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { requireViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/empty';

/** /messages/empty (spec §2): no conversation yet, and how one starts. */

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return { isProvider: viewer.profile.is_provider };
}

export function meta() {
  return [{ title: 'Messages · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function MessagesEmpty() {
  const { isProvider } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md" maw={560} mx="auto" w="100%" data-testid="messages-empty">
      <Title order={1} size="h2">
        Messages
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm">
          <Text fw={700} size="lg">
            No conversations yet
          </Text>
          <Text>
            Every booking comes with a conversation between the guest and the host: ask how to get in, say you
            are running late, or thank your host afterwards.
          </Text>
          {isProvider && (
            <Text c="dimmed" size="sm">
              Your guests’ messages about their bookings will show here too.
            </Text>
          )}
          <Group gap="sm" mt="xs">
            <Button component={Link} to="/bathrooms" size="md">
              Find a bathroom
            </Button>
            <Button component={Link} to="/bookings" size="md" variant="default">
              My bookings
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
