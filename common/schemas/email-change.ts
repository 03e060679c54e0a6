import { z } from 'zod';
import { singleLineText } from './text.ts';

const EMAIL_MESSAGE = 'Enter a valid email address, like name@example.com.';

/**
 * A new email address for the account (ADR 145). `.invalid` can never receive mail (RFC 2606):
 * phone accounts keep a placeholder there, so nobody may choose one.
 */
export const emailChangeSchema = z.strictObject({
  email: singleLineText({ error: EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, 'Email addresses are at most 254 characters.')
    .pipe(z.email({ error: EMAIL_MESSAGE }))
    .refine((email) => !/\.invalid$/.test(email), EMAIL_MESSAGE),
});

export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/** The token from the undo link in the old address's notice. Any other shape is refused as invalid. */
export const emailChangeUndoSchema = z.strictObject({
  token: singleLineText().trim().min(1, 'This link is incomplete.').max(200, 'This link is not valid.'),
});

/** What a refused undo link answers, on the API and on its page. */
export const UNDO_LINK_MESSAGES = {
  used: 'This change has already been undone. Sign in, or choose a new password.',
  expired:
    'This undo link has expired: they work for 7 days. Contact us and we will help you get your account back.',
  invalid: 'This undo link is not valid. Open it straight from the email, or contact us and we will help.',
} as const;

/** What the account shows while a new address waits for its confirmation. */
export const pendingEmailChangeSchema = z.object({ email: z.string(), expiresAt: z.string() });
export type PendingEmailChange = z.infer<typeof pendingEmailChangeSchema>;
