import { Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { STRIPE_BANNER_TEXT } from '../../../common/provider-payment-state.ts';
import { useBottomInset } from '../../ui/use-bottom-inset.ts';

/** The banner itself (stripe-banner.tsx decides who sees it). */
export default function StripeBannerView({ to }: { to: string }) {
  const banner = useRef<HTMLDivElement>(null);
  useBottomInset(banner, '--stripe-banner-height');
  return (
    <>
      {/* Keeps the page's last lines clear of the fixed banner. */}
      <Box h={72} aria-hidden />
      <Box
        ref={banner}
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
          <Button component={Link} to={to} color="white" variant="white" c="red.8" size="xs">
            Connect Account
          </Button>
        </Group>
      </Box>
    </>
  );
}
