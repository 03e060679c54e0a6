import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Form } from 'react-router';
import { OVERLAY_Z_INDEX, SUPPORT_MESSAGES } from '../../common/constants.ts';
import type { ClientViewer } from '../lib/viewer.ts';
import { Logo } from './logo.tsx';

/** Spec §4 account gate: a disabled or under-review account sees only this, and may sign out. */
export function AccountGate({
  viewer,
  supportEmail,
  children,
}: {
  viewer: ClientViewer | null;
  supportEmail?: string | undefined;
  children?: React.ReactNode;
}) {
  if (!viewer) return <>{children}</>;
  const message = viewer.profile.is_deleted
    ? SUPPORT_MESSAGES.accountDisabled
    : !viewer.profile.is_active
      ? SUPPORT_MESSAGES.accountUnderReview
      : null;
  if (!message) return <>{children}</>;
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
          {viewer.profile.is_deleted ? 'Account disabled' : 'Account under review'}
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
        <Form method="post" action="/logout">
          <Button type="submit" variant="light">
            Sign out
          </Button>
        </Form>
      </Stack>
    </Center>
  );
}
