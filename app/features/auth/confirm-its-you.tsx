import { Button, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { createContext, useContext, useEffect } from 'react';
import { Form, useFetcher } from 'react-router';
import type { ProofMethod } from '../../../server/domains/auth/reauthentication.ts';
import { CodeField, FormAlert } from './auth-ui.tsx';
import { fieldError, formErrorOf } from './form-error.ts';
import { PasskeyProof } from './passkey-proof.tsx';

/** The answer code that means "confirm it's you first" (ADR 144), as a form failure carries it. */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';

export function needsReauthentication(actionData: unknown): boolean {
  return (actionData as { code?: unknown } | null | undefined)?.code === REAUTHENTICATION_NEEDED;
}

/**
 * "Confirm it's you" (ADR 144): shown where a sensitive change was refused for want of a recent
 * proof. The password, or the authenticator's code when the account has a second factor; an
 * account with neither signs in again. `onConfirmed` runs once the proof is accepted.
 */
export function ConfirmItsYou({
  method,
  onConfirmed,
  hasPasskey = false,
}: {
  method: ProofMethod;
  onConfirmed: () => void;
  /** The account has a passkey: offer it as the proof too (ADR 146). */
  hasPasskey?: boolean;
}) {
  const fetcher = useFetcher();
  const error = formErrorOf(fetcher.data);
  const confirmed = (fetcher.data as { ok?: boolean } | undefined)?.ok === true;
  useEffect(() => {
    if (confirmed) onConfirmed();
  }, [confirmed, onConfirmed]);

  return (
    <Paper
      withBorder
      p="lg"
      radius="lg"
      component="section"
      aria-labelledby="confirm-its-you-title"
      data-testid="confirm-its-you"
    >
      <Group gap="xs" mb={4}>
        <IconShieldCheck size={20} aria-hidden="true" />
        <Title order={2} fz="h4" id="confirm-its-you-title">
          Confirm it's you
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {method === 'sign-in-again'
          ? 'Changes to how you sign in need a recent sign-in. Sign out, sign in again, and come back within 10 minutes.'
          : 'Changes to how you sign in need a fresh proof that it is you. It lasts 10 minutes.'}
      </Text>
      {hasPasskey && (
        <PasskeyProof
          primary={method === 'sign-in-again'}
          onAssertion={(assertion) =>
            fetcher.submit(
              { passkey: JSON.stringify(assertion) },
              { method: 'post', action: '/profile/confirm' },
            )
          }
          error={method === 'sign-in-again' ? error : null}
        />
      )}
      {method === 'sign-in-again' ? (
        <Form method="post" action="/logout">
          <Button type="submit" variant="default">
            Sign out to sign in again
          </Button>
        </Form>
      ) : (
        <fetcher.Form method="post" action="/profile/confirm" noValidate>
          <Stack gap="sm" maw={420}>
            <FormAlert error={error && Object.keys(error.fields).length === 0 ? error : null} />
            {method === 'totp' ? (
              <CodeField
                label="Code from your authenticator app"
                error={fieldError(error, 'code')}
                autoFocus
              />
            ) : (
              <PasswordInput
                name="password"
                label="Your password"
                autoComplete="current-password"
                size="md"
                autoFocus
                error={fieldError(error, 'password')}
              />
            )}
            <Button
              type="submit"
              size="md"
              w={{ base: '100%', sm: 'auto' }}
              loading={fetcher.state !== 'idle'}
            >
              Confirm
            </Button>
          </Stack>
        </fetcher.Form>
      )}
    </Paper>
  );
}

/** How a card on the page asks for "Confirm it's you" when its change was refused for want of it. */
export const AskForProof = createContext<() => void>(() => {});

/** Opens "Confirm it's you" when this fetcher's answer is the refusal for want of a proof. */
export function useAskForProofOn(answer: unknown) {
  const ask = useContext(AskForProof);
  useEffect(() => {
    if (needsReauthentication(answer)) ask();
  }, [answer, ask]);
}
