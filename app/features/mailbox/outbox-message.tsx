import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { OutboxSummary } from './dev-only.server.ts';
import { LinkifiedText } from './linkified-text.tsx';
import { LocalTime } from './local-time.tsx';
import { ChannelBadge } from './outbox-list.tsx';

type Message = OutboxSummary & { html: string | null; text: string };

/**
 * The email's own HTML runs in a sandboxed frame: no scripts, no access to this page, and links open
 * in a new tab instead of inside the frame (where our frame-ancestors policy would refuse them).
 */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`)
    : `${base}${html}`;
}

export function OutboxMessage({ message }: { message: Message }) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dev/mailbox" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" />
          All messages
        </Group>
      </Anchor>
      <Stack gap="xs">
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {message.subject}
        </Title>
        <Group gap="md">
          <ChannelBadge channel={message.channel} />
          <Text size="sm">
            To <strong data-testid="message-to">{message.to}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            <LocalTime iso={message.createdAt} />
          </Text>
        </Group>
      </Stack>
      {message.html && (
        <Box component="section" aria-labelledby="html-version">
          <Title order={2} id="html-version" fz="h4" mb="sm">
            HTML version
          </Title>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <iframe
              title={`HTML version of “${message.subject}”`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={withLinksInNewTab(message.html)}
              style={{ display: 'block', width: '100%', height: 560, border: 0, background: '#fff' }}
            />
          </Paper>
        </Box>
      )}
      <Box component="section" aria-labelledby="text-version">
        <Title order={2} id="text-version" fz="h4" mb="sm">
          Text version
        </Title>
        <Paper withBorder radius="md" p="md">
          <Text
            component="pre"
            data-testid="message-text"
            m={0}
            ff="monospace"
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            <LinkifiedText text={message.text} />
          </Text>
        </Paper>
      </Box>
    </Stack>
  );
}
