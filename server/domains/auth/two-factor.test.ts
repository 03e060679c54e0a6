import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { enrolTotp, PASSWORD, registerByEmail, totpCode } from './auth-test-support.ts';

describeWithApp('TOTP second factor', (ctx) => {
  it('enrols only once a code from the app is confirmed', async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'totp@example.com');

    const wrongPassword = await agent.post('/api/auth/two-factor/enable', { password: 'not my password' });
    expect(wrongPassword.statusCode).toBe(400);

    const enabled = await agent.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.statusCode).toBe(200);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Privy:/);
    expect(backupCodes).toHaveLength(10);
    expect((await agent.get('/api/account/me')).json().twoFactorEnabled).toBe(false);

    const wrong = await agent.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await agent.get('/api/account/me')).json().twoFactorEnabled).toBe(false);

    const confirmed = await agent.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) });
    expect(confirmed.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).json().twoFactorEnabled).toBe(true);
  });

  it('challenges the next password sign-in and accepts the app code', async () => {
    const owner = new TestAgent(ctx().app);
    await registerByEmail(owner, 'challenge@example.com');
    const { totpURI } = await enrolTotp(owner);

    const agent = new TestAgent(ctx().app);
    const first = await agent.post('/api/account/sign-in', {
      email: 'challenge@example.com',
      password: PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);

    const wrong = await agent.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect((await agent.get('/api/account/me')).statusCode).toBe(401);

    const second = await agent.post('/api/auth/two-factor/verify-totp', { code: await totpCode(totpURI) });
    expect(second.statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).json().email).toBe('challenge@example.com');
  });

  it('accepts each backup code once', async () => {
    const owner = new TestAgent(ctx().app);
    await registerByEmail(owner, 'backup@example.com');
    const { backupCodes } = await enrolTotp(owner);
    const code = backupCodes[0] as string;

    const agent = new TestAgent(ctx().app);
    await agent.post('/api/account/sign-in', { email: 'backup@example.com', password: PASSWORD });
    expect((await agent.post('/api/auth/two-factor/verify-backup-code', { code })).statusCode).toBe(200);
    expect((await agent.get('/api/account/me')).statusCode).toBe(200);

    const again = new TestAgent(ctx().app);
    await again.post('/api/account/sign-in', { email: 'backup@example.com', password: PASSWORD });
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code })).statusCode).toBe(401);
    expect((await again.get('/api/account/me')).statusCode).toBe(401);
  });

  it('refuses the second step without a password step first', async () => {
    const agent = new TestAgent(ctx().app);
    const response = await agent.post('/api/auth/two-factor/verify-totp', { code: '123456' });
    expect(response.statusCode).toBe(401);
  });

  it('turns off with the password, and sign-in is one step again', async () => {
    const owner = new TestAgent(ctx().app);
    await registerByEmail(owner, 'off@example.com');
    await enrolTotp(owner);
    expect(
      (await owner.post('/api/auth/two-factor/disable', { password: 'wrong password here' })).statusCode,
    ).toBe(400);
    expect((await owner.post('/api/auth/two-factor/disable', { password: PASSWORD })).statusCode).toBe(200);
    expect((await owner.get('/api/account/me')).json().twoFactorEnabled).toBe(false);

    const agent = new TestAgent(ctx().app);
    const signIn = await agent.post('/api/account/sign-in', { email: 'off@example.com', password: PASSWORD });
    expect(signIn.json()).toMatchObject({ twoFactorRequired: false });
    expect((await agent.get('/api/account/me')).statusCode).toBe(200);
  });
});
