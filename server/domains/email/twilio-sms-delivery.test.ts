import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { SmsError } from './sms-delivery.ts';
import { createTwilioSmsDelivery } from './twilio-sms-delivery.ts';
import {
  closedPort,
  startTwilioStandIn,
  TEST_ACCOUNT_SID,
  TEST_AUTH_TOKEN,
  TEST_FROM,
  TEST_MESSAGING_SERVICE_SID,
  twilioError,
} from './twilio-test-support.ts';

/** The Twilio delivery with the official SDK, aimed at a local server that answers like Twilio. */

const twilio = await startTwilioStandIn();
afterAll(() => twilio.close());
beforeEach(() => twilio.reset());

async function failureOf(promise: Promise<unknown>): Promise<SmsError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SmsError);
  return error as SmsError;
}

describe('texts through Twilio', () => {
  it('posts the message to the account’s Messages resource with its SID and token, from the number', async () => {
    const delivery = createTwilioSmsDelivery(twilio.settings());
    expect(delivery.deliversForReal).toBe(true);
    await delivery.deliver({
      to: '+14155550123',
      text: 'Your Privy code is 123456. It expires in 10 minutes.',
    });

    expect(twilio.seen).toHaveLength(1);
    const [request] = twilio.seen;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${TEST_ACCOUNT_SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${TEST_ACCOUNT_SID}:${TEST_AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      To: '+14155550123',
      From: TEST_FROM,
      Body: 'Your Privy code is 123456. It expires in 10 minutes.',
    });
    expect(twilio.accepted).toEqual([
      { to: '+14155550123', body: 'Your Privy code is 123456. It expires in 10 minutes.' },
    ]);
  });

  it('names the Messaging Service instead of a number when that is the sender', async () => {
    const delivery = createTwilioSmsDelivery(
      twilio.settings({ from: undefined, messagingServiceSid: TEST_MESSAGING_SERVICE_SID }),
    );
    await delivery.deliver({ to: '+14155550124', text: 'Hello' });
    expect(Object.fromEntries(twilio.seen[0]?.form ?? [])).toEqual({
      To: '+14155550124',
      MessagingServiceSid: TEST_MESSAGING_SERVICE_SID,
      Body: 'Hello',
    });
  });

  it('reports a number Twilio refuses (21211) as the recipient’s problem', async () => {
    twilio.answerFor('+15005550001', twilioError(400, 21211, "Invalid 'To' Phone Number: +15005550001"));
    const delivery = createTwilioSmsDelivery(twilio.settings());
    const error = await failureOf(delivery.deliver({ to: '+15005550001', text: 'Hello' }));
    expect(error.failure).toBe('recipient_refused');
    expect(error.message).toBe('Twilio answered 400 (error 21211)');
    expect(twilio.accepted).toEqual([]);
  });

  it('reports wrong credentials, a refused sender and Twilio’s own failures as the provider’s', async () => {
    const wrongToken = createTwilioSmsDelivery(twilio.settings({ authToken: 'e'.repeat(32) }));
    const unauthorized = await failureOf(wrongToken.deliver({ to: '+14155550125', text: 'Hello' }));
    expect(unauthorized).toMatchObject({
      failure: 'provider_failed',
      message: 'Twilio answered 401 (error 20003)',
    });

    const delivery = createTwilioSmsDelivery(twilio.settings());
    twilio.answerFor('+14155550126', twilioError(400, 21606, "The 'From' phone number is not valid"));
    const badSender = await failureOf(delivery.deliver({ to: '+14155550126', text: 'Hello' }));
    expect(badSender.failure).toBe('provider_failed');

    twilio.answerFor('+14155550127', twilioError(503, 20503, 'Service Unavailable'));
    const down = await failureOf(delivery.deliver({ to: '+14155550127', text: 'Hello' }));
    expect(down).toMatchObject({ failure: 'provider_failed', message: 'Twilio answered 503 (error 20503)' });
  });

  it('reports a refused connection as the provider’s failure, not a crash', async () => {
    const port = await closedPort();
    const delivery = createTwilioSmsDelivery({
      ...twilio.settings(),
      api: { host: '127.0.0.1', port, protocol: 'http' },
    });
    const error = await failureOf(delivery.deliver({ to: '+14155550128', text: 'Hello' }));
    expect(error.failure).toBe('provider_failed');
    expect(error.message).toBe('Twilio could not be reached: ECONNREFUSED');
  });
});
