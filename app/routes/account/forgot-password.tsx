import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { PASSWORD_MAX_LENGTH, SMS_UNAVAILABLE_REASONS } from '../../../common/constants.ts';
import { forgotPasswordSchema, phoneResetPasswordSchema } from '../../../common/schemas/auth.ts';
import {
  requestPasswordReset,
  resetPasswordWithPhoneCode,
} from '../../../server/domains/auth/password-reset.ts';
import {
  authFailure,
  formFailure,
  parseForm,
  readForm,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, CodeField, Contact, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { type ContactMethod, ContactMethodField } from '../../features/auth/contact-method-field.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import type { Route } from './+types/forgot-password';

export function meta() {
  return [{ title: 'Forgot your password · Privy' }];
}

export async function loader({ context }: Route.LoaderArgs) {
  // No reset by text where no text can be sent (ADR 142).
  return { phoneReset: services(context).email.smsAvailable };
}

/**
 * Email accounts get a link (to /reset-password). Phone accounts get a texted code, entered here
 * with the new password. Either way every device is signed out afterwards.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { intent, values } = await readForm(request);
  if (intent === 'reset-by-phone') {
    const parsed = parseForm(phoneResetPasswordSchema, values);
    if (!parsed.ok) return formFailure(parsed.error, 400, { sent: { phone: values.phone ?? '' } });
    const { phone, code, password } = parsed.data;
    const outcome = await resetPasswordWithPhoneCode(app, { phone, code, password }, request.headers);
    if (!outcome.ok) return authFailure(outcome.failure, {}, { sent: { phone } });
    throw redirect('/login?reset=1');
  }
  const parsed = parseForm(forgotPasswordSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const requested = await requestPasswordReset(app, parsed.data, request.headers);
  if (!requested.ok) return authFailure(requested.failure);
  return { ok: true as const, sent: parsed.data };
}

type Sent = { email: string } | { phone: string };

function sentOf(actionData: unknown): Sent | null {
  if (!actionData || typeof actionData !== 'object' || !('sent' in actionData)) return null;
  return (actionData as { sent: Sent }).sent;
}

export default function ForgotPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = formErrorOf(actionData);
  const sent = sentOf(actionData);

  if (sent && 'email' in sent) {
    return (
      <>
        <AuthHeading title="Check your inbox">
          If an account uses <Contact value={sent.email} />, we sent it a link to choose a new password. The
          link works for one hour.
        </AuthHeading>
        <Stack gap="md">
          <Notice title="Nothing arrived?" testId="reset-sent">
            Check your spam folder, or make sure you typed the address you signed up with.
          </Notice>
          <Button component={Link} to="/login" variant="default" size="md">
            Back to sign in
          </Button>
        </Stack>
      </>
    );
  }

  if (sent && 'phone' in sent) {
    return (
      <>
        <AuthHeading title="Choose a new password">
          If an account uses <Contact value={sent.phone} />, we texted it a 6-digit code. Enter it with your
          new password.
        </AuthHeading>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="reset-by-phone" />
          <input type="hidden" name="phone" value={sent.phone} />
          <Stack gap="md">
            <FormAlert error={error} />
            <CodeField error={fieldError(error, 'code')} autoFocus />
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
            <Button type="submit" size="md" fullWidth loading={busy}>
              Save new password
            </Button>
          </Stack>
        </Form>
      </>
    );
  }

  return (
    <>
      <AuthHeading title="Forgot your password?">
        It happens. Tell us your email{loaderData.phoneReset ? ' or phone number' : ''} and we'll help you
        choose a new one.
      </AuthHeading>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="request" />
        <Stack gap="md">
          <FormAlert error={error} />
          <ContactMethodField
            method={method}
            onMethodChange={setMethod}
            purpose="code"
            error={fieldError(error, 'email', 'phone')}
            phoneUnavailable={loaderData.phoneReset ? undefined : SMS_UNAVAILABLE_REASONS.passwordReset}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            {method === 'email' || !loaderData.phoneReset ? 'Email me a reset link' : 'Text me a reset code'}
          </Button>
          <Text ta="center" size="sm">
            Remembered it?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </>
  );
}
