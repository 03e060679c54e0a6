import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { data } from 'react-router';
import {
  BOTTOM_RIGHT_TOAST_GROUP,
  MESSAGE_TOAST_GROUP,
  NOTIFICATION_TOAST_GROUP,
  SUPPORT_MESSAGES,
  TOAST_SEVERITIES,
} from '../../../common/constants.ts';
import { servicesContext } from '../../lib/context.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/atest';

/**
 * /atest (spec §2; dev only, ADR 137): fires every toast severity in every toast area, previews the
 * full-screen overlays without touching the account, and switches the colour mode.
 */

const BlockedAccount = lazy(() => import('../../ui/blocked-account.tsx'));
const SessionOverlayView = lazy(() => import('../../ui/session-overlay-view.tsx'));

export function meta() {
  return [{ title: 'Shell test · Privy' }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context }: Route.LoaderArgs) {
  const config = context.get(servicesContext).config;
  if (config.isProduction) throw data('Not found', { status: 404 });
  return { supportEmail: config.contactEmail };
}

const GROUPS = [
  { group: undefined, label: 'Default area' },
  { group: BOTTOM_RIGHT_TOAST_GROUP, label: 'Bottom right (br)' },
  { group: NOTIFICATION_TOAST_GROUP, label: 'Top right (app-notifications)' },
  { group: MESSAGE_TOAST_GROUP, label: 'Message alerts (message-notifications)' },
] as const;

type Overlay = 'session' | 'review' | 'disabled' | null;

const capitalised = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

export default function ShellTest({ loaderData }: Route.ComponentProps) {
  const [overlay, setOverlay] = useState<Overlay>(null);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const mounted = useMounted();
  return (
    <Stack maw={900} mx="auto" gap="lg">
      <div>
        <Title order={1}>Shell test</Title>
        <Text c="dimmed">
          A developer's page: every toast, the full-screen overlays and the colour mode. Nothing here changes
          your account or your data.
        </Text>
      </div>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Toasts
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {GROUPS.map(({ group, label }) => (
            <Stack key={label} gap="xs">
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Group gap="xs">
                {TOAST_SEVERITIES.map((severity) => (
                  <Button
                    key={severity}
                    size="xs"
                    variant="light"
                    onClick={() =>
                      toast[severity](
                        { title: `${capitalised(severity)} toast`, message: `Shown in: ${label}.` },
                        group,
                      )
                    }
                  >
                    {capitalised(severity)}
                  </Button>
                ))}
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="lg" mb="xs">
          Full-screen overlays
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Previews only: a close button sits on top; the account stays as it is.
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setOverlay('session')}>
            Session loading
          </Button>
          <Button variant="default" onClick={() => setOverlay('review')}>
            Account under review
          </Button>
          <Button variant="default" onClick={() => setOverlay('disabled')}>
            Account disabled
          </Button>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Title order={2} fz="lg" mb="sm">
          Colour mode
        </Title>
        <SegmentedControl
          aria-label="Colour mode"
          value={mounted ? colorScheme : 'auto'}
          onChange={(value) => setColorScheme(value as 'light' | 'dark' | 'auto')}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
            { value: 'auto', label: 'System' },
          ]}
        />
      </Paper>
      {overlay ? (
        <Suspense fallback={null}>
          {overlay === 'session' ? (
            <SessionOverlayView />
          ) : (
            <BlockedAccount
              disabled={overlay === 'disabled'}
              message={
                overlay === 'disabled'
                  ? SUPPORT_MESSAGES.accountDisabled
                  : SUPPORT_MESSAGES.accountUnderReview
              }
              supportEmail={loaderData.supportEmail}
              preview={
                <Button variant="light" disabled title="A preview signs nobody out">
                  Sign out
                </Button>
              }
            />
          )}
          {/* Above the overlay (which sits at OVERLAY_Z_INDEX), so the preview can be closed. */}
          <Button
            pos="fixed"
            top={16}
            right={16}
            style={{ zIndex: 10_000 }}
            onClick={() => setOverlay(null)}
            data-testid="close-overlay-preview"
          >
            Close preview
          </Button>
        </Suspense>
      ) : null}
    </Stack>
  );
}
