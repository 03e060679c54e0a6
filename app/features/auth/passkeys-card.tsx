import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconPlus } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { PasskeySummary } from '../../../server/domains/auth/passkeys.ts';
import { toast } from '../../ui/toasts.tsx';
import { FormAlert } from './auth-ui.tsx';
import { AskForProof } from './confirm-its-you.tsx';
import { LocalDateTime } from './local-date-time.tsx';
import { CANCELLED_CODES, passkeyErrorCode, REAUTHENTICATION_NEEDED_CODE } from './passkey-answers.ts';
import { type RowAction, useRowAction } from './row-action.ts';
import { RowActionButton, SecurityRow } from './security-row.tsx';
import { usePasskeyClient } from './use-passkey-client.ts';

const NAME_MAX = 60;

function PasskeyRow({ passkey, remove }: { passkey: PasskeySummary; remove: RowAction }) {
  const label = passkey.name || 'Passkey';
  return (
    <SecurityRow
      icon={IconFingerprint}
      testId="passkey-row"
      action={
        <RowActionButton
          action={remove}
          intent="delete-passkey"
          field="passkey_id"
          id={passkey.id}
          label={label}
          ariaLabel={`Delete passkey ${label}`}
        >
          Delete
        </RowActionButton>
      }
    >
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {passkey.createdAt && (
        <Text size="xs" c="dimmed">
          Added <LocalDateTime iso={passkey.createdAt} />
        </Text>
      )}
    </SecurityRow>
  );
}

/** Adding needs WebAuthn in the browser, so it is a button that runs the device's prompt. */
function AddPasskey() {
  const { client, supported } = usePasskeyClient();
  const askForProof = useContext(AskForProof);
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (supported === false)
    return (
      <Text size="sm" c="dimmed" data-testid="passkeys-unsupported">
        This browser can't create passkeys. Try a recent Chrome, Safari, Edge or Firefox.
      </Text>
    );

  async function add() {
    if (!client) return;
    setBusy(true);
    setError(null);
    // The name is saved after the passkey, not sent with it: the plugin would also show it as the
    // account's name in the device's passkey list.
    const answer = await client.passkey.addPasskey();
    const wanted = name.trim();
    if (!answer.error && answer.data && wanted) {
      await client.$fetch('/passkey/update-passkey', {
        method: 'POST',
        body: { id: (answer.data as { id: string }).id, name: wanted },
      });
    }
    setBusy(false);
    if (answer.error) {
      const code = passkeyErrorCode(answer.error);
      if (code === REAUTHENTICATION_NEEDED_CODE) askForProof();
      else if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
        setError('This device already has a passkey for your account.');
      else if (!CANCELLED_CODES.has(code))
        setError(answer.error.message ?? 'The passkey was not added. Try again.');
      return;
    }
    setName('');
    toast.success({ title: 'Passkey added', message: 'Next time, sign in with it: no password needed.' });
    revalidator.revalidate();
  }

  return (
    <Stack gap="sm">
      {error && <FormAlert error={{ message: error, fields: {} }} />}
      <TextInput
        label="Name (optional)"
        description="So you can tell your passkeys apart, like “Work laptop”."
        value={name}
        maxLength={NAME_MAX}
        maw={420}
        onChange={(event) => setName(event.currentTarget.value)}
        size="md"
      />
      <Group>
        <Button
          type="button"
          onClick={add}
          disabled={!client}
          loading={busy}
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          data-testid="add-passkey"
        >
          Add a passkey
        </Button>
      </Group>
    </Stack>
  );
}

/** Passkeys on this account (ADR 146): sign in with a fingerprint, face or device PIN instead. */
export function PasskeysCard({ passkeys }: { passkeys: PasskeySummary[] }) {
  const remove = useRowAction((label) => ({
    title: `${label} deleted`,
    message: 'It no longer signs you in.',
  }));
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="passkeys-title">
      <Title order={2} fz="h4" id="passkeys-title">
        Passkeys
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Sign in with your fingerprint, face or screen lock instead of a password. A passkey also counts as
        your second step.
      </Text>
      <Stack gap="md">
        {passkeys.length === 0 && (
          <Text size="sm" data-testid="no-passkeys">
            You have no passkeys yet.
          </Text>
        )}
        {passkeys.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} remove={remove} />
        ))}
        <AddPasskey />
      </Stack>
    </Paper>
  );
}
