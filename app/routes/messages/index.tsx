import { Center, Stack, Text } from '@mantine/core';

/** /messages on a wide screen: the space beside the list until a conversation is chosen. */
export default function MessagesIndex() {
  return (
    <Center h="100%" mih={320} data-testid="choose-conversation">
      <Stack gap={4} ta="center">
        <Text fw={600}>Choose a conversation</Text>
        <Text c="dimmed" size="sm">
          Pick one from the list to read it and reply.
        </Text>
      </Stack>
    </Center>
  );
}
