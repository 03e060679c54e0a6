import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { signUpAndSignIn } from '../../test/sign-up.ts';
import { codeIn, latestMessage, linkIn, PASSWORD, pathOf, registerByEmail } from './auth-test-support.ts';
import { AUTH_LIFETIMES } from './better-auth.ts';
import { confirmPhoneNumber, sendPhoneVerificationCode, signInWithCode } from './sign-in-codes.ts';

describeWithApp('email and phone verification', (ctx) => {
  it('marks the email verified when the emailed link is followed, and lands on the confirmation page', async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'confirm@example.com');
    expect((await agent.get('/api/account/me')).json().emailVerified).toBe(false);

    const email = await latestMessage(ctx().services, 'confirm@example.com');
    const link = linkIn(email.text);
    expect(link.pathname).toBe('/api/auth/verify-email');

    // Opened on another device: no session there, and following the link does not sign anyone in.
    const otherDevice = new TestAgent(ctx().app);
    const followed = await otherDevice.get(pathOf(link));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/login?verified=1');
    expect((await otherDevice.get('/api/account/me')).statusCode).toBe(401);

    expect((await agent.get('/api/account/me')).json().emailVerified).toBe(true);
  });

  it('refuses a tampered link and says so on the landing page', async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'tamper@example.com');
    const link = linkIn((await latestMessage(ctx().services, 'tamper@example.com')).text);
    link.searchParams.set('token', `${link.searchParams.get('token')}x`);
    const followed = await agent.get(pathOf(link));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/login?verified=1&error=INVALID_TOKEN');
    expect((await agent.get('/api/account/me')).json().emailVerified).toBe(false);
  });

  it('verifies a phone number with the texted 6-digit code, keeping the session', async () => {
    const agent = new TestAgent(ctx().app);
    await signUpAndSignIn(agent, { phone: '+1 (415) 555-0101', password: PASSWORD });
    const sms = await latestMessage(ctx().services, '+14155550101', 'sms');
    const verified = await agent.post('/api/auth/phone-number/verify', {
      phoneNumber: '+14155550101',
      code: codeIn(sms.text),
      disableSession: true,
    });
    expect(verified.statusCode).toBe(200);
    const me = await agent.get('/api/account/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ phoneNumber: '+14155550101', phoneNumberVerified: true });
  });

  it('refuses a wrong code and leaves the number unverified', async () => {
    const agent = new TestAgent(ctx().app);
    await signUpAndSignIn(agent, { phone: '415-555-0102', password: PASSWORD });
    const sms = await latestMessage(ctx().services, '+14155550102', 'sms');
    const wrong = codeIn(sms.text) === '000000' ? '111111' : '000000';
    const refused = await agent.post('/api/auth/phone-number/verify', {
      phoneNumber: '+14155550102',
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect((await agent.get('/api/account/me')).json().phoneNumberVerified).toBe(false);
  });

  it('gives up on a code after 5 wrong tries', async () => {
    const agent = new TestAgent(ctx().app);
    await signUpAndSignIn(agent, { phone: '415-555-0103', password: PASSWORD });
    const code = codeIn((await latestMessage(ctx().services, '+14155550103', 'sms')).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await agent.post('/api/auth/phone-number/verify', { phoneNumber: '+14155550103', code: wrong });
    }
    const late = await agent.post('/api/auth/phone-number/verify', { phoneNumber: '+14155550103', code });
    expect(late.statusCode).toBe(403);
    expect((await agent.get('/api/account/me')).json().phoneNumberVerified).toBe(false);
  });

  it('texts codes that last 10 minutes, and refuses one that has expired', async () => {
    const agent = new TestAgent(ctx().app);
    await signUpAndSignIn(agent, { phone: '415-555-0105', password: PASSWORD });
    const { db } = ctx().services;
    const code = codeIn((await latestMessage(ctx().services, '+14155550105', 'sms')).text);
    const pending = await db
      .selectFrom('verification')
      .select(['createdAt', 'expiresAt'])
      .where('identifier', '=', 'phone-number-otp-+14155550105')
      .executeTakeFirstOrThrow();
    // better-auth stamps both when it stores the code: its lifetime, give or take that moment.
    const lifetime = (new Date(pending.expiresAt).getTime() - new Date(pending.createdAt).getTime()) / 1000;
    expect(Math.abs(lifetime - AUTH_LIFETIMES.oneTimeCodeSeconds)).toBeLessThan(5);

    // Eleven minutes later, instead of waiting.
    await sql`update "verification" set "expiresAt" = ${new Date(Date.now() - 60_000)}`.execute(db);
    const late = await agent.post('/api/auth/phone-number/verify', { phoneNumber: '+14155550105', code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('OTP_EXPIRED');
    const signIn = await signInWithCode(ctx().services, { phone: '+14155550105', code }, new Headers());
    expect(signIn.ok).toBe(false);
    if (!signIn.ok) {
      expect(signIn.failure.message).toBe(
        'That code has expired or was used too many times. Ask for a new one.',
      );
    }
    expect((await agent.get('/api/account/me')).json().phoneNumberVerified).toBe(false);
  });

  it('resends a phone code at most once a minute, and the new code verifies', async () => {
    const agent = new TestAgent(ctx().app);
    await signUpAndSignIn(agent, { phone: '415-555-0104', password: PASSWORD });
    const services = ctx().services;
    const headers = new Headers({ cookie: agent.cookieHeader() });
    const tooSoon = await sendPhoneVerificationCode(services, '+14155550104', headers);
    expect(tooSoon.ok).toBe(false);
    if (!tooSoon.ok) expect(tooSoon.failure).toMatchObject({ status: 429, code: 'rate_limited' });

    // Age the pending code by two minutes instead of waiting.
    await sql`update "verification" set "expiresAt" = ${new Date(Date.now() + 8 * 60_000)}`.execute(
      services.db,
    );
    expect((await sendPhoneVerificationCode(services, '+14155550104', headers)).ok).toBe(true);
    const code = codeIn((await latestMessage(services, '+14155550104', 'sms')).text);
    const confirmed = await confirmPhoneNumber(services, { phoneNumber: '+14155550104', code }, headers);
    expect(confirmed.ok).toBe(true);
    expect((await agent.get('/api/account/me')).json().phoneNumberVerified).toBe(true);
  });
});
