import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import {
  codeIn,
  countMessages,
  latestMessage,
  linkIn,
  PASSWORD,
  pathOf,
  registerByEmail,
} from './auth-test-support.ts';
import { requestPasswordReset, resetPasswordWithPhoneCode } from './password-reset.ts';

const NEW_PASSWORD = 'brand new garden path';

describeWithApp('forgot and reset password', (ctx) => {
  it('emails a link that leads to /reset-password, sets the new password and signs out everywhere', async () => {
    const laptop = new TestAgent(ctx().app);
    await registerByEmail(laptop, 'forgetful@example.com');
    const phone = new TestAgent(ctx().app);
    expect(
      (await phone.post('/api/account/sign-in', { email: 'forgetful@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(200);

    const asked = await new TestAgent(ctx().app).post('/api/auth/request-password-reset', {
      email: 'forgetful@example.com',
      redirectTo: '/reset-password',
    });
    expect(asked.statusCode).toBe(200);
    const email = await latestMessage(ctx().services, 'forgetful@example.com');
    expect(email.subject).toBe('Reset your Privy password');

    const browser = new TestAgent(ctx().app);
    const landing = await browser.get(pathOf(linkIn(email.text)));
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token') as string;
    expect(token).toBeTruthy();

    const weak = await browser.post('/api/auth/reset-password', { token, newPassword: 'qwertyuiop' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/commonly used/);

    const reset = await browser.post('/api/auth/reset-password', { token, newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect((await laptop.get('/api/account/me')).statusCode).toBe(401);
    expect((await phone.get('/api/account/me')).statusCode).toBe(401);

    const reused = await browser.post('/api/auth/reset-password', {
      token,
      newPassword: 'another fine password',
    });
    expect(reused.statusCode).toBe(400);

    const old = await browser.post('/api/account/sign-in', {
      email: 'forgetful@example.com',
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await browser.post('/api/account/sign-in', {
      email: 'forgetful@example.com',
      password: NEW_PASSWORD,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    await requestPasswordReset(ctx().services, { email: 'nobody@example.com' }, new Headers());
    expect(await countMessages(ctx().services, 'nobody@example.com')).toBe(0);
  });

  it('resets a phone account with a texted code', async () => {
    const agent = new TestAgent(ctx().app);
    await agent.post('/api/account/register', { phone: '(206) 555-0144', password: PASSWORD });
    const services = ctx().services;
    await requestPasswordReset(services, { phone: '+12065550144' }, new Headers());
    const sms = await latestMessage(services, '+12065550144', 'sms');
    expect(sms.text).toMatch(/password reset code/);

    const wrong = await resetPasswordWithPhoneCode(
      services,
      {
        phone: '+12065550144',
        code: codeIn(sms.text) === '000000' ? '111111' : '000000',
        password: NEW_PASSWORD,
      },
      new Headers(),
    );
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.failure.fields?.[0]?.field).toBe('code');

    const done = await resetPasswordWithPhoneCode(
      services,
      { phone: '+12065550144', code: codeIn(sms.text), password: NEW_PASSWORD },
      new Headers(),
    );
    expect(done.ok).toBe(true);
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);
    const signIn = await agent.post('/api/account/sign-in', {
      phone: '206-555-0144',
      password: NEW_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });
});
