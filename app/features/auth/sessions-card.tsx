import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDevices,
  IconDeviceTablet,
  IconLogout,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { toast } from '../../ui/toasts.tsx';
import { formErrorOf } from './form-error.ts';
import { LocalDateTime } from './local-date-time.tsx';
import { type RowAction, useRowAction } from './row-action.ts';
import { RowActionButton, SecurityRow } from './security-row.tsx';
import { type DeviceKind, describeUserAgent } from './user-agent.ts';

export type SessionView = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
  current: boolean;
};

const ICONS: Record<DeviceKind, typeof IconDevices> = {
  phone: IconDeviceMobile,
  tablet: IconDeviceTablet,
  desktop: IconDeviceDesktop,
  unknown: IconDevices,
};

/** Toasts the outcome of a fetcher's action once it comes back. */
function useOutcomeToast(data: unknown, title: string, message: string) {
  useEffect(() => {
    if (!data) return;
    const error = formErrorOf(data);
    if (error) toast.error({ title: 'Nothing changed', message: error.message });
    else toast.success({ title, message });
  }, [data, title, message]);
}

function SessionRow({ session, signOut }: { session: SessionView; signOut: RowAction }) {
  const device = describeUserAgent(session.userAgent);
  return (
    <SecurityRow
      icon={ICONS[device.kind]}
      testId="session-row"
      action={
        !session.current && (
          <RowActionButton
            action={signOut}
            intent="revoke-session"
            field="session_id"
            id={session.id}
            label={device.label}
            ariaLabel={`Sign out ${device.label}`}
          >
            Sign out
          </RowActionButton>
        )
      }
    >
      <Group gap={8}>
        <Text fw={600}>{device.label}</Text>
        {session.current && (
          <Badge color="teal" variant="light" data-testid="current-session">
            This device
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {session.ipAddress ? `IP ${session.ipAddress} · ` : ''}Signed in{' '}
        <LocalDateTime iso={session.createdAt} />
      </Text>
      <Text size="xs" c="dimmed">
        Last active <LocalDateTime iso={session.lastActiveAt} />
      </Text>
    </SecurityRow>
  );
}

/** Where the account is signed in, and the ways to end those sessions. */
export function SessionsCard({ sessions }: { sessions: SessionView[] }) {
  const signOut = useRowAction(() => ({
    title: 'Signed out',
    message: 'That device is signed out of Privy.',
  }));
  const others = useFetcher();
  const everywhere = useFetcher();
  const [confirming, { open, close }] = useDisclosure(false);
  useOutcomeToast(others.data, 'Other devices signed out', 'Only this device is still signed in.');
  const hasOthers = sessions.some((session) => !session.current);

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="sessions-title">
      <Title order={2} fz="h4" id="sessions-title">
        Where you're signed in
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        If you don't recognise a device, sign it out and change your password.
      </Text>
      <Stack gap="md">
        {sessions.map((session) => (
          <SessionRow key={session.id} session={session} signOut={signOut} />
        ))}
        <Group gap="sm" mt="xs">
          <others.Form method="post">
            <input type="hidden" name="intent" value="revoke-others" />
            <Button type="submit" variant="default" disabled={!hasOthers} loading={others.state !== 'idle'}>
              Sign out all other devices
            </Button>
          </others.Form>
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={open}
          >
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={close} title="Sign out everywhere?" centered>
        <Text size="sm" mb="lg">
          Every device signed in to your account is signed out, this one too. You can sign in again straight
          away.
        </Text>
        <everywhere.Form method="post">
          <input type="hidden" name="intent" value="revoke-all" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={everywhere.state !== 'idle'}>
              Sign out everywhere
            </Button>
          </Group>
        </everywhere.Form>
      </Modal>
    </Paper>
  );
}
