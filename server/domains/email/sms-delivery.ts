import type { Db } from '../../db/database.ts';
import { insertOutboxMessage } from './repository.ts';

/**
 * Where a text message goes (ADR 142): the dev outbox on a laptop, Twilio when its settings are
 * given. An implementation only delivers; the limits and the refusals are the email service's.
 */
export type SmsDelivery = {
  /** The text reaches a phone; false for the dev outbox. */
  readonly deliversForReal: boolean;
  /** Throws an SmsError when the provider refuses the message or cannot be reached. */
  deliver(message: SmsMessage): Promise<void>;
};

export type SmsMessage = { to: string; text: string };

/**
 * Why a text was not sent. Each becomes a clear answer for the person (auth/sms-refusals.ts),
 * never a 500: the provider is someone else's server and the number is whatever was typed.
 */
export type SmsFailure =
  /** No provider here (production without Twilio): nothing is sent anywhere. */
  | 'unavailable'
  /** Too many texts to this number, or asked for by this client, within the window. */
  | 'rate_limited'
  /** The provider says this number cannot get a text (not a number, a landline, opted out…). */
  | 'recipient_refused'
  /** The provider failed, refused our credentials or sender, or could not be reached. */
  | 'provider_failed';

export class SmsError extends Error {
  override name = 'SmsError';
  readonly failure: SmsFailure;
  /** For rate_limited: seconds until the next text would be allowed. */
  readonly retryAfterSeconds: number | undefined;
  /** For rate_limited: which limit was reached. */
  readonly limit: 'number' | 'client' | undefined;

  constructor(
    failure: SmsFailure,
    message: string,
    details: { retryAfterSeconds?: number; limit?: 'number' | 'client'; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.failure = failure;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.limit = details.limit;
  }
}

/**
 * Texts are cheap to ask for and cost money to send, and a code sent to a stranger's phone is a
 * nuisance: each number, and each client address, may get only a few an hour (ADR 142).
 */
export const SMS_LIMITS = { windowSeconds: 60 * 60, perNumber: 5, perClient: 20 } as const;

/** Today's behaviour and the laptop default: the text lands in the dev outbox (/dev/mailbox). */
export function createOutboxSmsDelivery(db: Db): SmsDelivery {
  return {
    deliversForReal: false,
    async deliver(message) {
      await insertOutboxMessage(db, {
        channel: 'sms',
        recipient: message.to,
        subject: `SMS to ${message.to}`,
        html: null,
        text: message.text,
      });
    },
  };
}

/** The last digits only: enough to tell texts apart in a log, not to collect people's numbers. */
export function maskPhoneNumber(phone: string): string {
  return phone.length > 4 ? `…${phone.slice(-4)}` : '…';
}
