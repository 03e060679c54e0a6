import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';

/** Accepts US numbers typed any way (the spec's phone rules), or a full E.164 number. */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

type Credentials = { email?: string | undefined; phone?: string | undefined; password?: string | undefined };

/**
 * Register and sign in share one rule (spec §5): an email or a phone number, and a password.
 * The spec's message is used word for word when either half is missing.
 */
function checkCredentials(password: z.ZodType<string>) {
  return (value: Credentials, ctx: z.RefinementCtx) => {
    if ((!value.email && !value.phone) || !value.password) {
      ctx.addIssue({
        code: 'custom',
        message: MISSING_CREDENTIALS_MESSAGE,
        path: [value.password ? 'email' : 'password'],
      });
      return;
    }
    if (value.email && !z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid email address.', path: ['email'] });
    }
    if (!value.email && value.phone && !normalizePhone(value.phone)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.', path: ['phone'] });
    }
    const result = password.safeParse(value.password);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        message: result.error.issues[0]?.message ?? 'Invalid password',
        path: ['password'],
      });
    }
  };
}

/** After the checks: a lower-cased email, or an E.164 phone number, and the password. */
function normalizeCredentials<T extends Credentials>(value: T) {
  return {
    ...value,
    email: value.email?.toLowerCase(),
    phone: value.email ? undefined : value.phone ? (normalizePhone(value.phone) ?? undefined) : undefined,
    password: value.password as string,
  };
}

const credentialFields = { email: optionalText, phone: optionalText, password: z.string().optional() };

export const nameSchema = z.string().trim().max(60, 'Names can be at most 60 characters.');

export const registerSchema = z
  .strictObject({ ...credentialFields, first_name: nameSchema.optional(), last_name: nameSchema.optional() })
  .superRefine(checkCredentials(passwordSchema))
  .transform(normalizeCredentials);

export const signInSchema = z
  .strictObject(credentialFields)
  .superRefine(checkCredentials(z.string().min(1).max(PASSWORD_MAX_LENGTH)))
  .transform(normalizeCredentials);

export type RegisterInput = z.infer<typeof registerSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
