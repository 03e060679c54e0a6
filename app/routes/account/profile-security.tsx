import { Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listAccountSessions } from '../../../server/domains/auth/account-security.ts';
import { listIdentities } from '../../../server/domains/auth/identities.ts';
import { listPasskeys } from '../../../server/domains/auth/passkeys.ts';
import { proofState } from '../../../server/domains/auth/reauthentication.ts';
import { signInProviderList } from '../../../server/sign-in-provider-config.ts';
import { readForm, services } from '../../features/auth/actions.server.ts';
import { ChangePasswordCard } from '../../features/auth/change-password-card.tsx';
import { AskForProof, ConfirmItsYou, needsReauthentication } from '../../features/auth/confirm-its-you.tsx';
import { IdentitiesCard, type LinkOutcome } from '../../features/auth/identities-card.tsx';
import { PasskeysCard } from '../../features/auth/passkeys-card.tsx';
import { providerFailureIn } from '../../features/auth/provider-failure.tsx';
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
  const app = services(context);
  const [sessions, identities, proof, passkeys] = await Promise.all([
    listAccountSessions(app, viewer),
    listIdentities(app, viewer),
    proofState(app, viewer),
    listPasskeys(app, viewer),
  ]);
  const url = new URL(request.url);
  return {
    proofMethod: proof.method,
    // ?confirm: a page that was refused for want of a proof sends people here to give one (ADR 144).
    askProof: url.searchParams.has('confirm'),
    ...identities,
    linkOutcome: linkOutcomeIn(
      new URL(request.url),
      signInProviderList(app.config.signInProviders),
      identities,
    ),
    twoFactorEnabled: viewer.twoFactorEnabled,
    passkeys,
    sessions: sessions.map(({ expiresAt: _expiresAt, ...session }) => session),
  };
}

/** A link comes back here as ?provider=<id>, with &error=<code> when it did not happen (ADR 143). */
function linkOutcomeIn(
  url: URL,
  providers: ReturnType<typeof signInProviderList>,
  overview: Awaited<ReturnType<typeof listIdentities>>,
): LinkOutcome {
  const failure = providerFailureIn(url, providers);
  if (failure) return { failure };
  const provider = providers.find((each) => each.id === url.searchParams.get('provider'));
  const linked = provider && overview.identities.some((identity) => identity.provider === provider.id);
  return linked ? { linked: provider.name } : null;
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

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  // "Confirm it's you" opens above the cards when a change was refused for want of a proof (ADR 144).
  const [askingProof, setAskingProof] = useState(
    () => loaderData.askProof || needsReauthentication(actionData),
  );
  const askForProof = useCallback(() => setAskingProof(true), []);
  const proofGiven = useCallback(() => {
    setAskingProof(false);
    toast.success({ title: 'Thanks, that was you', message: 'Make your change now: you have 10 minutes.' });
  }, []);
  useEffect(() => {
    if (needsReauthentication(actionData)) setAskingProof(true);
  }, [actionData]);
  useTwoFactorToast(loaderData.twoFactorEnabled);
  const hasPassword = loaderData.identities.some((identity) => identity.provider === 'password');
  return (
    <AskForProof.Provider value={askForProof}>
      <Stack gap="lg">
        {askingProof && (
          <ConfirmItsYou
            method={loaderData.proofMethod}
            onConfirmed={proofGiven}
            hasPasskey={loaderData.passkeys.length > 0}
          />
        )}
        {/* Turning two-step sign-in on asks for the password, so an account without one adds a
          password first. No key per state: remounting the card on the change left two cards. */}
        {(hasPassword || loaderData.twoFactorEnabled) && (
          <TwoFactorCard enabled={loaderData.twoFactorEnabled} />
        )}
        <PasskeysCard passkeys={loaderData.passkeys} />
        <IdentitiesCard
          identities={loaderData.identities}
          linkable={loaderData.linkable}
          outcome={loaderData.linkOutcome}
        />
        <ChangePasswordCard key={String(hasPassword)} hasPassword={hasPassword} />
        <SessionsCard sessions={loaderData.sessions} />
      </Stack>
    </AskForProof.Provider>
  );
}
