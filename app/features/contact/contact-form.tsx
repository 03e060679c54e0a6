import { Alert, Box, Button, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  type ContactMessageInput,
  contactMessageSchema,
} from '../../../common/schemas/contact.ts';
import { toast } from '../../ui/toasts.tsx';
import type { ContactPostResult } from './contact-post-result.ts';
import { sendContactMessage } from './send-contact-message.ts';

const TOAST_MS = 6000;

type Values = Required<ContactMessageInput>;

/**
 * The contact form: checked in the browser with the same schema the server uses, so most mistakes
 * are shown beside the field before anything is sent. Before the page's scripts run it is a plain
 * form posted to the page itself, whose answer arrives as `posted`.
 */
export function ContactForm({
  initialName = '',
  initialEmail = '',
  posted,
}: {
  initialName?: string;
  initialEmail?: string;
  posted?: ContactPostResult;
}) {
  const kept = posted && !posted.ok ? posted.values : undefined;
  const [sending, setSending] = useState(false);
  // A native post's answer stays on screen until the hydrated form sends again; then toasts answer.
  const [answer, setAnswer] = useState(posted);
  const form = useForm<Values>({
    name: 'contact',
    initialValues: {
      name: kept?.name ?? initialName,
      email: kept?.email ?? initialEmail,
      subject: kept?.subject ?? '',
      body: kept?.body ?? '',
      [CONTACT_HONEYPOT_FIELD]: '',
    },
    initialErrors: posted && !posted.ok ? posted.fieldErrors : {},
    // Checked on submit, not on blur: an error appearing as a field loses focus moves the button
    // away from under a tap that has already started. Each error clears as its field is edited.
    validate: schemaResolver(contactMessageSchema, { sync: true }),
  });

  async function submit(values: Values) {
    setAnswer(undefined);
    setSending(true);
    const result = await sendContactMessage(values);
    setSending(false);
    if (result.ok) {
      toast.success({
        title: 'Message sent',
        message: `Thank you. We will reply to ${values.email.trim()}, usually within one business day.`,
        autoClose: TOAST_MS,
      });
      form.reset();
      return;
    }
    form.setErrors(result.fieldErrors);
    toast.error({ title: 'Your message was not sent', message: result.message, autoClose: TOAST_MS });
  }

  function showInvalid(errors: Record<string, unknown>) {
    // Take the person straight to the first field to fix, in the order they appear.
    const first = (['name', 'email', 'subject', 'body'] as const).find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
    toast.error({
      title: 'Please check the form',
      message: 'Some fields need your attention. The notes under them say what to change.',
      autoClose: TOAST_MS,
    });
  }

  const bodyLength = form.values.body.length;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form method="post" onSubmit={form.onSubmit(submit, showInvalid)} noValidate aria-label="Contact form">
        <Stack gap="md">
          {answer?.ok ? (
            <Alert
              color="teal"
              variant="light"
              icon={<IconCircleCheck size={20} aria-hidden="true" />}
              title="Message sent"
              role="status"
            >
              Thank you. We will reply to {answer.email}, usually within one business day.
            </Alert>
          ) : null}
          {answer && !answer.ok ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={20} aria-hidden="true" />}
              title="Your message was not sent"
              role="alert"
            >
              {answer.message}
            </Alert>
          ) : null}
          <TextInput
            label="Your name"
            name="name"
            autoComplete="name"
            withAsterisk
            size="md"
            maxLength={CONTACT_LIMITS.nameMax}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email address"
            name="email"
            description="We reply to this address."
            type="email"
            autoComplete="email"
            inputMode="email"
            withAsterisk
            size="md"
            maxLength={CONTACT_LIMITS.emailMax}
            {...form.getInputProps('email')}
          />
          <TextInput
            label="Subject"
            name="subject"
            placeholder="For example: Door code did not work on May 3"
            withAsterisk
            size="md"
            maxLength={CONTACT_LIMITS.subjectMax}
            {...form.getInputProps('subject')}
          />
          <Textarea
            label="Message"
            name="body"
            description={`${bodyLength.toLocaleString('en-US')} of ${CONTACT_LIMITS.bodyMax.toLocaleString('en-US')} characters. If it is about a booking, include its date and time.`}
            withAsterisk
            size="md"
            autosize
            minRows={6}
            maxRows={16}
            maxLength={CONTACT_LIMITS.bodyMax}
            {...form.getInputProps('body')}
          />
          {/* Honeypot: hidden from people and screen readers; bots that fill every field give themselves away. */}
          <Box
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: -10000,
              top: 'auto',
              width: 1,
              height: 1,
              overflow: 'hidden',
            }}
          >
            <label htmlFor="contact-website">Leave this field empty</label>
            <input
              id="contact-website"
              name={CONTACT_HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={form.values[CONTACT_HONEYPOT_FIELD]}
              onChange={(event) => form.setFieldValue(CONTACT_HONEYPOT_FIELD, event.currentTarget.value)}
            />
          </Box>
          <Button
            type="submit"
            size="md"
            loading={sending}
            leftSection={<IconSend size={18} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
          >
            Send message
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
