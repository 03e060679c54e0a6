import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { SMS_UNAVAILABLE_REASONS } from '../../../common/constants.ts';
import { codeRequestSchema, codeSignInSchema } from '../../../common/schemas/auth.ts';
import { AUTH_LIFETIMES } from '../../../server/domains/auth/better-auth.ts';
import { requestSignInCode, signInWithCode } from '../../../server/domains/auth/sign-in-codes.ts';
import {
  authFailure,
  cookieHeaders,
  finishSignIn,
  formFailure,
  parseForm,
  readForm,
  redirectSignedIn,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, CodeField, Contact, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { type ContactMethod, ContactMethodField } from '../../features/auth/contact-method-field.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { useCooldown } from '../../features/auth/use-cooldown.ts';
import type { Route } from './+types/login-code';

export function meta() {
  return [{ title: 'Sign in with a code · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  return {
    cooldownSeconds: AUTH_LIFETIMES.codeResendCooldownSeconds,
    // No texted codes where no text can be sent (ADR 142).
    phoneCodes: services(context).email.smsAvailable,
  };
}

type Target = { email: string } | { phone: string };

/** Step one sends a code to an email or phone number; step two signs in with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { intent, values } = await readForm(request);
  if (intent === 'send') {
    const parsed = parseForm(codeRequestSchema, values);
    if (!parsed.ok) return formFailure(parsed.error);
    const sent = await requestSignInCode(app, parsed.data, request.headers);
    if (!sent.ok) return authFailure(sent.failure);
    return { ok: true as const, target: parsed.data as Target, sentAt: Date.now() };
  }
  const parsed = parseForm(codeSignInSchema, values);
  const target: Target | null = values.email
    ? { email: values.email }
    : values.phone
      ? { phone: values.phone }
      : null;
  if (!parsed.ok) return formFailure(parsed.error, 400, { target });
  const { code, ...where } = parsed.data;
  const outcome = await signInWithCode(app, { ...where, code }, request.headers);
  if (!outcome.ok) return authFailure(outcome.failure, {}, { target });
  if (outcome.data.twoFactorRequired)
    throw redirect('/login/two-factor', { headers: cookieHeaders(outcome.cookies) });
  return finishSignIn(request, outcome.cookies);
}

function targetOf(actionData: unknown): { target: Target; sentAt: number | null } | null {
  if (!actionData || typeof actionData !== 'object' || !('target' in actionData)) return null;
  const { target, sentAt } = actionData as { target: Target | null; sentAt?: number };
  return target ? { target, sentAt: sentAt ?? null } : null;
}

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const [changing, setChanging] = useState(false);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const error = formErrorOf(actionData);
  const step = changing ? null : targetOf(actionData);
  // A failed code keeps the countdown of the last code sent.
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const freshSentAt = step?.sentAt ?? null;
  useEffect(() => {
    if (freshSentAt) setLastSentAt(freshSentAt);
  }, [freshSentAt]);
  useEffect(() => {
    if (actionData) setChanging(false);
  }, [actionData]);
  const sentAt = freshSentAt ?? lastSentAt;
  const wait = useCooldown(loaderData.cooldownSeconds, sentAt);

  if (!step) {
    return (
      <>
        <AuthHeading title="Sign in with a code">
          We'll send a 6-digit code to your email{loaderData.phoneCodes ? ' or phone' : ''}. No password
          needed.
        </AuthHeading>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="send" />
          <Stack gap="md">
            <FormAlert error={error} />
            <ContactMethodField
              method={method}
              onMethodChange={setMethod}
              purpose="code"
              error={fieldError(error, 'email', 'phone')}
              phoneUnavailable={loaderData.phoneCodes ? undefined : SMS_UNAVAILABLE_REASONS.codeSignIn}
            />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Send me a code
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                Sign in with your password instead
              </Anchor>
            </Text>
          </Stack>
        </Form>
      </>
    );
  }

  const where = 'email' in step.target ? step.target.email : step.target.phone;
  const hidden =
    'email' in step.target ? (
      <input type="hidden" name="email" value={step.target.email} />
    ) : (
      <input type="hidden" name="phone" value={step.target.phone} />
    );
  return (
    <>
      <AuthHeading title="Enter your code">
        If an account uses <Contact value={where} />, a 6-digit code is on its way. It works for 10 minutes.
      </AuthHeading>
      <Stack gap="md">
        {!error && (
          <Notice
            title={'email' in step.target ? 'Check your email' : 'Check your text messages'}
            testId="code-sent"
          >
            The code can take a minute to arrive.
          </Notice>
        )}
        <FormAlert error={error} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="verify" />
          {hidden}
          <Stack gap="md">
            <CodeField error={fieldError(error, 'code')} autoFocus />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Sign in
            </Button>
          </Stack>
        </Form>
        <Group justify="space-between" wrap="wrap">
          <Form method="post">
            <input type="hidden" name="intent" value="send" />
            {hidden}
            <Button type="submit" variant="subtle" disabled={wait > 0 || busy}>
              {wait > 0 ? `Send a new code in ${wait}s` : 'Send a new code'}
            </Button>
          </Form>
          <Button variant="subtle" color="gray" onClick={() => setChanging(true)}>
            Use a different email or phone
          </Button>
        </Group>
      </Stack>
    </>
  );
}
