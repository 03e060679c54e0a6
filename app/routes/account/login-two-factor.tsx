import { Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { twoFactorSignInSchema } from '../../../common/schemas/auth.ts';
import { completeTwoFactorSignIn } from '../../../server/domains/auth/sign-in-codes.ts';
import {
  authFailure,
  finishSignIn,
  formFailure,
  hasTwoFactorChallenge,
  parseForm,
  readForm,
  redirectSignedIn,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, CodeField, FormAlert } from '../../features/auth/auth-ui.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { PasskeySignIn } from '../../features/auth/passkey-sign-in.tsx';
import type { Route } from './+types/login-two-factor';

export function meta() {
  return [{ title: 'Two-step sign-in · Privy' }];
}

/** Reached only half-way through a sign-in: the password (or code) was right, the second factor is next. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  if (!hasTwoFactorChallenge(request)) throw redirect('/login');
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { values } = await readForm(request);
  const parsed = parseForm(twoFactorSignInSchema, values);
  if (!parsed.ok) return formFailure(parsed.error, 400, { method: values.method });
  const { code, method, trust_device: trustDevice } = parsed.data;
  const outcome = await completeTwoFactorSignIn(app, { code, method, trustDevice }, request.headers);
  if (!outcome.ok) {
    // An expired or exhausted challenge cannot be retried here: the form offers to start again.
    return authFailure(outcome.failure, {}, { method, restart: outcome.failure.code === 'unauthenticated' });
  }
  return finishSignIn(request, outcome.cookies);
}

export default function TwoFactorPage({ actionData }: Route.ComponentProps) {
  const previous = actionData && 'method' in actionData ? actionData.method : undefined;
  const [method, setMethod] = useState<'totp' | 'backup'>(previous === 'backup' ? 'backup' : 'totp');
  const navigation = useNavigation();
  const error = formErrorOf(actionData);
  const restart = Boolean(actionData && 'restart' in actionData && actionData.restart);

  return (
    <>
      <AuthHeading title="Two-step sign-in">
        {method === 'totp'
          ? 'Open your authenticator app and enter the 6-digit code it shows for Privy.'
          : 'Enter one of the backup codes you saved when you set up two-step sign-in. Each works once.'}
      </AuthHeading>
      <Stack gap="md">
        <FormAlert error={error} />
        {restart ? (
          <Button component={Link} to="/login" size="md" fullWidth>
            Sign in again
          </Button>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="method" value={method} />
            <Stack gap="md">
              {method === 'totp' ? (
                <CodeField label="Code from your app" error={fieldError(error, 'code')} autoFocus />
              ) : (
                <TextInput
                  key="backup"
                  name="code"
                  label="Backup code"
                  placeholder="abcde-12345"
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  size="md"
                  required
                  autoFocus
                  error={fieldError(error, 'code')}
                />
              )}
              <Checkbox
                name="trust_device"
                size="md"
                label="Don't ask again on this device for 30 days"
                description="Only on a device that is yours alone."
              />
              <Button type="submit" size="md" fullWidth loading={navigation.state !== 'idle'}>
                Verify and sign in
              </Button>
            </Stack>
          </Form>
        )}
        {!restart && <PasskeySignIn label="Use a passkey instead" />}
        {!restart && (
          <Text size="sm" ta="center">
            {method === 'totp' ? (
              <Anchor component="button" type="button" onClick={() => setMethod('backup')}>
                Lost your phone? Use a backup code
              </Anchor>
            ) : (
              <Anchor component="button" type="button" onClick={() => setMethod('totp')}>
                Use the code from your app instead
              </Anchor>
            )}
          </Text>
        )}
        <Text size="sm" ta="center" c="dimmed">
          Wrong account?{' '}
          <Anchor component={Link} to="/login">
            Start again
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
