import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { authClient } from '../../lib/auth-client.ts';
import { toast } from '../../ui/toasts.tsx';

/** Where the link in the confirmation email lands (server/domains/auth/better-auth.ts). */
const VERIFIED_CALLBACK = '/login?verified=1';

/** Sends the confirmation link again, in place, and says so with a toast. */
export function ResendVerificationButton({
  email,
  variant = 'default',
}: {
  email: string;
  variant?: 'default' | 'light';
}) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: VERIFIED_CALLBACK });
    setSending(false);
    if (error) {
      toast.error({
        title: 'Email not sent',
        message:
          error.status === 429
            ? 'You asked for several emails in a short time. Please wait a minute and try again.'
            : 'We could not send the email just now. Please try again in a moment.',
      });
      return;
    }
    toast.success({ title: 'Email sent', message: `We sent a new confirmation link to ${email}.` });
  };
  return (
    <Button
      variant={variant}
      size="md"
      loading={sending}
      onClick={resend}
      leftSection={<IconMailForward size={18} aria-hidden="true" />}
    >
      Send the link again
    </Button>
  );
}
