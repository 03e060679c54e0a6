import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { singleLineText } from './text.ts';

/** "Confirm it's you" (ADR 144): the password, or a code from the authenticator app. */
export const reauthenticateSchema = z
  .strictObject({
    password: singleLineText().max(PASSWORD_MAX_LENGTH).optional(),
    code: singleLineText()
      .trim()
      .transform((value) => value.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'))
      .optional(),
  })
  .refine((value) => Boolean(value.password) !== Boolean(value.code), {
    message: 'Enter your password, or the code from your authenticator app.',
    path: ['password'],
  });
