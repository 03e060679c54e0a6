import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { displayPhoneNumber } from '../../../common/phone.ts';
import { toast } from '../../ui/toasts.tsx';
import { ApiError, resendVerificationEmail } from './api.ts';

function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
      Verified
    </Badge>
  ) : (
    // A long address wraps; the badge beside it keeps its words whole.
    <Badge color="yellow" variant="light" style={{ flexShrink: 0 }}>
      Not verified
    </Badge>
  );
}

type Props = {
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  /** Changing the email, or adding one (the page composes it from the auth feature). */
  emailChange?: ReactNode;
};

/** How Privy reaches you, and whether each way is confirmed yet. */
export function ContactDetails({
  email,
  emailVerified,
  phoneNumber,
  phoneNumberVerified,
  emailChange,
}: Props) {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function resend() {
    if (!email) return;
    setSending(true);
    try {
      await resendVerificationEmail(email);
      setSent(true);
      toast.success({ title: 'Email sent', message: `We sent a new verification link to ${email}.` });
    } catch (caught) {
      toast.error({
        title: 'Email not sent',
        message: caught instanceof ApiError ? caught.message : 'Please try again in a minute.',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="contact-title">
      <Title order={2} fz="h4" id="contact-title" mb="md">
        Contact details
      </Title>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm" data-testid="contact-email">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <IconMail size={20} aria-hidden />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" c="dimmed">
                Email
              </Text>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {email ?? 'No email address'}
              </Text>
            </Stack>
            {email && <VerifiedBadge verified={emailVerified} />}
          </Group>
          {email && !emailVerified && (
            <Button size="xs" variant="light" onClick={resend} loading={sending}>
              {sent ? 'Send the link again' : 'Resend verification email'}
            </Button>
          )}
        </Group>
        {email && !emailVerified && (
          <Text size="sm" c="dimmed">
            Open the link we emailed you to confirm this address; it keeps your account recoverable.
          </Text>
        )}
        {emailChange}
        <Group justify="space-between" wrap="wrap" gap="sm" data-testid="contact-phone">
          <Group gap="sm" wrap="nowrap">
            <IconPhone size={20} aria-hidden />
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Phone
              </Text>
              <Text fw={500}>{phoneNumber ? displayPhoneNumber(phoneNumber) : 'No phone number'}</Text>
            </Stack>
            {phoneNumber && <VerifiedBadge verified={phoneNumberVerified} />}
          </Group>
          {phoneNumber && !phoneNumberVerified && (
            <Button size="xs" variant="light" component={Link} to="/verify-phone">
              Verify phone
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
