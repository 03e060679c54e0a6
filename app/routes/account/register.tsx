import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SMS_UNAVAILABLE_REASONS,
} from '../../../common/constants.ts';
import { registerSchema } from '../../../common/schemas/auth.ts';
import { AUTH_LIFETIMES } from '../../../server/domains/auth/better-auth.ts';
import { registerAccount } from '../../../server/domains/auth/register-account.ts';
import { signInProviderList } from '../../../server/sign-in-provider-config.ts';
import {
  authFailure,
  formFailure,
  parseForm,
  readForm,
  redirectSignedIn,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, CodeField, Contact, FormAlert } from '../../features/auth/auth-ui.tsx';
import { type ContactMethod, ContactMethodField } from '../../features/auth/contact-method-field.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { ProviderButtons } from '../../features/auth/provider-buttons.tsx';
import { ResendVerificationButton } from '../../features/auth/resend-verification-button.tsx';
import { useCooldown } from '../../features/auth/use-cooldown.ts';
import type { Route } from './+types/register';

export function meta() {
  return [{ title: 'Create your account · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  const app = services(context);
  // No phone sign-up where no text can be sent: its code would reach nobody (ADR 142).
  return {
    phoneSignUp: app.email.smsAvailable,
    providers: signInProviderList(app.config.signInProviders),
  };
}

/**
 * Creates the account. The answer is the same whether or not the email or number already has an
 * account (ADR 105), and nobody is signed in by it: with an email the page turns into "check your
 * inbox" (a confirmation link, or a note to the owner), then the person signs in; with a phone
 * number it asks for the texted code, which /login/code takes to sign the new account in. The
 * return path stays in its cookie for that sign-in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { values } = await readForm(request);
  const parsed = parseForm(registerSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const outcome = await registerAccount(app, parsed.data, request.headers);
  if (!outcome.ok) return authFailure(outcome.failure);
  const { next, email, phoneNumber } = outcome.data;
  return next === 'enter-phone-code'
    ? {
        ok: true as const,
        next,
        phone: phoneNumber ?? '',
        sentAt: Date.now(),
        // From the action: the lifetimes live with better-auth on the server, outside this bundle.
        cooldownSeconds: AUTH_LIFETIMES.codeResendCooldownSeconds,
      }
    : { ok: true as const, next, email: email ?? '' };
}

function CheckInbox({ email }: { email: string }) {
  return (
    <Stack gap="lg" align="stretch" data-testid="check-inbox">
      <Stack gap="xs" align="center" ta="center">
        <IconMailOpened size={48} stroke={1.4} color="var(--mantine-color-teal-7)" aria-hidden="true" />
        <AuthHeading title="Check your inbox">
          We sent a message to <Contact value={email} />. Open it to confirm your email address (the link
          works for 24 hours), then sign in with your email and password.
        </AuthHeading>
      </Stack>
      <Button
        component={Link}
        to="/login"
        size="md"
        rightSection={<IconArrowRight size={18} aria-hidden="true" />}
      >
        Sign in
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

/** The texted code signs the new account in through /login/code, which also sends a new one. */
function EnterPhoneCode({
  phone,
  sentAt,
  cooldownSeconds,
}: {
  phone: string;
  sentAt: number;
  cooldownSeconds: number;
}) {
  const navigation = useNavigation();
  const wait = useCooldown(cooldownSeconds, sentAt);
  return (
    <Stack gap="md" data-testid="enter-phone-code">
      <AuthHeading title="Enter your code">
        We texted <Contact value={phone} />. Type the 6-digit code to confirm your number and sign in; it
        works for 10 minutes.
      </AuthHeading>
      <Form method="post" action="/login/code" noValidate>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="phone" value={phone} />
        <Stack gap="md">
          <CodeField autoFocus />
          <Button type="submit" size="md" fullWidth loading={navigation.state !== 'idle'}>
            Confirm and sign in
          </Button>
        </Stack>
      </Form>
      <Form method="post" action="/login/code">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="phone" value={phone} />
        <Button type="submit" variant="subtle" disabled={wait > 0}>
          {wait > 0 ? `Send a new code in ${wait}s` : 'Send a new code'}
        </Button>
      </Form>
    </Stack>
  );
}

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const navigation = useNavigation();
  const error = formErrorOf(actionData);

  if (actionData && 'ok' in actionData && actionData.ok) {
    return actionData.next === 'enter-phone-code' ? (
      <EnterPhoneCode
        phone={actionData.phone}
        sentAt={actionData.sentAt}
        cooldownSeconds={actionData.cooldownSeconds}
      />
    ) : (
      <CheckInbox email={actionData.email} />
    );
  }

  return (
    <>
      <AuthHeading title="Create your account">
        Book a clean, private bathroom nearby in a minute. Sign up with your email
        {loaderData.phoneSignUp ? ' or phone number' : ' address'}.
      </AuthHeading>
      {loaderData.providers.length > 0 && (
        <Stack gap="md" mb="md">
          <ProviderButtons providers={loaderData.providers} />
          <Divider
            label={loaderData.phoneSignUp ? 'or with your email or phone' : 'or with your email'}
            labelPosition="center"
          />
        </Stack>
      )}
      <Form method="post" noValidate>
        <Stack gap="md">
          <FormAlert error={error} />
          <ContactMethodField
            method={method}
            onMethodChange={setMethod}
            purpose="sign-up"
            error={fieldError(error, 'email', 'phone')}
            phoneUnavailable={loaderData.phoneSignUp ? undefined : SMS_UNAVAILABLE_REASONS.signUp}
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
