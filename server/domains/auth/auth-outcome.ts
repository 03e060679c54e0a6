import { isAPIError } from 'better-auth/api';
import { AppError, ERROR_CODES, type ErrorBody, type ErrorCode, type FieldError } from '../../http/errors.ts';

/**
 * What a better-auth call came to, in our own terms: its JSON and the cookies it set, or a failure
 * worded for people with the form field it concerns. Routes and React Router actions both use it.
 */
export type AuthFailure = {
  status: number;
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
  /** Seconds, for a 429. */
  retryAfter?: string;
  /** better-auth's own error code, when it gave one. */
  authCode?: string;
};

export type AuthOutcome<T> = { ok: true; data: T; cookies: string[] } | { ok: false; failure: AuthFailure };

/** `message: null` keeps the message our own hooks wrote (password policy, throttling). */
type Described = { code: ErrorCode; message: string | null; field?: string };

const WRONG_CODE: Described = {
  code: 'validation_error',
  message: "That code isn't right. Check it and try again.",
  field: 'code',
};
const EXPIRED_CODE: Described = {
  code: 'validation_error',
  message: 'That code has expired or was used too many times. Ask for a new one.',
  field: 'code',
};

/** better-auth's error codes, as Privy says them. Anything else keeps better-auth's own message. */
const DESCRIPTIONS: Record<string, Described> = {
  INVALID_EMAIL_OR_PASSWORD: {
    code: 'unauthenticated',
    message: "That email and password don't match. Check them, or reset your password.",
    field: 'password',
  },
  INVALID_PHONE_NUMBER_OR_PASSWORD: {
    code: 'unauthenticated',
    message: "That phone number and password don't match. Check them, or reset your password.",
    field: 'password',
  },
  INVALID_PHONE_NUMBER: { code: 'validation_error', message: 'Enter a valid phone number.', field: 'phone' },
  INVALID_EMAIL: { code: 'validation_error', message: 'Enter a valid email address.', field: 'email' },
  USER_ALREADY_EXISTS: {
    code: 'conflict',
    message: 'An account with this email already exists. Sign in, or reset your password.',
    field: 'email',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    code: 'conflict',
    message: 'An account with this email already exists. Sign in, or reset your password.',
    field: 'email',
  },
  PHONE_NUMBER_EXIST: {
    code: 'conflict',
    message: 'An account with this phone number already exists.',
    field: 'phone',
  },
  INVALID_PASSWORD: { code: 'validation_error', message: "That password isn't right.", field: 'password' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    code: 'validation_error',
    message: "That password isn't right.",
    field: 'password',
  },
  PASSWORD_TOO_SHORT: {
    code: 'validation_error',
    message: 'Password must be at least 8 characters.',
    field: 'password',
  },
  PASSWORD_TOO_LONG: {
    code: 'validation_error',
    message: 'Password must be at most 128 characters.',
    field: 'password',
  },
  INVALID_OTP: WRONG_CODE,
  INVALID_CODE: WRONG_CODE,
  INVALID_BACKUP_CODE: {
    code: 'validation_error',
    message: "That backup code isn't right, or it was already used.",
    field: 'code',
  },
  OTP_EXPIRED: EXPIRED_CODE,
  OTP_NOT_FOUND: EXPIRED_CODE,
  TOO_MANY_ATTEMPTS: EXPIRED_CODE,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    code: 'unauthenticated',
    message: 'Too many wrong codes. Please sign in again.',
  },
  INVALID_TWO_FACTOR_COOKIE: {
    code: 'unauthenticated',
    message: 'Your sign-in took too long and has expired. Please sign in again.',
  },
  ACCOUNT_TEMPORARILY_LOCKED: {
    code: 'rate_limited',
    message: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  },
  INVALID_TOKEN: {
    code: 'validation_error',
    message: 'This link has expired or was already used. Ask for a new one.',
    field: 'token',
  },
  TOKEN_EXPIRED: {
    code: 'validation_error',
    message: 'This link has expired. Ask for a new one.',
    field: 'token',
  },
  TOTP_ALREADY_ENABLED: { code: 'conflict', message: 'Your authenticator app is already set up.' },
  TOTP_NOT_ENABLED: { code: 'validation_error', message: 'Two-step sign-in is not set up for this account.' },
  EMAIL_ALREADY_VERIFIED: { code: 'conflict', message: 'Your email address is already confirmed.' },
  UNAUTHORIZED: { code: 'unauthenticated', message: 'Please sign in to continue.' },
  WEAK_PASSWORD: { code: 'validation_error', message: null, field: 'password' },
  REAUTHENTICATION_NEEDED: { code: 'reauthentication_needed', message: null },
  PASSKEY_NOT_FOUND: { code: 'not_found', message: 'That passkey is not on your account.' },
  PASSKEY_USER_NOT_VERIFIED: { code: 'validation_error', message: null },
  TOO_MANY_FAILED_SIGN_INS: { code: 'rate_limited', message: null },
  // Texts not sent (auth/sms-refusals.ts words them; ADR 142).
  SMS_UNAVAILABLE: { code: 'sms_unavailable', message: null },
  SMS_RATE_LIMITED: { code: 'rate_limited', message: null },
  SMS_NUMBER_REFUSED: { code: 'validation_error', message: null, field: 'phone' },
  SMS_NOT_SENT: { code: 'sms_delivery_failed', message: null },
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 422) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  return 'validation_error';
}

export function describeAuthError(
  status: number,
  body: { code?: unknown; message?: unknown } | null,
  retryAfter?: string | null,
): AuthFailure {
  const known = typeof body?.code === 'string' ? DESCRIPTIONS[body.code] : undefined;
  const ownMessage = typeof body?.message === 'string' && body.message ? body.message : null;
  const code = known?.code ?? codeForStatus(status);
  // A code we describe keeps the message its thrower wrote, even for a 503 (a text not sent).
  const message =
    known?.message ??
    (status >= 500 && !known ? 'Something went wrong on our side. Please try again.' : ownMessage) ??
    'That did not work. Please try again.';
  return {
    status: known ? ERROR_CODES[code] : status,
    code,
    message,
    ...(known?.field ? { fields: [{ field: known.field, message }] } : {}),
    ...(retryAfter ? { retryAfter } : {}),
    ...(typeof body?.code === 'string' ? { authCode: body.code } : {}),
  };
}

/**
 * Runs one better-auth API call (made with `asResponse: true`). Errors thrown before the endpoint
 * runs (our hooks) arrive as a thrown APIError; both end up as an AuthFailure.
 */
export async function runAuth<T>(call: () => Promise<Response>): Promise<AuthOutcome<T>> {
  let response: Response;
  try {
    response = await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const headers = new Headers(error.headers as HeadersInit | undefined);
    return {
      ok: false,
      failure: describeAuthError(error.statusCode, error.body ?? null, headers.get('retry-after')),
    };
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
    return {
      ok: false,
      failure: describeAuthError(response.status, body, response.headers.get('retry-after')),
    };
  }
  const text = await response.text();
  return { ok: true, data: (text ? JSON.parse(text) : null) as T, cookies: response.headers.getSetCookie() };
}

export function toErrorBody(failure: AuthFailure): ErrorBody {
  return {
    error: failure.code,
    message: failure.message,
    ...(failure.fields ? { fields: failure.fields } : {}),
  };
}

/** A failed better-auth call as the error our HTTP routes throw (one error handler answers it). */
export function authErrorToAppError(failure: AuthFailure): AppError {
  return new AppError(failure.code, failure.message, failure.fields);
}
