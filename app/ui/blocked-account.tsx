import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Form } from 'react-router';
import { OVERLAY_Z_INDEX } from '../../common/constants.ts';
import { Logo } from './logo.tsx';

/** What a disabled or under-review account sees instead of the page (account-gate.tsx decides). */
export default function BlockedAccount({
  disabled,
  message,
  supportEmail,
  preview,
}: {
  disabled: boolean;
  message: string;
  supportEmail?: string | undefined;
  /** /atest's preview: this button stands in for Sign out, so the preview signs nobody out. */
  preview?: React.ReactNode;
}) {
  return (
    <Center
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="account-gate-title"
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: OVERLAY_Z_INDEX }}
      p="lg"
    >
      <Stack align="center" maw={440} ta="center">
        <Logo size={36} />
        <Title order={1} fz="h3" id="account-gate-title">
          {disabled ? 'Account disabled' : 'Account under review'}
        </Title>
        <Text data-testid="account-gate-message">{message}</Text>
        {supportEmail && (
          <Text size="sm" c="dimmed">
            Support:{' '}
            <Anchor href={`mailto:${supportEmail}`} data-testid="account-gate-support">
              {supportEmail}
            </Anchor>
          </Text>
        )}
        {preview ?? (
          <Form method="post" action="/logout">
            <Button type="submit" variant="light">
              Sign out
            </Button>
          </Form>
        )}
      </Stack>
    </Center>
  );
}
