import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { singleLineText } from './text.ts';

/** "Confirm it's you" (ADR 144): the password, a code from the authenticator app, or a passkey (ADR 146). */
export const reauthenticateSchema = z
  .strictObject({
    password: singleLineText().max(PASSWORD_MAX_LENGTH).optional(),
    code: singleLineText()
      .trim()
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))
      .optional(),
    /** The browser's WebAuthn assertion, as @simplewebauthn/browser returns it; the plugin checks it. */
    passkey: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((value) => [value.password, value.code, value.passkey].filter(Boolean).length === 1, {
    message: 'Enter your password, or the code from your authenticator app.',
    path: ['password'],
  });
