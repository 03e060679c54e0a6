import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

/** Limits of the contact form, shared by the form's counters and the server's checks. */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMin: 3,
  subjectMax: 150,
  bodyMin: 10,
  bodyMax: 5000,
} as const;

/**
 * The hidden field people never see and bots fill in. It is allowed (so the request is not refused,
 * which would tell the bot it was caught) but never used.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * POST /api/email/send (spec §7): `{name, email, subject, body}`, plus the honeypot. Name and subject
 * end up in email headers, so they are single-line text: no line break can inject a header.
 */
export const contactMessageSchema = z.strictObject({
  name: singleLineText({
    error: 'Please tell us your name.',
    lineBreakMessage: 'Your name must fit on one line.',
  })
    .trim()
    .min(1, 'Please tell us your name.')
    .max(CONTACT_LIMITS.nameMax, `Your name can be at most ${CONTACT_LIMITS.nameMax} characters.`),
  email: singleLineText({ error: 'Please enter your email address so we can reply.' })
    .trim()
    .min(1, 'Please enter your email address so we can reply.')
    .max(CONTACT_LIMITS.emailMax, 'That email address is too long.')
    .pipe(z.email('Please enter a valid email address, like name@example.com.')),
  subject: singleLineText({
    error: 'Please add a subject.',
    lineBreakMessage: 'The subject must fit on one line.',
  })
    .trim()
    .min(CONTACT_LIMITS.subjectMin, {
      error: (issue) =>
        issue.input === ''
          ? 'Please add a subject.'
          : `The subject needs at least ${CONTACT_LIMITS.subjectMin} characters.`,
    })
    .max(CONTACT_LIMITS.subjectMax, `The subject can be at most ${CONTACT_LIMITS.subjectMax} characters.`),
  body: multiLineText({ error: 'Please write your message.' })
    .trim()
    .min(CONTACT_LIMITS.bodyMin, {
      error: (issue) =>
        issue.input === ''
          ? 'Please write your message.'
          : `Your message needs at least ${CONTACT_LIMITS.bodyMin} characters.`,
    })
    .max(CONTACT_LIMITS.bodyMax, `Your message can be at most ${CONTACT_LIMITS.bodyMax} characters.`),
  [CONTACT_HONEYPOT_FIELD]: multiLineText().max(2000).optional(),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** What the endpoint answers when the message was accepted (or quietly dropped as spam). */
export const contactSentSchema = z.strictObject({ sent: z.literal(true) });
