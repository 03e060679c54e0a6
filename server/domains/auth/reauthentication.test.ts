import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { ageSessions, enrolTotp, PASSWORD, registerByEmail, totpCode } from './auth-test-support.ts';
import { updateProfile } from './repository.ts';

describeWithApp(
  'confirm it is you: sensitive changes need a proof from the last 10 minutes',
  (ctx) => {
    /** A Google identity as a linked sign-in method, without going to Google. */
    async function linkedGoogle(userId: string) {
      const id = `acct-${userId}`;
      await ctx()
        .services.db.insertInto('account')
        .values({
          id,
          accountId: `google-${userId}`,
          providerId: 'google',
          userId,
          password: null,
          idToken: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .execute();
      return id;
    }

    it('counts a fresh sign-in, then asks for the password once 10 minutes have passed', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'kim@example.com');
      expect((await agent.get('/api/account/reauthenticate')).json()).toMatchObject({
        fresh: true,
        method: 'password',
      });
      const identity = await linkedGoogle(userId);
      await ageSessions(ctx().services, userId);
      expect((await agent.get('/api/account/reauthenticate')).json().fresh).toBe(false);

      const refused = await agent.request('DELETE', `/api/account/identities/${identity}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'reauthentication_needed' });
      const linkRefused = await agent.post('/api/account/identities/authorize', { provider: 'apple' });
      expect(linkRefused.json()).toMatchObject({ error: 'reauthentication_needed' });
      // better-auth's own endpoints are held to the same rule.
      const direct = await agent.post('/api/auth/unlink-account', { accountId: identity });
      expect(direct.statusCode).toBe(403);
      expect(direct.json()).toMatchObject({ code: 'REAUTHENTICATION_NEEDED' });

      const wrong = await agent.post('/api/account/reauthenticate', { password: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual([{ field: 'password', message: "That password isn't right." }]);
      const proved = await agent.post('/api/account/reauthenticate', { password: PASSWORD });
      expect(proved.statusCode, proved.body).toBe(200);
      expect(proved.json()).toMatchObject({ fresh: true, method: 'password' });
      expect((await agent.request('DELETE', `/api/account/identities/${identity}`)).statusCode).toBe(200);
    });

    it('asks before a signed-in account moves to another phone number', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'sam@example.com');
      await ageSessions(ctx().services, userId);
      const moved = await agent.post('/api/auth/phone-number/verify', {
        phoneNumber: '+12065550199',
        code: '123456',
        updatePhoneNumber: true,
      });
      expect(moved.statusCode).toBe(403);
      expect(moved.json()).toMatchObject({ code: 'REAUTHENTICATION_NEEDED' });
    });

    it('takes the current password as the proof for a password change, unless there is a second factor', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'lee@example.com');
      await ageSessions(ctx().services, userId);
      const changed = await agent.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'a different long password',
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });

    it('asks an account with a second factor for its code (aal2), not the password', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'mo@example.com');
      const { totpURI } = await enrolTotp(agent);
      await ageSessions(ctx().services, userId);
      const refused = await agent.post('/api/auth/two-factor/disable', { password: PASSWORD });
      expect(refused.statusCode).toBe(403);
      const change = await agent.post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'a different long password',
      });
      expect(change.json()).toMatchObject({ code: 'REAUTHENTICATION_NEEDED' });

      expect((await agent.get('/api/account/reauthenticate')).json().method).toBe('totp');
      const byPassword = await agent.post('/api/account/reauthenticate', { password: PASSWORD });
      expect(byPassword.statusCode).toBe(400);
      expect(JSON.stringify(byPassword.json())).toContain('code');
      const wrongCode = await agent.post('/api/account/reauthenticate', { code: '000000' });
      expect(wrongCode.statusCode).toBe(400);
      const proved = await agent.post('/api/account/reauthenticate', { code: await totpCode(totpURI) });
      expect(proved.statusCode, proved.body).toBe(200);
      expect((await agent.post('/api/auth/two-factor/disable', { password: PASSWORD })).statusCode).toBe(200);
    });

    it('stops guessing after five wrong tries, even with the right password next', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'nia@example.com');
      await ageSessions(ctx().services, userId);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect(
          (await agent.post('/api/account/reauthenticate', { password: `guess ${attempt}` })).statusCode,
        ).toBe(400);
      }
      const locked = await agent.post('/api/account/reauthenticate', { password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect((await agent.get('/api/account/reauthenticate')).json().fresh).toBe(false);
    });

    it('asks an account without a password to sign in again', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'oz@example.com');
      await linkedGoogle(userId);
      await ctx()
        .services.db.deleteFrom('account')
        .where('userId', '=', userId)
        .where('providerId', '=', 'credential')
        .execute();
      expect((await agent.get('/api/account/reauthenticate')).json()).toMatchObject({
        method: 'sign-in-again',
      });
      await ageSessions(ctx().services, userId);
      const refused = await agent.post('/api/account/reauthenticate', { password: PASSWORD });
      expect(refused.statusCode).toBe(400);
    });

    it('asks before a linked payout account is replaced, not before the first is linked', async () => {
      const agent = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(agent, 'pat@example.com');
      await updateProfile(ctx().services.db, userId, { is_provider: true });
      await ageSessions(ctx().services, userId);
      const first = await agent.post('/api/payments/connect', {});
      expect(first.statusCode, first.body).toBe(200);
      await updateProfile(ctx().services.db, userId, { is_stripe_connected: true });
      const replace = await agent.post('/api/payments/connect', {});
      expect(replace.statusCode).toBe(403);
      expect(replace.json()).toMatchObject({ error: 'reauthentication_needed' });
    });

    it('answers only the signed-in owner, and refuses bad input naming the field', async () => {
      const anonymous = new TestAgent(ctx().app);
      expect((await anonymous.get('/api/account/reauthenticate')).statusCode).toBe(401);
      expect((await anonymous.post('/api/account/reauthenticate', { password: PASSWORD })).statusCode).toBe(
        401,
      );

      const disabled = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(disabled, 'quin@example.com');
      await updateProfile(ctx().services.db, userId, { is_deleted: true });
      expect((await disabled.post('/api/account/reauthenticate', { password: PASSWORD })).statusCode).toBe(
        403,
      );

      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, 'ray@example.com');
      const both = await agent.post('/api/account/reauthenticate', { password: PASSWORD, code: '123456' });
      expect(both.statusCode).toBe(400);
      const neither = await agent.post('/api/account/reauthenticate', {});
      expect(neither.statusCode).toBe(400);
      expect(JSON.stringify(neither.json())).toContain('password');
      const nul = await agent.post('/api/account/reauthenticate', { password: 'abc\u0000def' });
      expect(nul.statusCode).toBe(400);
      const crossSite = await agent.post(
        '/api/account/reauthenticate',
        { password: PASSWORD },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.statusCode).toBe(403);
    });
  },
  {
    config: {
      signInProviders: {
        google: { clientId: 'google-client.apps.googleusercontent.com', clientSecret: 'google-secret' },
        apple: { clientId: 'com.example.privy.web', clientSecret: 'apple-client-secret-jwt' },
        oidc: null,
      },
    },
  },
);
