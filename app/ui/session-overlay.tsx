import { Suspense } from 'react';
import { useNavigation } from 'react-router';
import { lazyPart } from '../lib/patient-import.ts';

// Shown only while signing in or out, so its code loads then (or never).
const SessionOverlayView = lazyPart(() => import('./session-overlay-view.tsx'));

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
    <Suspense fallback={null}>
      <SessionOverlayView />
    </Suspense>
  );
}
