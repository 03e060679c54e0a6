import { Center, Loader, Stack } from '@mantine/core';
import { OVERLAY_Z_INDEX } from '../../common/constants.ts';
import { LogoMark } from './logo.tsx';

/** The overlay itself (session-overlay.tsx decides when). */
export default function SessionOverlayView() {
  return (
    <Center
      pos="fixed"
      inset={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: OVERLAY_Z_INDEX }}
      role="status"
      aria-live="polite"
      data-testid="session-overlay"
    >
      <Stack align="center" gap="md">
        <LogoMark size={56} />
        <Loader size="sm" role="status" aria-label="Loading your account" />
      </Stack>
    </Center>
  );
}
