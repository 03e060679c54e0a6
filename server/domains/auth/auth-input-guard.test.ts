import { describe, expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { findUnsafeAuthInput } from './auth-input-guard.ts';
import { PASSWORD, registerByEmail } from './auth-test-support.ts';

describe('findUnsafeAuthInput', () => {
  it('lets ordinary input through', () => {
    expect(
      findUnsafeAuthInput({
        body: {
          email: 'zoë@example.com',
          password: 'quiet harbour lantern',
          name: 'Zoë 😀',
          callbackURL: '/dashboard',
        },
        query: { token: 'abc.def' },
      }),
    ).toBeNull();
    expect(findUnsafeAuthInput({ body: undefined, query: {} })).toBeNull();
  });

  it('names the field holding a NUL, a control character or a lone surrogate, nested too', () => {
    expect(findUnsafeAuthInput({ body: { email: 'a\u0000b@example.com' } })).toEqual({
      code: 'INVALID_CHARACTERS',
      message: 'email: This text holds a control character (U+0000). Please remove it.',
    });
    expect(findUnsafeAuthInput({ body: { data: { name: 'x\ud800' } } })?.message).toMatch(
      /^data\.name: .*broken/,
    );
    expect(findUnsafeAuthInput({ query: { token: '\u001b' } })?.message).toMatch(/^token: /);
    expect(findUnsafeAuthInput({ params: { token: 'a\u0085' } })?.message).toMatch(/^token: /);
    expect(findUnsafeAuthInput({ body: { 'k\u0000': 1 } })?.message).toBe(
      'k\u0000: This text holds a control character (U+0000). Please remove it.',
    );
  });

  it('refuses a body that is not an object, and one nested deeper than any of its inputs', () => {
    for (const body of [null, 'a', 42, []]) {
      expect(findUnsafeAuthInput({ body })?.code, JSON.stringify(body)).toBe('INVALID_BODY');
    }
    let deep: unknown = 'x';
    for (let level = 0; level < 10_000; level++) deep = { deep };
    expect(findUnsafeAuthInput({ body: deep as object })?.code).toBe('INVALID_BODY');
  });

  it('refuses a POST over HTTP without a body, but not an in-process call', () => {
    expect(findUnsafeAuthInput({ method: 'POST', body: undefined })?.code).toBe('INVALID_BODY');
    expect(findUnsafeAuthInput({ method: 'POST', body: {} })).toBeNull();
    expect(findUnsafeAuthInput({ method: 'GET', body: undefined })).toBeNull();
    expect(findUnsafeAuthInput({ body: undefined })).toBeNull();
  });

  it('takes only a path on this site or an http(s) URL where better-auth redirects', () => {
    for (const good of [
      '/dashboard',
      '/login?verified=1',
      'http://localhost:3000/x',
      'https://example.com',
    ]) {
      expect(findUnsafeAuthInput({ query: { callbackURL: good } }), good).toBeNull();
    }
    for (const bad of [
      '9999-12-31T23:59:59Z',
      'dashboard',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(findUnsafeAuthInput({ body: { redirectTo: bad } })?.code, bad).toBe('INVALID_URL');
    }
  });
});

describeWithApp('better-auth endpoints given hostile input', (ctx) => {
  const expectRefused = (
    response: { statusCode: number; body: string; json: () => { message: string } },
    pattern: RegExp,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(pattern);
  };

  it('answer 400 naming the field, before SQL sees a NUL', async () => {
    const agent = new TestAgent(ctx().app);
    expectRefused(
      await agent.post('/api/auth/sign-in/email', { email: 'a\u0000b', password: PASSWORD }),
      /^email: /,
    );
    expectRefused(
      await agent.post('/api/auth/phone-number/send-otp', { phoneNumber: '+1512\u0000' }),
      /^phoneNumber: /,
    );
    expectRefused(
      await agent.post('/api/auth/sign-up/email', {
        email: 'new@example.com',
        password: PASSWORD,
        name: 'N\u0000',
      }),
      /^name: /,
    );
    expectRefused(
      await agent.post('/api/auth/reset-password?token=%00', { newPassword: PASSWORD }),
      /^token: /,
    );
    expectRefused(
      await agent.get('/api/auth/verify-email?token=x&callbackURL=9999-12-31T23%3A59%3A59Z'),
      /^callbackURL: /,
    );
  });

  it('refuse a body that is not an object, signed in', async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'body@example.com');
    expectRefused(
      await agent.post('/api/auth/update-user', '"a"', { 'content-type': 'application/json' }),
      /JSON object/,
    );
    expectRefused(await agent.post('/api/auth/revoke-session', { token: 'a\u0000b' }), /^token: /);
    const bodiless = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: 'http://localhost:3000', cookie: agent.cookieHeader() },
    });
    expectRefused(bodiless, /JSON object/);
  });

  it('still serve good input', async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'fine@example.com');
    const signIn = await new TestAgent(ctx().app).post('/api/auth/sign-in/email', {
      email: 'fine@example.com',
      password: PASSWORD,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});
