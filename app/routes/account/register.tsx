import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';
import { registerSchema } from '../../../common/schemas/auth.ts';
import { registerAccount } from '../../../server/domains/auth/register-account.ts';
import {
  authFailure,
  cookieHeaders,
  formFailure,
  parseForm,
  readForm,
  redirectSignedIn,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, Contact, FormAlert } from '../../features/auth/auth-ui.tsx';
import { type ContactMethod, ContactMethodField } from '../../features/auth/contact-method-field.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { ResendVerificationButton } from '../../features/auth/resend-verification-button.tsx';
import { takeReturnPath } from '../../lib/guards.server.ts';
import type { Route } from './+types/register';

export function meta() {
  return [{ title: 'Create your account · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  return null;
}

/**
 * Creates the account and signs the new user in. Email: the page turns into "check your inbox".
 * Phone: straight on to /verify-phone for the texted code (the return path waits in its cookie).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { values } = await readForm(request);
  const parsed = parseForm(registerSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const outcome = await registerAccount(app, parsed.data, request.headers);
  if (!outcome.ok) return authFailure(outcome.failure);
  if (outcome.data.next === 'verify-phone') {
    throw redirect('/verify-phone', { headers: cookieHeaders(outcome.cookies) });
  }
  const { path, clearCookie } = await takeReturnPath(request);
  const headers = cookieHeaders(outcome.cookies);
  headers.append('set-cookie', clearCookie);
  return data({ ok: true as const, email: outcome.data.email ?? '', next: path }, { headers });
}

/** After signing up the user is signed in; re-running the guest-only loader would leave this page. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'ok' in actionResult && actionResult.ok)
    return false;
  return defaultShouldRevalidate;
}

function CheckInbox({ email, next }: { email: string; next: string }) {
  return (
    <Stack gap="lg" align="stretch" data-testid="check-inbox">
      <Stack gap="xs" align="center" ta="center">
        <IconMailOpened size={48} stroke={1.4} color="var(--mantine-color-teal-7)" aria-hidden="true" />
        <AuthHeading title="Check your inbox">
          We sent a confirmation link to <Contact value={email} />. Open it to confirm your email address; the
          link works for 24 hours. You are already signed in, so you can look around meanwhile.
        </AuthHeading>
      </Stack>
      <Button
        component={Link}
        to={next}
        size="md"
        rightSection={<IconArrowRight size={18} aria-hidden="true" />}
      >
        Continue to Privy
      </Button>
      <Stack gap={6} align="center">
        <Text size="sm" c="dimmed">
          Nothing after a few minutes? Check your spam folder, or
        </Text>
        <ResendVerificationButton email={email} variant="light" />
      </Stack>
    </Stack>
  );
}

export default function RegisterPage({ actionData }: Route.ComponentProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const navigation = useNavigation();
  const error = formErrorOf(actionData);

  if (actionData && 'ok' in actionData && actionData.ok) {
    return <CheckInbox email={actionData.email} next={actionData.next} />;
  }

  return (
    <>
      <AuthHeading title="Create your account">
        Book a clean, private bathroom nearby in a minute. Sign up with your email or phone number.
      </AuthHeading>
      <Form method="post" noValidate>
        <Stack gap="md">
          <FormAlert error={error} />
          <ContactMethodField
            method={method}
            onMethodChange={setMethod}
            purpose="sign-up"
            error={fieldError(error, 'email', 'phone')}
          />
          <PasswordInput
            name="password"
            label="Password"
            description={`${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A short sentence is easy to remember and hard to guess.`}
            autoComplete="new-password"
            size="md"
            maxLength={PASSWORD_MAX_LENGTH}
            error={fieldError(error, 'password')}
          />
          <Group grow align="flex-start" gap="sm">
            <TextInput
              name="first_name"
              label="First name"
              description="Optional"
              autoComplete="given-name"
              size="md"
              maxLength={60}
              error={fieldError(error, 'first_name')}
            />
            <TextInput
              name="last_name"
              label="Last name"
              description="Optional"
              autoComplete="family-name"
              size="md"
              maxLength={60}
              error={fieldError(error, 'last_name')}
            />
          </Group>
          <Button type="submit" size="md" fullWidth loading={navigation.state !== 'idle'}>
            Create account
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            By creating an account you agree to our{' '}
            <Anchor component={Link} to="/terms" size="xs">
              terms of service
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/privacy-policy" size="xs">
              privacy policy
            </Anchor>
            .
          </Text>
          <Text ta="center" size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </>
  );
}
