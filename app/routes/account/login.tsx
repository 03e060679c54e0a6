import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconMailBolt } from '@tabler/icons-react';
import { useState } from 'react';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { signInProviderSchema, signInSchema } from '../../../common/schemas/auth.ts';
import { startProviderSignIn } from '../../../server/domains/auth/identities.ts';
import { signInAccount } from '../../../server/domains/auth/register-account.ts';
import { signInProviderList } from '../../../server/sign-in-provider-config.ts';
import {
  authFailure,
  cookieHeaders,
  finishSignIn,
  formFailure,
  parseForm,
  readForm,
  services,
} from '../../features/auth/actions.server.ts';
import { AuthHeading, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { type ContactMethod, ContactMethodField } from '../../features/auth/contact-method-field.tsx';
import { fieldError, formErrorOf } from '../../features/auth/form-error.ts';
import { PasskeySignIn } from '../../features/auth/passkey-sign-in.tsx';
import { ProviderButtons } from '../../features/auth/provider-buttons.tsx';
import {
  type ProviderFailure,
  ProviderFailureNotice,
  providerFailureIn,
} from '../../features/auth/provider-failure.tsx';
import { getViewer } from '../../lib/guards.server.ts';
import type { Route } from './+types/login';

export function meta() {
  return [{ title: 'Sign in · Privy' }];
}

type Banner = 'email-confirmed' | 'email-link-failed' | 'password-reset' | null;

function bannerFor(url: URL): Banner {
  if (url.searchParams.has('verified'))
    return url.searchParams.get('error') ? 'email-link-failed' : 'email-confirmed';
  if (url.searchParams.has('reset')) return 'password-reset';
  return null;
}

/** Guests only (a signed-in user goes to the dashboard), except to read that their email is confirmed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const banner = bannerFor(url);
  const viewer = await getViewer(request, context);
  if (viewer && !banner?.startsWith('email-')) throw redirect('/dashboard');
  const providers = signInProviderList(services(context).config.signInProviders);
  const providerFailure: ProviderFailure | null = providerFailureIn(url, providers);
  return { banner, signedIn: Boolean(viewer), providers, providerFailure };
}

/** "Continue with …": off to the provider, which comes back to /login/continue (ADR 143). */
async function continueWithProvider(
  request: Request,
  app: ReturnType<typeof services>,
  values: Record<string, string>,
) {
  const parsed = parseForm(signInProviderSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const { provider } = parsed.data;
  const outcome = await startProviderSignIn(app, provider, request.headers, {
    callbackURL: '/login/continue',
    errorCallbackURL: `/login?provider=${provider}`,
  });
  if (!outcome.ok) return authFailure(outcome.failure);
  throw redirect(outcome.data.url, { headers: cookieHeaders(outcome.cookies) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = services(context);
  const { intent, values } = await readForm(request);
  if (intent === 'provider') return continueWithProvider(request, app, values);
  const parsed = parseForm(signInSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const outcome = await signInAccount(app, parsed.data, request.headers);
  if (!outcome.ok) return authFailure(outcome.failure);
  if (outcome.data.twoFactorRequired) {
    // The return path stays in its cookie until the second step is done.
    throw redirect('/login/two-factor', { headers: cookieHeaders(outcome.cookies) });
  }
  return finishSignIn(request, outcome.cookies);
}

function BannerNotice({ banner, signedIn }: { banner: Banner; signedIn: boolean }) {
  if (banner === 'email-confirmed')
    return (
      <Notice tone="success" title="Your email is confirmed" testId="email-confirmed">
        {signedIn ? 'Thank you. You are all set.' : 'Thank you. Sign in to carry on.'}
      </Notice>
    );
  if (banner === 'email-link-failed')
    return (
      <Notice title="That confirmation link did not work" testId="email-link-failed">
        It has expired or was already used. Sign in and send yourself a new one from your profile.
      </Notice>
    );
  if (banner === 'password-reset')
    return (
      <Notice tone="success" title="Your password is changed" testId="password-changed">
        For your safety we signed you out on every device. Sign in with your new password.
      </Notice>
    );
  return null;
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [method, setMethod] = useState<ContactMethod>('email');
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const error = formErrorOf(actionData);

  if (loaderData.signedIn) {
    return (
      <Stack>
        <BannerNotice banner={loaderData.banner} signedIn />
        <Button component={Link} to="/dashboard" size="md" rightSection={<IconArrowRight size={18} />}>
          Go to your dashboard
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <AuthHeading title="Sign in">Welcome back. Sign in with your email or phone number.</AuthHeading>
      <Stack gap="md">
        <BannerNotice banner={loaderData.banner} signedIn={false} />
        <ProviderFailureNotice failure={loaderData.providerFailure} />
        <FormAlert error={error} />
        <ProviderButtons providers={loaderData.providers} />
        {loaderData.providers.length > 0 && (
          <Divider label="or with your email or phone" labelPosition="center" />
        )}
        <Form method="post" noValidate>
          <Stack gap="md">
            <ContactMethodField
              method={method}
              onMethodChange={setMethod}
              purpose="sign-in"
              error={fieldError(error, 'email', 'phone')}
            />
            <PasswordInput
              name="password"
              label="Password"
              autoComplete="current-password"
              size="md"
              error={fieldError(error, 'password')}
            />
            <Group justify="flex-end" mt={-6}>
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot your password?
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={submitting}>
              Sign in
            </Button>
          </Stack>
        </Form>
        <Divider label="or" labelPosition="center" />
        <Button
          component={Link}
          to="/login/code"
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconMailBolt size={18} aria-hidden="true" />}
        >
          Email me a one-time code
        </Button>
        <PasskeySignIn />
        <Text ta="center" size="sm">
          New to Privy?{' '}
          <Anchor component={Link} to="/register" fw={600}>
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
