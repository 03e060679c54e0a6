import { Button, Stack } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from './auth-ui.tsx';
import type { FormError } from './form-error.ts';
import { usePasskeyClient } from './use-passkey-client.ts';

/**
 * "Confirm it's you" with a passkey (ADR 144, 146): the device's prompt, then the assertion goes to
 * /profile/confirm like a password would. Disabled until hydrated; absent where passkeys are not.
 */
export function PasskeyProof({
  onAssertion,
  primary,
  error,
}: {
  onAssertion: (assertion: unknown) => void;
  /** The account has no password or code to offer instead. */
  primary: boolean;
  error: FormError | null;
}) {
  const { assert, supported } = usePasskeyClient();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (supported === false) return null;

  async function prove() {
    if (!assert) return;
    setBusy(true);
    setFailed(false);
    try {
      const answer = await assert();
      if (answer) onAssertion(answer.assertion);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm" mb="md" maw={420}>
      <FormAlert
        error={failed ? { message: "Your passkey didn't work just now. Try again.", fields: {} } : error}
      />
      <Button
        type="button"
        variant={primary ? 'filled' : 'default'}
        size="md"
        w={{ base: '100%', sm: 'auto' }}
        disabled={!assert}
        loading={busy}
        onClick={prove}
        leftSection={<IconFingerprint size={18} aria-hidden="true" />}
      >
        Confirm with a passkey
      </Button>
    </Stack>
  );
}
