import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEMO_GUEST_ID, demoConversation } from '../../features/messaging/demo-conversation.ts';
import { ConversationThread } from '../../features/messaging/thread.tsx';

/** /messages-demo (spec §2): a public, read-only sample of a guest's conversation with a host. */

export function meta() {
  return [
    { title: 'Messages demo · Privy' },
    { name: 'description', content: 'See how guests and hosts message each other about a booking on Privy.' },
  ];
}

export default function MessagesDemo() {
  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Messages demo
        </Title>
        <Text c="dimmed">
          Every booking comes with a conversation between the guest and the host. This sample shows one, as
          the guest sees it.
        </Text>
      </Stack>
      <ConversationThread page={demoConversation} viewerId={DEMO_GUEST_ID} live={false} />
      <Group gap="sm">
        <Button component={Link} to="/bathrooms" size="md">
          Find a bathroom
        </Button>
      </Group>
    </Stack>
  );
}
