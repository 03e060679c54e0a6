import { APIError } from 'better-auth/api';
import { SMS_UNAVAILABLE_REASONS } from '../../../common/constants.ts';
import { SmsError, type SmsFailure } from '../email/sms-delivery.ts';
import { type AuthFailure, describeAuthError } from './auth-outcome.ts';

/**
 * A text that was not sent (ADR 142), as an answer the person can act on. Inside better-auth (its
 * sendOTP callbacks and our hooks) a thrown APIError becomes its JSON answer with this code, which
 * auth-outcome.ts turns into ours; an SmsError thrown there would be a 500.
 */
export const SMS_ERROR_CODES: Record<SmsFailure, string> = {
  unavailable: 'SMS_UNAVAILABLE',
  rate_limited: 'SMS_RATE_LIMITED',
  recipient_refused: 'SMS_NUMBER_REFUSED',
  provider_failed: 'SMS_NOT_SENT',
};

const STATUS = {
  unavailable: 'FORBIDDEN',
  rate_limited: 'TOO_MANY_REQUESTS',
  recipient_refused: 'BAD_REQUEST',
  provider_failed: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<SmsFailure, string>;

const STATUS_CODE = {
  unavailable: 403,
  rate_limited: 429,
  recipient_refused: 400,
  provider_failed: 503,
} as const;

function spell(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function messageFor(error: SmsError): string {
  switch (error.failure) {
    case 'unavailable':
      return SMS_UNAVAILABLE_REASONS.any;
    case 'rate_limited': {
      const wait = spell(error.retryAfterSeconds ?? 60 * 60);
      return error.limit === 'client'
        ? `Too many texts were asked for from your network in the last hour. Please try again in ${wait}, or use your email address.`
        : `We've sent several texts to this number in the last hour. Please try again in ${wait}, or use your email address.`;
    }
    case 'recipient_refused':
      return "We couldn't send a text to that number. Check it, or use your email address instead.";
    case 'provider_failed':
      return "We couldn't send a text just now. Please try again in a few minutes, or use your email address.";
  }
}

const retryHeaders = (error: SmsError) =>
  error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : undefined;

export function smsApiError(error: SmsError): APIError {
  return new APIError(
    STATUS[error.failure],
    { code: SMS_ERROR_CODES[error.failure], message: messageFor(error) },
    retryHeaders(error),
  );
}

/** For our own flows around better-auth (registering a taken number, a code for an unknown one). */
export function smsFailure(error: SmsError): AuthFailure {
  return describeAuthError(
    STATUS_CODE[error.failure],
    { code: SMS_ERROR_CODES[error.failure], message: messageFor(error) },
    error.retryAfterSeconds ? String(error.retryAfterSeconds) : null,
  );
}

/** Runs a text-sending step; a text not sent comes back as an AuthFailure, anything else throws. */
export async function smsOutcome(step: () => Promise<void>): Promise<AuthFailure | null> {
  try {
    await step();
    return null;
  } catch (error) {
    if (error instanceof SmsError) return smsFailure(error);
    throw error;
  }
}

/** Runs a text-sending step inside better-auth: a text not sent becomes its APIError. */
export async function orSmsApiError(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof SmsError) throw smsApiError(error);
    throw error;
  }
}

/**
 * The client address our HTTP layer sets on every request it hands on, API or page, replacing any
 * a client sent (http/web-request.ts, http/react-router.ts): the per-client limit on texts.
 */
export function smsClientOf(headers: Headers | null | undefined): string | null {
  return headers?.get('x-privy-client-ip') ?? null;
}

/** The refusal for a phone flow where no text can be sent at all. */
export const smsUnavailableFailure = (): AuthFailure =>
  smsFailure(new SmsError('unavailable', 'no text-message provider is set up'));
