import { Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { isUnlinkedProvider, STRIPE_BANNER_TEXT } from '../../../common/provider-payment-state.ts';
import type { ClientViewer } from '../../lib/viewer.ts';

/** Pages where the banner would only repeat what the page itself is for. */
const ONBOARDING_PATHS = ['/stripe-connect', '/manage/stripe-connect', '/test-connect/'];

/**
 * Spec §2 / §4 / §8: the fixed red bottom banner for a provider whose payout account is not
 * linked, with a Connect Account button to /stripe-connect.
 */
export function StripeBanner({ viewer }: { viewer: ClientViewer | null }) {
  const { pathname } = useLocation();
  if (!viewer || !isUnlinkedProvider(viewer.profile)) return null;
  if (ONBOARDING_PATHS.some((path) => pathname === path || pathname.startsWith(path))) return null;
  return (
    <>
      {/* Keeps the page's last lines clear of the fixed banner. */}
      <Box h={72} aria-hidden />
      <Box
        role="alert"
        data-testid="stripe-banner"
        pos="fixed"
        bottom={0}
        left={0}
        right={0}
        bg="red.8"
        c="white"
        px="md"
        py="sm"
        style={{ zIndex: 150 }}
      >
        <Group justify="center" gap="md" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconAlertTriangle size={20} aria-hidden />
            <Text fw={600} size="sm">
              {STRIPE_BANNER_TEXT}
            </Text>
          </Group>
          <Button component={Link} to="/stripe-connect" color="white" variant="white" c="red.8" size="xs">
            Connect Account
          </Button>
        </Group>
      </Box>
    </>
  );
}
