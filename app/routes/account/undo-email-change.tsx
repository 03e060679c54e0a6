import { Button, Stack, Text } from '@mantine/core';
import { data, Form, Link, useNavigation } from 'react-router';
import { emailChangeUndoSchema, UNDO_LINK_MESSAGES } from '../../../common/schemas/email-change.ts';
import {
  inspectUndoLink,
  type UndoLink,
  undoEmailChange,
} from '../../../server/domains/auth/email-change.ts';
import { AppError } from '../../../server/http/errors.ts';
import { formFailure, parseForm, readForm, services } from '../../features/auth/actions.server.ts';
import { AuthHeading, Contact, FormAlert, Notice } from '../../features/auth/auth-ui.tsx';
import { formErrorOf } from '../../features/auth/form-error.ts';
import type { Route } from './+types/undo-email-change';

/**
 * The undo link from an email-change notice (ADR 145). Opening it changes nothing (mail scanners
 * and link previews open links too); the button undoes the change, signs every device out and
 * points the person to a new password.
 */

export function meta() {
  return [{ title: 'Undo an email change · Privy' }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200);
  const link: UndoLink = await inspectUndoLink(services(context), token);
  return { token: link.state === 'ready' ? token : '', link };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { values } = await readForm(request);
  const parsed = parseForm(emailChangeUndoSchema, values);
  if (!parsed.ok) return formFailure({ message: UNDO_LINK_MESSAGES.invalid, fields: {} });
  try {
    const undone = await undoEmailChange(services(context), parsed.data.token, request.headers);
    return data({ ok: true as const, ...undone });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return formFailure({ message: error.message, fields: {} }, error.status);
  }
}

const REFUSED = {
  used: { title: 'This change was already undone', message: UNDO_LINK_MESSAGES.used },
  expired: { title: 'This link has expired', message: UNDO_LINK_MESSAGES.expired },
  invalid: { title: 'This link is not valid', message: UNDO_LINK_MESSAGES.invalid },
} as const;

/** An address inside the notice's sentence, at its size. */
function Address({ value }: { value: string }) {
  return (
    <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

function Undone({ email, resetSent }: { email: string | null; resetSent: boolean }) {
  return (
    <>
      <AuthHeading title="Your email change is undone">
        We signed out every device on your account, including whoever changed it.
      </AuthHeading>
      <Stack gap="md">
        <Notice tone="success" title="Now choose a new password" testId="email-change-undone">
          {email ? (
            <>
              Your email is <Address value={email} /> again.{' '}
              {resetSent
                ? 'We sent it a link to choose a new password: do it now, so nobody else can sign in.'
                : 'Choose a new password now, so nobody else can sign in.'}
            </>
          ) : (
            'Your account has no email again. Choose a new password with a code sent to your phone, so nobody else can sign in.'
          )}
        </Notice>
        <Button component={Link} to="/forgot-password" size="md" variant={resetSent ? 'default' : 'filled'}>
          {resetSent ? 'Ask for another link' : 'Choose a new password'}
        </Button>
      </Stack>
    </>
  );
}

export default function UndoEmailChangePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const error = formErrorOf(actionData);
  if (actionData && 'email' in actionData) {
    return <Undone email={actionData.email} resetSent={actionData.resetSent} />;
  }
  const { link } = loaderData;
  if (link.state !== 'ready') {
    const refused = REFUSED[link.state];
    return (
      <>
        <AuthHeading title={refused.title}>{refused.message}</AuthHeading>
        <Stack gap="sm">
          <Button component={Link} to="/login" size="md">
            Sign in
          </Button>
          <Button component={Link} to="/contact" variant="subtle">
            Contact us
          </Button>
        </Stack>
      </>
    );
  }
  return (
    <>
      <AuthHeading title="Undo the email change?">
        Your Privy email was changed to <Contact value={link.newEmail} />. If that wasn't you, undo it: we put
        back {link.oldEmail ? <Contact value={link.oldEmail} /> : 'your phone-only sign-in'}, sign out every
        device and help you choose a new password.
      </AuthHeading>
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Stack gap="sm">
          <FormAlert error={error} />
          <Button type="submit" size="md" color="red" fullWidth loading={busy}>
            Undo the change
          </Button>
          <Button component={Link} to="/" variant="subtle">
            It was me: keep the new email
          </Button>
        </Stack>
      </Form>
    </>
  );
}
