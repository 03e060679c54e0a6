import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TwilioSettings } from './twilio-sms-delivery.ts';

/**
 * A local stand-in for api.twilio.com's Messages API, answering like Twilio for the one call Privy
 * makes: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, with HTTP Basic auth
 * (Account SID and Auth Token). It answers 201 with a message resource, 401 with Twilio's error
 * JSON when the credentials are wrong, and whatever a test scripts for a number (Twilio's error
 * JSON: code, message, more_info, status). Tests aim the real SDK at it (config.twilio.api).
 */

export const TEST_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TEST_AUTH_TOKEN = 'f'.repeat(32);
export const TEST_FROM = '+15005550006';
export const TEST_MESSAGING_SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;

export type SeenRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
};

type Answer = { status: number; body: object };

/** Twilio's error body, e.g. twilioError(400, 21211, "Invalid 'To' Phone Number: +15005550001"). */
export const twilioError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export async function startTwilioStandIn() {
  const seen: SeenRequest[] = [];
  const accepted: { to: string | null; body: string | null }[] = [];
  /** Scripted answers by recipient ('To'), instead of a queued message. */
  const answers = new Map<string, Answer>();
  const expectedAuth = `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString('base64')}`;

  function answer(request: SeenRequest): Answer {
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(401, 20003, 'Authentication Error - invalid username');
    }
    const match = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/.exec(request.path);
    if (request.method !== 'POST' || !match) {
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    }
    const to = request.form.get('To') ?? '';
    const scripted = answers.get(to);
    if (scripted) return scripted;
    if (!/^\+[1-9]\d{7,14}$/.test(to)) return twilioError(400, 21211, `Invalid 'To' Phone Number: ${to}`);
    const messageSid = sid('SM');
    const service = request.form.get('MessagingServiceSid');
    const now = new Date().toUTCString().replace('GMT', '+0000');
    return {
      status: 201,
      body: {
        account_sid: match[1],
        api_version: '2010-04-01',
        body: request.form.get('Body'),
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: request.form.get('From'),
        messaging_service_sid: service,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid: messageSid,
        // A message handed to a Messaging Service waits for it to pick the sender.
        status: service && !request.form.get('From') ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${match[1]}/Messages/${messageSid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${match[1]}/Messages/${messageSid}.json`,
      },
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      seen.push(request);
      const { status, body } = answer(request);
      if (status === 201) accepted.push({ to: request.form.get('To'), body: request.form.get('Body') });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** Every request the SDK made, in order. */
    seen,
    /** The texts it answered 201 to, as (To, Body). */
    accepted,
    /** Answers every text to `to` with `reply` from now on. */
    answerFor(to: string, reply: Answer) {
      answers.set(to, reply);
    },
    reset() {
      seen.length = 0;
      accepted.length = 0;
      answers.clear();
    },
    /** Settings that aim the SDK here (the sender is TEST_FROM unless a test changes it). */
    settings(overrides: Partial<TwilioSettings> = {}): TwilioSettings {
      return {
        accountSid: TEST_ACCOUNT_SID,
        authToken: TEST_AUTH_TOKEN,
        from: TEST_FROM,
        messagingServiceSid: undefined,
        api: { host: '127.0.0.1', port, protocol: 'http' },
        ...overrides,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>;

/** A port nothing listens on: a connection to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
