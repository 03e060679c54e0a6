import type TwilioSdk from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { type SmsDelivery, SmsError } from './sms-delivery.ts';

/** TWILIO_* (server/config.ts): the account, and who the texts come from. */
export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** A number of the account in E.164; with a Messaging Service too, Twilio sends from it. */
  from: string | undefined;
  /** A Messaging Service (MG…): Twilio picks the sender from its pool. */
  messagingServiceSid: string | undefined;
  /** Never from the environment: tests aim the SDK at a local stand-in for api.twilio.com. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
};

/**
 * Twilio's error codes that mean this number cannot get a text from us, which the person can do
 * something about (https://www.twilio.com/docs/api/errors): not a valid number (21211, 21217),
 * unreachable (21214, 21612), a landline (21614), a country not enabled (21408), opted out by
 * replying STOP (21610). Any other refusal is ours or Twilio's to fix.
 */
const RECIPIENT_ERRORS = new Set([21211, 21214, 21217, 21408, 21610, 21612, 21614]);

const TWILIO_API = 'https://api.twilio.com';

/** A text that takes longer than this to hand over is reported as not sent: a person is waiting. */
const REQUEST_TIMEOUT_MS = 10_000;

async function createClient(settings: TwilioSettings): Promise<TwilioSdk.Twilio> {
  // Loaded on the first text, not at start: the SDK takes ~0.2 s to import and most laptops never
  // configure it (ADR 113's restart budget).
  const { default: twilio } = await import('twilio');
  const { api } = settings;
  let httpClient = new twilio.RequestClient({ timeout: REQUEST_TIMEOUT_MS });
  if (api) {
    const base = `${api.protocol}://${api.host}:${api.port}`;
    // The SDK's own HTTP client, with the address rewritten: everything else (auth, form encoding,
    // errors) stays what production runs.
    class StandInClient extends twilio.RequestClient {
      override request<TData>(opts: RequestClient.RequestOptions<TData>) {
        return super.request({ ...opts, uri: opts.uri.replace(TWILIO_API, base) });
      }
    }
    httpClient = new StandInClient({ timeout: REQUEST_TIMEOUT_MS });
  }
  return twilio(settings.accountSid, settings.authToken, { httpClient, autoRetry: false });
}

/** What went wrong, as an SmsError; Twilio's own status and code stay on it for the log. */
function toSmsError(error: unknown): SmsError {
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (typeof status === 'number') {
    // An answer from Twilio (the SDK's RestException: its status, error code and message).
    const failure =
      typeof code === 'number' && RECIPIENT_ERRORS.has(code) ? 'recipient_refused' : 'provider_failed';
    return new SmsError(
      failure,
      `Twilio answered ${status}${typeof code === 'number' ? ` (error ${code})` : ''}`,
      {
        cause: error,
      },
    );
  }
  // No answer: refused connection, timeout, DNS (axios errors carry a string code like ECONNREFUSED).
  const reason = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  return new SmsError('provider_failed', `Twilio could not be reached: ${reason}`, { cause: error });
}

/** Texts through Twilio's Messages API with its official SDK (ADR 142). */
export function createTwilioSmsDelivery(settings: TwilioSettings): SmsDelivery {
  let client: Promise<TwilioSdk.Twilio> | undefined;
  return {
    deliversForReal: true,
    async deliver({ to, text }) {
      try {
        client ??= createClient(settings);
        await (await client).messages.create({
          to,
          body: text,
          ...(settings.messagingServiceSid ? { messagingServiceSid: settings.messagingServiceSid } : {}),
          ...(settings.from ? { from: settings.from } : {}),
        });
      } catch (error) {
        throw toSmsError(error);
      }
    },
  };
}
