import { Button, Checkbox, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import { toast } from '../../ui/toasts.tsx';
import { FormAlert } from './auth-ui.tsx';
import { useAskForProofOn } from './confirm-its-you.tsx';
import { fieldError, formErrorOf } from './form-error.ts';

/**
 * Changes the password, or, for an account that signs in only through an outside provider, adds a
 * first one (ADR 143): then it can sign in with its email too, and turn on two-step sign-in.
 */
export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const fetcher = useFetcher();
  const [formKey, setFormKey] = useState(0);
  const error = formErrorOf(fetcher.data);
  useAskForProofOn(fetcher.data);

  useEffect(() => {
    const result = fetcher.data as { ok?: boolean; signedOutOthers?: boolean } | undefined;
    if (!result?.ok) return;
    toast.success({
      title: hasPassword ? 'Password changed' : 'Password added',
      message: !hasPassword
        ? 'You can now sign in with your email and this password too.'
        : result.signedOutOthers
          ? 'Your new password is saved, and your other devices are signed out.'
          : 'Your new password is saved.',
    });
    setFormKey((key) => key + 1);
  }, [fetcher.data, hasPassword]);

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="password-title">
      <Title order={2} fz="h4" id="password-title">
        {hasPassword ? 'Password' : 'Add a password'}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {hasPassword ? '' : 'Sign in with your email and a password too, and turn on two-step sign-in. '}
        {`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, and not one of the most common passwords.`}
      </Text>
      <fetcher.Form method="post" noValidate key={formKey}>
        <input type="hidden" name="intent" value={hasPassword ? 'change-password' : 'set-password'} />
        <Stack gap="sm" maw={420}>
          <FormAlert error={error && Object.keys(error.fields).length === 0 ? error : null} />
          {hasPassword && (
            <PasswordInput
              name="current_password"
              label="Current password"
              autoComplete="current-password"
              size="md"
              error={fieldError(error, 'current_password')}
            />
          )}
          <PasswordInput
            name="password"
            label="New password"
            autoComplete="new-password"
            size="md"
            maxLength={PASSWORD_MAX_LENGTH}
            error={fieldError(error, 'password')}
          />
          <PasswordInput
            name="confirm_password"
            label="New password again"
            autoComplete="new-password"
            size="md"
            maxLength={PASSWORD_MAX_LENGTH}
            error={fieldError(error, 'confirm_password')}
          />
          {hasPassword && (
            <Checkbox name="sign_out_others" defaultChecked size="md" label="Sign out my other devices" />
          )}
          <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }} loading={fetcher.state !== 'idle'}>
            {hasPassword ? 'Change password' : 'Add password'}
          </Button>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
