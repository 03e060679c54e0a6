import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconInbox, IconMail, IconMessage2, IconRefresh } from '@tabler/icons-react';
import { Link, useRevalidator } from 'react-router';
import type { OutboxSummary } from './dev-only.server.ts';
import { LocalTime } from './local-time.tsx';

export function ChannelBadge({ channel }: { channel: OutboxSummary['channel'] }) {
  return channel === 'email' ? (
    <Badge variant="light" color="teal" leftSection={<IconMail size={12} aria-hidden="true" />}>
      Email
    </Badge>
  ) : (
    <Badge variant="light" color="grape" leftSection={<IconMessage2 size={12} aria-hidden="true" />}>
      SMS
    </Badge>
  );
}

/** The dev outbox, newest first: what Privy would have emailed or texted, and to whom. */
export function OutboxList({
  messages,
  deliversForReal,
}: {
  messages: OutboxSummary[];
  deliversForReal: boolean;
}) {
  const revalidator = useRevalidator();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Dev mailbox</Title>
          <Text c="dimmed" maw={640}>
            Emails and text messages Privy has sent while running without a mail server. Open one to follow
            its links. This page does not exist in production.
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          loading={revalidator.state === 'loading'}
          onClick={() => revalidator.revalidate()}
        >
          Refresh
        </Button>
      </Group>
      {deliversForReal && (
        <Alert color="blue" variant="light" title="Emails go out for real">
          SMTP_URL is set, so emails are delivered by your mail server and do not appear here. Text messages
          still do.
        </Alert>
      )}
      {messages.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Stack align="center" gap="xs">
            <IconInbox size={40} stroke={1.4} aria-hidden="true" />
            <Text fw={600}>No messages yet</Text>
            <Text c="dimmed" size="sm" maw={420}>
              Create an account, ask for a sign-in code or send the contact form, then press Refresh: the
              message appears here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" aria-label="Messages in the dev outbox">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Channel</Table.Th>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message.id} data-testid="outbox-row">
                  <Table.Td>
                    <ChannelBadge channel={message.channel} />
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{message.to}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/dev/mailbox/${message.id}`} fw={600}>
                      {message.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    <LocalTime iso={message.createdAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
