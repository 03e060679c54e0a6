import { Button, Stack } from '@mantine/core';
import { Form, redirect, useNavigation } from 'react-router';
import { codeSignInSchema } from '../../../common/schemas/auth.ts';
import { signInWithCode } from '../../../server/domains/auth/sign-in-codes.ts';
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
import { AuthHeading, Contact, FormAlert } from '../../features/auth/auth-ui.tsx';
import { formErrorOf } from '../../features/auth/form-error.ts';
import type { Route } from './+types/login-link';

/**
 * A one-time sign-in link an admin generated (ADR 134). Opening it signs nobody in: mail scanners
 * and link previews open links too. The button posts the code, as /login/code does, and an
 * enrolled second factor is still asked for.
 */

export function meta() {
  return [{ title: 'Sign in with a link · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await redirectSignedIn(request, context);
  const url = new URL(request.url);
  return { email: url.searchParams.get('email') ?? '', code: url.searchParams.get('code') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { values } = await readForm(request);
  const parsed = parseForm(codeSignInSchema, values);
  if (!parsed.ok) return formFailure(parsed.error);
  const outcome = await signInWithCode(services(context), parsed.data, request.headers);
  if (!outcome.ok) return authFailure(outcome.failure);
  if (outcome.data.twoFactorRequired)
    throw redirect('/login/two-factor', { headers: cookieHeaders(outcome.cookies) });
  return finishSignIn(request, outcome.cookies);
}

export default function LoginLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const error = formErrorOf(actionData);
  const usable = loaderData.email && /^\d{6}$/.test(loaderData.code);
  return (
    <>
      <AuthHeading title="Sign in with a link">
        {usable ? (
          <>
            This one-time link signs you in as <Contact value={loaderData.email} />. It works once, for 10
            minutes.
          </>
        ) : (
          'This link is incomplete. Ask for a new one, or sign in with your password or a code.'
        )}
      </AuthHeading>
      <Stack gap="md">
        <FormAlert error={error} />
        {usable && (
          <Form method="post">
            <input type="hidden" name="email" value={loaderData.email} />
            <input type="hidden" name="code" value={loaderData.code} />
            <Button type="submit" size="md" fullWidth loading={busy}>
              Sign in
            </Button>
          </Form>
        )}
        <Button component="a" href="/login" variant="subtle">
          Sign in another way
        </Button>
      </Stack>
    </>
  );
}
