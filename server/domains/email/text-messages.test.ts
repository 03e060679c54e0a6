import { sql } from 'kysely';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { codeIn, countMessages, PASSWORD } from '../auth/auth-test-support.ts';
import { requestPasswordReset } from '../auth/password-reset.ts';
import { requestSignInCode } from '../auth/sign-in-codes.ts';
import { createEmailService } from './email-service.ts';
import { SMS_LIMITS, SmsError } from './sms-delivery.ts';
import { startTwilioStandIn, twilioError } from './twilio-test-support.ts';

/**
 * Texts through the whole app with Twilio configured (ADR 142): the real SDK talks to a local
 * stand-in for api.twilio.com. What a person is told when a text cannot go, and the limits.
 */

const twilio = await startTwilioStandIn();
afterAll(() => twilio.close());

const registerByPhone = (agent: TestAgent, phone: string) =>
  agent.post('/api/account/register', { phone, password: PASSWORD });
const askForCode = (agent: TestAgent, phoneNumber: string) =>
  agent.post('/api/auth/phone-number/send-otp', { phoneNumber });

describeWithApp(
  'text messages through Twilio',
  (ctx) => {
    beforeEach(() => twilio.reset());

    it('texts a new phone account its code through Twilio, not into the dev outbox', async () => {
      const { services } = ctx();
      expect(services.email.smsDeliversForReal).toBe(true);
      const agent = new TestAgent(ctx().app);
      const registered = await registerByPhone(agent, '415-555-0140');
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({ next: 'enter-phone-code', phoneNumber: '+14155550140' });

      expect(twilio.accepted).toHaveLength(1);
      const [text] = twilio.accepted;
      expect(text?.to).toBe('+14155550140');
      expect(text?.body).toMatch(/^Your Privy code is \d{6}\. It expires in 10 minutes\.$/);
      expect(await countMessages(services, '+14155550140')).toBe(0);

      const verified = await agent.post('/api/auth/phone-number/verify', {
        phoneNumber: '+14155550140',
        code: codeIn(text?.body ?? ''),
      });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('answers a number Twilio refuses with a 400 on the phone field, and logs it', async () => {
      twilio.answerFor('+15005550001', twilioError(400, 21211, "Invalid 'To' Phone Number: +15005550001"));
      const agent = new TestAgent(ctx().app);
      const registered = await registerByPhone(agent, '+15005550001');
      expect(registered.statusCode, registered.body).toBe(400);
      const message = "We couldn't send a text to that number. Check it, or use your email address instead.";
      expect(registered.json()).toEqual({
        error: 'validation_error',
        message,
        fields: [{ field: 'phone', message }],
      });
      expect(ctx().log.entries).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'a text message was not sent: Twilio answered 400 (error 21211)',
        }),
      );

      // better-auth's own endpoint says the same, in its shape.
      const again = await askForCode(agent, '+15005550001');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ code: 'SMS_NUMBER_REFUSED', message });
      expect(twilio.accepted).toEqual([]);
    });

    it('answers Twilio failing with a 503 that says so, never a 500', async () => {
      const agent = new TestAgent(ctx().app);
      expect((await registerByPhone(agent, '415-555-0141')).statusCode).toBe(200);
      twilio.answerFor('+14155550141', twilioError(500, 20500, 'Internal Server Error'));
      const message =
        "We couldn't send a text just now. Please try again in a few minutes, or use your email address.";

      const code = await askForCode(agent, '+14155550141');
      expect(code.statusCode).toBe(503);
      expect(code.json()).toEqual({ code: 'SMS_NOT_SENT', message });

      // Registering the number again texts its owner a note, which fails the same way.
      const taken = await registerByPhone(new TestAgent(ctx().app), '415-555-0141');
      expect(taken.statusCode).toBe(503);
      expect(taken.json()).toEqual({ error: 'sms_delivery_failed', message });
      const logged = ctx().log.entries.filter((entry) => entry.msg.startsWith('a text message was not sent'));
      expect(logged.map((entry) => entry.level)).toEqual(['error', 'error']);
      expect(logged[0]?.obj).toMatchObject({ failure: 'provider_failed', to: '…0141' });
    });

    it('gives the code sign-in form the failure to show; a failed reset text is logged, not shown', async () => {
      const { services } = ctx();
      expect((await registerByPhone(new TestAgent(ctx().app), '415-555-0144')).statusCode).toBe(200);
      twilio.answerFor('+14155550144', twilioError(500, 20500, 'Internal Server Error'));
      // Past the minute between codes, instead of waiting.
      await sql`update "verification" set "expiresAt" = ${new Date(Date.now() + 8 * 60_000)}`.execute(
        services.db,
      );
      const headers = new Headers({ 'x-privy-client-ip': '203.0.113.40' });

      const code = await requestSignInCode(services, { phone: '+14155550144' }, headers);
      expect(code).toMatchObject({
        ok: false,
        failure: { status: 503, code: 'sms_delivery_failed', message: expect.stringMatching(/^We couldn't/) },
      });
      // better-auth sends the reset code as a background task and answers as it does for a number
      // without an account, which is what the reset form must say anyway (ADR 105).
      const reset = await requestPasswordReset(services, { phone: '+14155550144' }, headers);
      expect(reset.ok).toBe(true);
      const unsent = ctx().log.entries.filter((entry) => entry.msg.startsWith('a text message was not sent'));
      expect(unsent).toHaveLength(2);
    });

    it('texts one number at most 5 times an hour; a refused request leaves the last code working', async () => {
      const agent = new TestAgent(ctx().app, '203.0.113.10');
      expect((await registerByPhone(agent, '415-555-0142')).statusCode).toBe(200);
      for (let i = 0; i < SMS_LIMITS.perNumber - 1; i++) {
        expect((await askForCode(agent, '+14155550142')).statusCode).toBe(200);
      }
      // Another client asking changes nothing: the limit is the number's.
      const refused = await askForCode(new TestAgent(ctx().app, '203.0.113.11'), '+14155550142');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'SMS_RATE_LIMITED',
        message: expect.stringMatching(/^We've sent several texts to this number in the last hour\./),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(SMS_LIMITS.windowSeconds);
      expect(twilio.accepted).toHaveLength(SMS_LIMITS.perNumber);

      const lastCode = codeIn(twilio.accepted.at(-1)?.body ?? '');
      const verified = await agent.post('/api/auth/phone-number/verify', {
        phoneNumber: '+14155550142',
        code: lastCode,
      });
      expect(verified.statusCode, verified.body).toBe(200);
    });

    it('counts codes asked for a number without an account alike, and texts it nothing', async () => {
      const agent = new TestAgent(ctx().app, '203.0.113.20');
      for (let i = 0; i < SMS_LIMITS.perNumber; i++) {
        const asked = await askForCode(agent, '+14155550143');
        expect(asked.json()).toEqual({ message: 'code sent' });
      }
      const refused = await askForCode(agent, '+14155550143');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('SMS_RATE_LIMITED');
      // And a phone sign-up for it now is refused like one for a number with an account.
      const registered = await registerByPhone(agent, '+14155550143');
      expect(registered.statusCode).toBe(429);
      expect(registered.json().error).toBe('rate_limited');
      expect(twilio.seen).toEqual([]);
    });

    it('lets one client address ask for at most 20 texts an hour', async () => {
      const agent = new TestAgent(ctx().app, '203.0.113.30');
      for (let i = 0; i < SMS_LIMITS.perClient; i++) {
        expect((await askForCode(agent, `+1415555${String(1000 + i)}`)).statusCode).toBe(200);
      }
      const refused = await askForCode(agent, '+14155552000');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^Too many texts were asked for from your network in the last hour\./,
      );
      // Someone else, elsewhere, still may.
      expect((await askForCode(new TestAgent(ctx().app, '203.0.113.31'), '+14155552000')).statusCode).toBe(
        200,
      );
    });
  },
  { config: { twilio: twilio.settings() } },
);

describeWithApp('the per-number limit across server processes', (ctx) => {
  it('holds for two processes sharing one database', async () => {
    // Two email services on one database, as two server processes have.
    const [first, second] = [0, 1].map(() =>
      createEmailService({ db: ctx().services.db, smtpUrl: undefined, from: 'Privy <no-reply@privy.test>' }),
    );
    if (!first || !second) throw new Error('two services expected');
    const text = { to: '+14155550150', text: 'Your Privy code is 123456.' };
    for (const email of [first, second, first, second, first]) await email.sendSms(text);
    const refused = await second.sendSms(text).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsError);
    expect(refused).toMatchObject({ failure: 'rate_limited', limit: 'number' });
    expect(await countMessages(ctx().services, '+14155550150')).toBe(SMS_LIMITS.perNumber);
  });
});
