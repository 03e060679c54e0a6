import { Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { listAccountSessions } from '../../../server/domains/auth/account-security.ts';
import { readForm, services } from '../../features/auth/actions.server.ts';
import { ChangePasswordCard } from '../../features/auth/change-password-card.tsx';
import { handleSecurityAction } from '../../features/auth/security-actions.server.ts';
import { SessionsCard } from '../../features/auth/sessions-card.tsx';
import { TwoFactorCard } from '../../features/auth/two-factor-card.tsx';
import { requireViewer } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/profile-security';

export function meta() {
  return [{ title: 'Security · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const sessions = await listAccountSessions(services(context), viewer);
  return {
    twoFactorEnabled: viewer.twoFactorEnabled,
    sessions: sessions.map(({ expiresAt: _expiresAt, ...session }) => session),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const viewer = await requireViewer(request, context);
  const { intent, values } = await readForm(request);
  return handleSecurityAction(app, viewer, request, intent, values);
}

/** Says so when two-step sign-in changes, whichever card caused it. */
function useTwoFactorToast(enabled: boolean) {
  const previous = useRef(enabled);
  useEffect(() => {
    if (previous.current === enabled) return;
    previous.current = enabled;
    if (enabled) {
      toast.success({
        title: 'Two-step sign-in is on',
        message: 'From now on, signing in asks for a code from your app.',
      });
    } else {
      toast.info({ title: 'Two-step sign-in is off', message: 'Signing in needs only your password again.' });
    }
  }, [enabled]);
}

export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  useTwoFactorToast(loaderData.twoFactorEnabled);
  return (
    <Stack gap="lg">
      {/* A new key when the factor turns on or off resets the card's steps. */}
      <TwoFactorCard key={String(loaderData.twoFactorEnabled)} enabled={loaderData.twoFactorEnabled} />
      <ChangePasswordCard />
      <SessionsCard sessions={loaderData.sessions} />
    </Stack>
  );
}
