import { Alert, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { FormError } from './form-error.ts';

/** The heading of a sign-in or sign-up card: what this step is, in one line, and what to do. */
export function AuthHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      {children && (
        <Text c="dimmed" size="sm" lh={1.55}>
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** The server's one-sentence answer above a form; announced to screen readers as it appears. */
export function FormAlert({
  error,
  title = "That didn't work",
}: {
  error: FormError | null;
  title?: string;
}) {
  if (!error) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={20} aria-hidden="true" />}
      role="alert"
      data-testid="form-error"
    >
      {error.message}
    </Alert>
  );
}

export function Notice({
  tone = 'info',
  title,
  children,
  testId,
}: {
  tone?: 'info' | 'success';
  title: string;
  children?: React.ReactNode;
  testId?: string;
}) {
  const Icon = tone === 'success' ? IconCircleCheck : IconInfoCircle;
  return (
    <Alert
      color={tone === 'success' ? 'teal' : 'blue'}
      variant="light"
      title={title}
      icon={<Icon size={20} aria-hidden="true" />}
      role="status"
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

/** A 6-digit code: numeric keypad on phones, and the code from an SMS offered by the keyboard. */
export function CodeField({
  label = '6-digit code',
  error,
  description,
  autoFocus,
}: {
  label?: string;
  error?: string | undefined;
  description?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      name="code"
      label={label}
      description={description}
      error={error}
      required
      size="md"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      placeholder="123456"
      autoFocus={autoFocus}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

/** Shows an email or phone number the way people read it, keeping it whole. */
export function Contact({ value }: { value: string }) {
  return (
    <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
      {value}
    </Text>
  );
}
