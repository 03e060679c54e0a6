import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import {
  codeIn,
  countMessages,
  enrolTotp,
  latestMessage,
  PASSWORD,
  registerByEmail,
} from './auth-test-support.ts';
import { requestSignInCode, signInWithCode } from './sign-in-codes.ts';

describeWithApp('sign in with a one-time code', (ctx) => {
  it('emails a 6-digit code that signs in once', async () => {
    await registerByEmail(new TestAgent(ctx().app), 'coder@example.com');
    const agent = new TestAgent(ctx().app);
    const sent = await agent.post('/api/auth/email-otp/send-verification-otp', {
      email: 'coder@example.com',
      type: 'sign-in',
    });
    expect(sent.statusCode).toBe(200);
    const email = await latestMessage(ctx().services, 'coder@example.com');
    expect(email.subject).toMatch(/^Your Privy code: \d{6}$/);
    const code = codeIn(email.text);

    const wrong = await agent.post('/api/auth/sign-in/email-otp', {
      email: 'coder@example.com',
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);

    const signedIn = await agent.post('/api/auth/sign-in/email-otp', {
      email: 'coder@example.com',
      otp: code,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).json().email).toBe('coder@example.com');

    const replay = await new TestAgent(ctx().app).post('/api/auth/sign-in/email-otp', {
      email: 'coder@example.com',
      otp: code,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('says nothing about unknown emails and sends them nothing', async () => {
    const agent = new TestAgent(ctx().app);
    const sent = await agent.post('/api/auth/email-otp/send-verification-otp', {
      email: 'stranger@example.com',
      type: 'sign-in',
    });
    expect(sent.statusCode).toBe(200);
    expect(await countMessages(ctx().services, 'stranger@example.com')).toBe(0);
  });

  it('does not text codes to numbers without an account', async () => {
    const sent = await new TestAgent(ctx().app).post('/api/auth/phone-number/send-otp', {
      phoneNumber: '+14155550177',
    });
    expect(sent.statusCode).toBe(200);
    expect(await countMessages(ctx().services, '+14155550177')).toBe(0);
  });

  it('signs a phone account in with a texted code', async () => {
    await new TestAgent(ctx().app).post('/api/account/register', {
      phone: '415-555-0178',
      password: PASSWORD,
    });
    const services = ctx().services;
    const before = await countMessages(services, '+14155550178');
    // The registration code is still fresh, so a request inside the minute sends nothing new...
    await requestSignInCode(services, { phone: '+14155550178' }, new Headers());
    expect(await countMessages(services, '+14155550178')).toBe(before);
    // ...and the code already texted signs in.
    const code = codeIn((await latestMessage(services, '+14155550178', 'sms')).text);
    const outcome = await signInWithCode(services, { phone: '+14155550178', code }, new Headers());
    expect(outcome.ok).toBe(true);
    if (outcome.ok) {
      expect(outcome.data.twoFactorRequired).toBe(false);
      expect(outcome.cookies.join(';')).toMatch(/privy\.session_token=/);
    }
  });

  it('still asks for the authenticator code when the account has one', async () => {
    const owner = new TestAgent(ctx().app);
    await registerByEmail(owner, 'guarded@example.com');
    await enrolTotp(owner);

    const agent = new TestAgent(ctx().app);
    await agent.post('/api/auth/email-otp/send-verification-otp', {
      email: 'guarded@example.com',
      type: 'sign-in',
    });
    const code = codeIn((await latestMessage(ctx().services, 'guarded@example.com')).text);
    const response = await agent.post('/api/auth/sign-in/email-otp', {
      email: 'guarded@example.com',
      otp: code,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
  });
});
