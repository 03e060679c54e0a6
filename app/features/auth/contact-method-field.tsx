import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { CONTACT_METHOD_FIELD } from './form-error.ts';

export type ContactMethod = 'email' | 'phone';

/**
 * Email or phone number (spec §5: either one identifies an account). One input shows at a time, so
 * only the chosen one is sent; the choice is a real radio group for keyboards and screen readers.
 * Where texts cannot be sent (`phoneUnavailable`, ADR 142) there is no choice: the email field and
 * one line saying why.
 */
export function ContactMethodField({
  method,
  onMethodChange,
  error,
  defaultEmail,
  defaultPhone,
  purpose,
  phoneUnavailable,
}: {
  method: ContactMethod;
  onMethodChange: (method: ContactMethod) => void;
  error?: string | undefined;
  defaultEmail?: string | undefined;
  defaultPhone?: string | undefined;
  purpose: 'sign-in' | 'sign-up' | 'code';
  /** Why phone numbers are not offered here; unset, they are. */
  phoneUnavailable?: string | undefined;
}) {
  const shown: ContactMethod = phoneUnavailable ? 'email' : method;
  return (
    <Stack gap="xs">
      {phoneUnavailable ? (
        <Text size="sm" c="dimmed" data-testid="phone-unavailable">
          {phoneUnavailable}
        </Text>
      ) : (
        <SegmentedControl
          name={CONTACT_METHOD_FIELD}
          fullWidth
          size="md"
          value={method}
          onChange={(value) => onMethodChange(value as ContactMethod)}
          aria-label={purpose === 'sign-up' ? 'Sign up with' : 'Use my'}
          data={[
            { value: 'email', label: 'Email' },
            { value: 'phone', label: 'Phone number' },
          ]}
        />
      )}
      {shown === 'email' ? (
        <TextInput
          key="email"
          name="email"
          type="email"
          label="Email"
          placeholder="you@example.com"
          autoComplete="email"
          inputMode="email"
          size="md"
          leftSection={<IconMail size={18} aria-hidden="true" />}
          defaultValue={defaultEmail}
          error={error}
        />
      ) : (
        <TextInput
          key="phone"
          name="phone"
          type="tel"
          label="Phone number"
          description={purpose === 'sign-up' ? "We'll text you a 6-digit code to confirm it." : undefined}
          placeholder="(555) 123-4567"
          autoComplete="tel"
          inputMode="tel"
          size="md"
          leftSection={<IconPhone size={18} aria-hidden="true" />}
          defaultValue={defaultPhone}
          error={error}
        />
      )}
    </Stack>
  );
}
