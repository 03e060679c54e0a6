import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { RESEED_CONFIRMATION } from '../../../common/schemas/database-setup.ts';

/** Outside production only (the page leaves it out there, and the API has no such route). */
export function ReseedPanel({ busy, onReseed }: { busy: boolean; onReseed: (confirm: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <>
      <Alert color="red" variant="light" mb="md" title="This empties the database">
        Every account, bathroom, booking and message is deleted and the demo data is seeded again, as on a
        first `npm start`. The audit log is kept. You will be signed out: sign in again as admin@privy.test.
      </Alert>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={`Type ${RESEED_CONFIRMATION} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          data-testid="reseed-confirm"
        />
        <Button
          color="red"
          disabled={typed.trim() !== RESEED_CONFIRMATION}
          loading={busy}
          onClick={() => onReseed(typed)}
          data-testid="reseed-button"
        >
          Reseed demo data
        </Button>
      </Group>
    </>
  );
}
