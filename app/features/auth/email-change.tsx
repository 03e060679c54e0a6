import { Alert, Button, Flex, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailForward, IconPencil } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PendingEmailChange } from '../../../common/schemas/email-change.ts';
import type { ProofMethod } from '../../../server/domains/auth/reauthentication.ts';
import { toast } from '../../ui/toasts.tsx';
import { FormAlert } from './auth-ui.tsx';
import { ConfirmItsYou, needsReauthentication } from './confirm-its-you.tsx';
import { fieldError, formErrorOf } from './form-error.ts';

/** The page's own action: the profile details index route. */
const ACTION = '/profile?index';

/** Why a confirmation link changed nothing, by the code it lands with (better-auth's or ours). */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'That confirmation link has expired: they work for 24 hours. Ask for a new one below.',
  link_expired: 'That confirmation link has expired: they work for 24 hours. Ask for a new one below.',
  link_used: 'That confirmation link has already been used.',
  link_cancelled: 'That change was cancelled or replaced by a newer one. Use the newest link we sent.',
  INVALID_USER:
    'That link is for another Privy account. Sign out, then open it again to confirm the change there.',
  email_taken: 'That address now belongs to another Privy account, so your email stays as it was.',
};
const INVALID_LINK =
  'That confirmation link is not valid. Open it straight from the email, or ask for a new one.';

/** An address inside a sentence: bold, kept whole, at the sentence's own size. */
function Address({ value }: { value: string }) {
  return (
    <Text span inherit fw={600} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}

/** What ?email=changed says: the change went through, or why it did not. */
export type EmailChangeOutcome = { error: string | null } | null;

type Props = {
  /** The current address; null for a phone account without one. */
  email: string | null;
  pending: PendingEmailChange | null;
  proofMethod: ProofMethod;
};

/**
 * "Change email" (or "Add an email" for a phone account) in the contact details card (ADR 145):
 * a link goes to the new address, and the card shows that address as waiting until it is opened.
 * Starting needs a recent proof of identity; when it is missing, "Confirm it's you" opens here and
 * the change is sent again once it is given (ADR 144).
 */
export function EmailChange({ email, pending, proofMethod }: Props) {
  const fetcher = useFetcher({ key: 'email-change' });
  const [open, setOpen] = useState(false);
  const [askingProof, setAskingProof] = useState(false);
  const lastAddress = useRef('');
  const answer = fetcher.data as { ok?: boolean; intent?: string } | undefined;
  // The refusal for want of a proof opens "Confirm it's you" rather than showing as an error.
  const error = needsReauthentication(fetcher.data) ? null : formErrorOf(fetcher.data);

  useEffect(() => {
    if (needsReauthentication(fetcher.data)) setAskingProof(true);
    else if (answer?.ok && answer.intent === 'change-email') setOpen(false);
    else if (answer?.ok && answer.intent === 'cancel-email-change')
      toast.info({ title: 'Change cancelled', message: 'The link we sent no longer works.' });
  }, [fetcher.data, answer]);

  const { submit } = fetcher;
  const proofGiven = useCallback(() => {
    setAskingProof(false);
    submit({ intent: 'change-email', email: lastAddress.current }, { method: 'post', action: ACTION });
  }, [submit]);

  const busy = fetcher.state !== 'idle';
  const addLabel = email ? 'Change email' : 'Add an email';

  return (
    <Stack gap="sm" data-testid="email-change">
      {pending && !open && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconMailForward size={20} aria-hidden="true" />}
          title={
            <>
              Check <Address value={pending.email} />
            </>
          }
          role="status"
          data-testid="email-change-pending"
        >
          <Text size="sm">
            We sent a link to confirm it.{' '}
            {email ? (
              <>
                Until you open it, your email stays <Address value={email} />.
              </>
            ) : (
              'Until you open it, nothing changes.'
            )}{' '}
            The link works for 24 hours.
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="xs" variant="default" onClick={() => setOpen(true)}>
              Use another address
            </Button>
            <fetcher.Form method="post" action={ACTION}>
              <input type="hidden" name="intent" value="cancel-email-change" />
              <Button type="submit" size="xs" variant="subtle" color="gray" loading={busy}>
                Cancel change
              </Button>
            </fetcher.Form>
          </Group>
        </Alert>
      )}
      {!open && !pending && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden="true" />}
            onClick={() => setOpen(true)}
          >
            {addLabel}
          </Button>
        </Group>
      )}
      {open && askingProof && <ConfirmItsYou method={proofMethod} onConfirmed={proofGiven} />}
      {open && !askingProof && (
        <Paper withBorder radius="md" p="md">
          <fetcher.Form
            method="post"
            action={ACTION}
            noValidate
            onSubmit={(event) => {
              lastAddress.current = String(new FormData(event.currentTarget).get('email') ?? '');
            }}
            aria-labelledby="email-change-title"
          >
            <input type="hidden" name="intent" value="change-email" />
            <Stack gap="sm">
              <Text fw={600} id="email-change-title">
                {email ? 'Change your email' : 'Add an email'}
              </Text>
              <FormAlert error={error && Object.keys(error.fields).length === 0 ? error : null} />
              <TextInput
                name="email"
                type="email"
                label="New email address"
                description="We send a link there. Nothing changes until you open it."
                autoComplete="email"
                inputMode="email"
                size="md"
                maxLength={254}
                required
                autoFocus
                error={fieldError(error, 'email')}
              />
              <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Send confirmation link
                </Button>
              </Flex>
            </Stack>
          </fetcher.Form>
        </Paper>
      )}
    </Stack>
  );
}

/** Where the confirmation link lands: on top of the page, so a phone shows it without scrolling. */
export function EmailChangeOutcomeNotice({
  outcome,
  email,
}: {
  outcome: NonNullable<EmailChangeOutcome>;
  email: string | null;
}) {
  if (outcome.error) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Your email did not change"
        icon={<IconAlertCircle size={20} aria-hidden="true" />}
        role="alert"
        data-testid="email-change-outcome"
      >
        {LINK_ERRORS[outcome.error] ?? INVALID_LINK}
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      variant="light"
      title="Email changed"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      role="status"
      data-testid="email-change-outcome"
    >
      {email ? (
        <>
          Your email is now <Address value={email} />. We sent your old address a note, with a way to undo it.
        </>
      ) : (
        'Your email is confirmed.'
      )}
    </Alert>
  );
}
