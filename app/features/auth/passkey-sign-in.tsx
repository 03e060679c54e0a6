import { Button } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from './auth-ui.tsx';
import { CANCELLED_CODES, passkeyErrorCode } from './passkey-answers.ts';
import { usePasskeyClient } from './use-passkey-client.ts';

/**
 * "Sign in with a passkey" (ADR 146). WebAuthn needs scripts, so the button is disabled until the
 * page has hydrated, and hidden where the browser has no passkeys. A user-verified passkey is a
 * whole sign-in, second factor included; /login/continue then follows the saved return path. The
 * two-step page offers it too, in place of the app's code.
 */
export function PasskeySignIn({ label = 'Sign in with a passkey' }: { label?: string }) {
  const { client, supported } = usePasskeyClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (supported === false) return null;

  async function signIn() {
    if (!client) return;
    setBusy(true);
    setError(null);
    const answer = await client.signIn.passkey();
    if (answer.error) {
      setBusy(false);
      if (!CANCELLED_CODES.has(passkeyErrorCode(answer.error)))
        setError('That passkey did not sign you in. Try again, or sign in with your password.');
      return;
    }
    navigate('/login/continue');
  }

  return (
    <>
      {error && <FormAlert error={{ message: error, fields: {} }} />}
      <Button
        type="button"
        variant="default"
        size="md"
        fullWidth
        disabled={!client}
        loading={busy}
        onClick={signIn}
        leftSection={<IconFingerprint size={18} aria-hidden="true" />}
        data-testid="passkey-sign-in"
      >
        {label}
      </Button>
    </>
  );
}
