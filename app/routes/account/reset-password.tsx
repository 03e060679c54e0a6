import { Button, PasswordInput, Stack } from '@mantine/core';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import { resetPasswordSchema } from '../../../common/schemas/auth.ts';
import { resetPasswordWithToken } from '../../../server/domains/auth/password-reset.ts';
import {
  authFailure,
  formFailure,
  parseForm,
  readForm,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import type { Route } from './+types/reset-password';

export function meta() {
  return [{ title: 'Choose a new password · Privy' }];
}

/** The emailed link arrives here through better-auth as ?token=…, or ?error=INVALID_TOKEN. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  return { token: url.searchParams.get('error') ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { values } = await readForm(request);
  const parsed = parseForm(resetPasswordSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const outcome = await resetPasswordWithToken(app, parsed.data, request.headers);
  if (!outcome.ok) {
    return authFailure(outcome.failure, {}, { expired: outcome.failure.fields?.[0]?.field === 'token' });
  }
  // better-auth has ended every session of the account, this browser's included if it was one.
  throw redirect('/login?reset=1');
}

function ExpiredLink() {
  return (
    <>
      <AuthHeading title="This link has expired" />
      <Stack gap="md">
        <Notice title="Reset links work once, for one hour" testId="reset-link-expired">
          Ask for a new link and use the newest email we send.
        </Notice>
        <Button component={Link} to="/forgot-password" size="md">
          Send me a new link
        </Button>
      </Stack>
    </>
  );
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = formErrorOf(actionData);
  const expired = Boolean(actionData && 'expired' in actionData && actionData.expired);
  if (!loaderData.token || expired) return <ExpiredLink />;

  return (
    <>
      <AuthHeading title="Choose a new password">
        {`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Once it is saved we sign you out on every device, and you sign in again with the new one.`}
      </AuthHeading>
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <Stack gap="md">
          <FormAlert error={error} />
          <PasswordInput
            name="password"
            label="New password"
            autoComplete="new-password"
            size="md"
            maxLength={PASSWORD_MAX_LENGTH}
            autoFocus
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
          <Button type="submit" size="md" fullWidth loading={navigation.state !== 'idle'}>
            Save new password
          </Button>
        </Stack>
      </Form>
    </>
  );
}
