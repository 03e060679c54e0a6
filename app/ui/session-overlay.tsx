import { Center, Loader, Stack } from '@mantine/core';
import { useNavigation } from 'react-router';
import { OVERLAY_Z_INDEX } from '../../common/constants.ts';
import { LogoMark } from './logo.tsx';

/** Form posts that change who is signed in; while one is under way the session is reloading. */
const SESSION_CHANGING_ACTIONS = /^\/(login|logout|register|verify-phone|reset-password)(\/|$|\?)/;

/**
 * Spec §2: a full-screen overlay with the logo while the user session loads. The first page is
 * rendered on the server with the session already resolved, so the overlay appears only when the
 * session changes in the browser (signing in or out), until the new session's page is ready.
 */
export function SessionOverlay() {
  const navigation = useNavigation();
  const changing = navigation.state !== 'idle' && SESSION_CHANGING_ACTIONS.test(navigation.formAction ?? '');
  if (!changing) return null;
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
        <Loader size="sm" aria-label="Loading your account" />
      </Stack>
    </Center>
  );
}
