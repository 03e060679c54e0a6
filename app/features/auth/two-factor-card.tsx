import {
  Badge,
  Button,
  Code,
  CopyButton,
  Divider,
  Group,
  Image,
  List,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { type FetcherWithComponents, useFetcher } from 'react-router';
import { CodeField, FormAlert } from './auth-ui.tsx';
import { BackupCodes } from './backup-codes.tsx';
import { useAskForProofOn } from './confirm-its-you.tsx';
import { fieldError, formErrorOf } from './form-error.ts';

type Enrolment = { qrDataUrl: string; secret: string; backupCodes: string[] };

function enrolmentOf(data: unknown): Enrolment | null {
  if (!data || typeof data !== 'object' || !('qrDataUrl' in data)) return null;
  return data as Enrolment;
}

function codesOf(data: unknown): string[] | null {
  if (!data || typeof data !== 'object' || !('backupCodes' in data)) return null;
  return (data as { backupCodes: string[] }).backupCodes;
}

/** Sensitive steps ask for the password again, in place. */
function PasswordStep({
  fetcher,
  intent,
  submitLabel,
  color,
  onCancel,
}: {
  fetcher: FetcherWithComponents<unknown>;
  intent: string;
  submitLabel: string;
  color?: string;
  onCancel: () => void;
}) {
  const error = formErrorOf(fetcher.data);
  return (
    <fetcher.Form method="post" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <Stack gap="sm">
        <PasswordInput
          name="password"
          label="Your password"
          description="To keep your account safe, confirm it's you."
          autoComplete="current-password"
          size="md"
          autoFocus
          error={
            fieldError(error, 'password') ?? (error && !error.fields.password ? error.message : undefined)
          }
        />
        <Group gap="sm">
          <Button type="submit" color={color} loading={fetcher.state !== 'idle'}>
            {submitLabel}
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function EnrolmentSteps({ enrolment }: { enrolment: Enrolment }) {
  const confirm = useFetcher();
  const error = formErrorOf(confirm.data);
  return (
    <Stack gap="lg" data-testid="totp-enrolment">
      <Stack gap="xs">
        <Text fw={600}>1. Scan this code with your authenticator app</Text>
        <Text size="sm" c="dimmed">
          Google Authenticator, Microsoft Authenticator, 1Password or any app that makes 6-digit codes.
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Image
            src={enrolment.qrDataUrl}
            alt="QR code for adding Privy to your authenticator app"
            w={232}
            h={232}
            radius="md"
            bg="white"
          />
          <Stack gap={6} maw={320}>
            <Text size="sm">Can't scan it? Type this key into the app instead:</Text>
            <Code fz="md" p="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {enrolment.secret}
            </Code>
            <CopyButton value={enrolment.secret.replace(/\s+/g, '')}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  size="xs"
                  w="fit-content"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>2. Keep your backup codes</Text>
        <BackupCodes codes={enrolment.backupCodes} />
      </Stack>
      <confirm.Form method="post" noValidate>
        <input type="hidden" name="intent" value="totp-confirm" />
        <Stack gap="sm">
          <Text fw={600}>3. Enter the code the app shows</Text>
          <FormAlert error={error && !error.fields.code ? error : null} />
          <CodeField label="6-digit code from the app" error={fieldError(error, 'code')} />
          <Button type="submit" size="md" w={{ base: '100%', sm: 'auto' }} loading={confirm.state !== 'idle'}>
            Turn on two-step sign-in
          </Button>
        </Stack>
      </confirm.Form>
    </Stack>
  );
}

/** TOTP second factor: set up (password, QR, backup codes, confirm), new backup codes, turn off. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const start = useFetcher();
  const codes = useFetcher();
  const disable = useFetcher();
  useAskForProofOn(start.data);
  useAskForProofOn(codes.data);
  useAskForProofOn(disable.data);
  const [open, setOpen] = useState<'start' | 'codes' | 'disable' | null>(null);
  // When the factor turns on or off the card starts over: the fetchers' answers from before (the
  // first setup's QR code, old backup codes) belong to the factor that is gone.
  const [shownFor, setShownFor] = useState({ enabled, start: start.data, codes: codes.data });
  if (shownFor.enabled !== enabled) {
    setShownFor({ enabled, start: start.data, codes: codes.data });
    setOpen(null);
  }
  const enrolment = start.data === shownFor.start ? null : enrolmentOf(start.data);
  const newCodes = codes.data === shownFor.codes ? null : codesOf(codes.data);

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="two-factor-title">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="h4" id="two-factor-title">
          Two-step sign-in
        </Title>
        <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-status">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {enabled
          ? 'When you sign in, we also ask for a code from your authenticator app. Someone who learns your password still cannot get in.'
          : 'Add a code from an authenticator app to every sign-in, so a stolen password alone is not enough.'}
      </Text>

      {!enabled && enrolment && <EnrolmentSteps enrolment={enrolment} />}

      {!enabled && !enrolment && open !== 'start' && (
        <Button
          leftSection={<IconShieldCheck size={18} aria-hidden="true" />}
          onClick={() => setOpen('start')}
        >
          Set up an authenticator app
        </Button>
      )}
      {!enabled && !enrolment && open === 'start' && (
        <PasswordStep
          fetcher={start}
          intent="totp-start"
          submitLabel="Continue"
          onCancel={() => setOpen(null)}
        />
      )}

      {enabled && (
        <Stack gap="md">
          <List size="sm" spacing={4}>
            <List.Item>Lost your phone? Sign in with one of your backup codes.</List.Item>
            <List.Item>Used most of them? Make a new set; the old codes stop working.</List.Item>
          </List>
          {newCodes && <BackupCodes codes={newCodes} />}
          <Divider />
          {open === 'codes' && !newCodes && (
            <PasswordStep
              fetcher={codes}
              intent="backup-codes"
              submitLabel="Make new backup codes"
              onCancel={() => setOpen(null)}
            />
          )}
          {open === 'disable' && (
            <PasswordStep
              fetcher={disable}
              intent="totp-disable"
              submitLabel="Turn off two-step sign-in"
              color="red"
              onCancel={() => setOpen(null)}
            />
          )}
          {open === null && (
            <Group gap="sm">
              <Button variant="default" onClick={() => setOpen('codes')}>
                New backup codes
              </Button>
              <Button variant="light" color="red" onClick={() => setOpen('disable')}>
                Turn off
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Paper>
  );
}
