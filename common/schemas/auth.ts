import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { multiLineText, singleLineText } from './text.ts';

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

const optionalText = singleLineText()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const passwordSchema = singleLineText()
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

const credentialFields = { email: optionalText, phone: optionalText, password: singleLineText().optional() };

export const nameSchema = singleLineText().trim().max(60, 'Names can be at most 60 characters.');

export const registerSchema = z
  .strictObject({ ...credentialFields, first_name: nameSchema.optional(), last_name: nameSchema.optional() })
  .superRefine(checkCredentials(passwordSchema))
  .transform(normalizeCredentials);

export const signInSchema = z
  .strictObject(credentialFields)
  .superRefine(checkCredentials(singleLineText().min(1).max(PASSWORD_MAX_LENGTH)))
  .transform(normalizeCredentials);

export type RegisterInput = z.infer<typeof registerSchema>;
export type SignInInput = z.infer<typeof signInSchema>;

// --- The other sign-in forms: one-time codes, second factor, password reset and change ---

export const CODE_TARGET_MESSAGE = 'Enter your email or phone number.';
export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords do not match.';

/**
 * A 6-digit code from an email, a text message or an authenticator app. Multi-line text, so a code
 * pasted with its line break is forgiven: every blank goes before the digits are checked.
 */
export const oneTimeCodeSchema = multiLineText()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.'));

/** Where a code or a reset goes: an email address, or else a phone number (spec §5). */
type Target = { email?: string | undefined; phone?: string | undefined };

function checkTarget(value: Target, ctx: z.RefinementCtx) {
  if (!value.email && !value.phone) {
    ctx.addIssue({ code: 'custom', message: CODE_TARGET_MESSAGE, path: ['email'] });
    return;
  }
  if (value.email && !z.email().safeParse(value.email).success) {
    ctx.addIssue({ code: 'custom', message: 'Enter a valid email address.', path: ['email'] });
  }
  if (!value.email && value.phone && !normalizePhone(value.phone)) {
    ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.', path: ['phone'] });
  }
}

function toTarget(value: Target): { email: string } | { phone: string } {
  if (value.email) return { email: value.email.toLowerCase() };
  return { phone: normalizePhone(value.phone as string) as string };
}

const targetFields = { email: optionalText, phone: optionalText };

export const codeRequestSchema = z.strictObject(targetFields).superRefine(checkTarget).transform(toTarget);

export const codeSignInSchema = z
  .strictObject({ ...targetFields, code: oneTimeCodeSchema })
  .superRefine(checkTarget)
  .transform((value) => ({ ...toTarget(value), code: value.code }));

const checkbox = z
  .enum(['on', 'true'])
  .optional()
  .transform((value) => value !== undefined);

export const twoFactorSignInSchema = z
  .strictObject({
    method: z.enum(['totp', 'backup']).default('totp'),
    code: singleLineText().trim().max(32, 'That code is too long.'),
    trust_device: checkbox,
  })
  .superRefine((value, ctx) => {
    const valid =
      value.method === 'totp'
        ? /^\d{6}$/.test(value.code)
        : /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/.test(value.code);
    if (!valid) {
      const message =
        value.method === 'totp'
          ? 'Enter the 6-digit code from your app.'
          : 'Enter one of your backup codes, like abcde-12345.';
      ctx.addIssue({ code: 'custom', message, path: ['code'] });
    }
  });

export const forgotPasswordSchema = codeRequestSchema;

function passwordsMatch(value: { password: string; confirm_password: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', message: PASSWORDS_DIFFER_MESSAGE, path: ['confirm_password'] });
  }
}

export const resetPasswordSchema = z
  .strictObject({
    token: singleLineText().min(1, 'This reset link is incomplete. Ask for a new one.').max(200),
    password: passwordSchema,
    confirm_password: singleLineText().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordsMatch);

export const phoneResetPasswordSchema = z
  .strictObject({
    phone: singleLineText()
      .trim()
      .transform((value, ctx) => {
        const phone = normalizePhone(value);
        if (!phone) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number.' });
        return phone ?? '';
      }),
    code: oneTimeCodeSchema,
    password: passwordSchema,
    confirm_password: singleLineText().max(PASSWORD_MAX_LENGTH),
  })
  .superRefine(passwordsMatch);

export const changePasswordSchema = z
  .strictObject({
    current_password: singleLineText().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH),
    password: passwordSchema,
    confirm_password: singleLineText().max(PASSWORD_MAX_LENGTH),
    sign_out_others: checkbox,
  })
  .superRefine(passwordsMatch);

/** A first password for an account that signs in only through an outside provider (ADR 143). */
export const setPasswordSchema = z
  .strictObject({ password: passwordSchema, confirm_password: singleLineText().max(PASSWORD_MAX_LENGTH) })
  .superRefine(passwordsMatch);

/** Sensitive changes (second factor on or off, new backup codes) ask for the password again. */
export const passwordConfirmSchema = z.strictObject({
  password: singleLineText().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH),
});

export const sessionIdSchema = z.strictObject({ session_id: singleLineText().min(1).max(200) });

/** The code alone: confirming a phone number, or the authenticator app during enrolment. */
export const codeOnlySchema = z.strictObject({ code: oneTimeCodeSchema });

/** The outside sign-in providers Privy can be configured with (ADR 143). */
export const SIGN_IN_PROVIDER_IDS = ['google', 'apple', 'oidc'] as const;
export const signInProviderSchema = z.strictObject({
  provider: z.enum(SIGN_IN_PROVIDER_IDS, { error: 'Choose a sign-in provider.' }),
});
export const identityIdSchema = z.strictObject({ identity_id: singleLineText().min(1).max(200) });
export const passkeyIdSchema = z.strictObject({ passkey_id: singleLineText().min(1).max(200) });
