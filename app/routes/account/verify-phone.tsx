import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconDeviceMobileMessage } from '@tabler/icons-react';
import { useEffect } from 'react';
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation } from 'react-router';
import { codeOnlySchema } from '../../../common/schemas/auth.ts';
import { AUTH_LIFETIMES } from '../../../server/domains/auth/better-auth.ts';
import {
  codeCooldownSeconds,
  confirmPhoneNumber,
  sendPhoneVerificationCode,
} from '../../../server/domains/auth/sign-in-codes.ts';
import {
  authFailure,
  formFailure,
  parseForm,
  readForm,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, CodeField, Contact, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { useCooldown } from '../../features/auth/use-cooldown.ts';
import { requireViewer, takeReturnPath } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/verify-phone';

export function meta() {
  return [{ title: 'Confirm your phone number · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  if (!viewer.phoneNumber) throw redirect('/profile');
  const remaining = viewer.phoneNumberVerified
    ? 0
    : await codeCooldownSeconds(services(context), { phone: viewer.phoneNumber });
  const total = AUTH_LIFETIMES.codeResendCooldownSeconds;
  return {
    phoneNumber: viewer.phoneNumber,
    verified: viewer.phoneNumberVerified,
    cooldownSeconds: total,
    // When the last code went out, so the resend countdown survives a reload.
    lastSentAt: remaining > 0 ? Date.now() - (total - remaining) * 1000 : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const viewer = await requireViewer(request, context);
  if (!viewer.phoneNumber)
    return formFailure({ message: 'Your account has no phone number to confirm.', fields: {} });
  const { intent, values } = await readForm(request);
  if (intent === 'resend') {
    const sent = await sendPhoneVerificationCode(app, viewer.phoneNumber, request.headers);
    if (!sent.ok) return authFailure(sent.failure, {}, { intent });
    return { ok: true as const, intent, sentAt: Date.now() };
  }
  const parsed = parseForm(codeOnlySchema, values);
  if (!parsed.ok) return formFailure(parsed.error, 400, { intent: 'confirm' });
  const outcome = await confirmPhoneNumber(
    app,
    { phoneNumber: viewer.phoneNumber, code: parsed.data.code },
    request.headers,
  );
  if (!outcome.ok) return authFailure(outcome.failure, {}, { intent: 'confirm' });
  const { path, clearCookie } = await takeReturnPath(request);
  return data(
    { ok: true as const, intent: 'confirm', next: path },
    { headers: { 'set-cookie': clearCookie } },
  );
}

export default function VerifyPhonePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const resend = useFetcher<typeof action>();
  const confirmed = actionData && 'next' in actionData ? actionData.next : null;
  const resentAt = resend.data && 'sentAt' in resend.data ? resend.data.sentAt : null;
  const wait = useCooldown(loaderData.cooldownSeconds, resentAt ?? loaderData.lastSentAt);
  const error = formErrorOf(actionData);
  const resendError = formErrorOf(resend.data);

  useEffect(() => {
    if (!confirmed) return;
    toast.success({ title: 'Phone number confirmed', message: 'Thank you. Your number is confirmed.' });
    navigate(confirmed, { replace: true });
  }, [confirmed, navigate]);

  useEffect(() => {
    if (resentAt) toast.info({ title: 'New code sent', message: 'Check your text messages.' });
  }, [resentAt]);

  if (loaderData.verified) {
    return (
      <Stack gap="md">
        <Notice tone="success" title="Your phone number is confirmed" testId="phone-confirmed">
          <Contact value={loaderData.phoneNumber} /> is confirmed on your account.
        </Notice>
        <Button component={Link} to="/dashboard" size="md" rightSection={<IconArrowRight size={18} />}>
          Go to your dashboard
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <Stack align="center" mb="xs">
        <IconDeviceMobileMessage
          size={44}
          stroke={1.4}
          color="var(--mantine-color-teal-7)"
          aria-hidden="true"
        />
      </Stack>
      <AuthHeading title="Confirm your phone number">
        We texted a 6-digit code to <Contact value={loaderData.phoneNumber} />. Enter it below; it works for
        10 minutes.
      </AuthHeading>
      <Stack gap="md">
        <FormAlert error={error} />
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <Stack gap="md">
            <CodeField error={fieldError(error, 'code')} autoFocus />
            <Button
              type="submit"
              size="md"
              fullWidth
              loading={navigation.state !== 'idle' || Boolean(confirmed)}
            >
              Confirm my number
            </Button>
          </Stack>
        </Form>
        <resend.Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c={resendError ? 'red' : 'dimmed'} role={resendError ? 'alert' : undefined}>
              {resendError ? resendError.message : 'No text after a minute?'}
            </Text>
            <Button type="submit" variant="subtle" disabled={wait > 0} loading={resend.state !== 'idle'}>
              {wait > 0 ? `Send a new code in ${wait}s` : 'Send a new code'}
            </Button>
          </Group>
        </resend.Form>
        <Button component={Link} to="/dashboard" variant="subtle" color="gray" size="md">
          Do this later
        </Button>
      </Stack>
    </>
  );
}
