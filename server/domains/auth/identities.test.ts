import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import {
  OIDC_TEST_CLIENT,
  type OidcTestProvider,
  pickOidcPort,
  startOidcTestProvider,
  walkProviderSignIn,
} from '../../test/oidc-test-provider.ts';
import { enrolTotp, PASSWORD, pathOf, registerByEmail, totpCode } from './auth-test-support.ts';
import { findProfile, updateProfile } from './repository.ts';

const port = pickOidcPort();
let provider: OidcTestProvider | undefined;
beforeAll(async () => {
  provider = await startOidcTestProvider('http://localhost:3000', port);
});
afterAll(async () => {
  await provider?.close();
});

const oidc = { issuer: `http://localhost:${port}`, ...OIDC_TEST_CLIENT, name: 'Acme SSO' };

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;
const hasSession = (agent: TestAgent) => agent.cookieHeader().includes('privy.session_token=');

describeWithApp(
  'sign-in with an OpenID Connect provider, and linked identities',
  (ctx) => {
    /** "Continue with Acme SSO" to the provider and back; answers Privy's reply to the callback. */
    async function continueWithProvider(agent: TestAgent, login: string) {
      const started = await agent.post('/api/auth/sign-in/social', {
        provider: 'oidc',
        callbackURL: '/login/continue',
        errorCallbackURL: '/login?provider=oidc',
        disableRedirect: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      const authorize = new URL(started.json().url);
      // PKCE, state and nonce go with every request to the provider.
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('nonce')).toBeTruthy();
      const callback = await walkProviderSignIn(authorize.href, login);
      return { callback, answer: await agent.get(pathOf(callback)) };
    }

    async function linkProvider(agent: TestAgent, login: string) {
      const started = await agent.post('/api/account/identities/authorize', { provider: 'oidc' });
      expect(started.statusCode, started.body).toBe(200);
      const callback = await walkProviderSignIn(started.json().url, login);
      return agent.get(pathOf(callback));
    }

    async function identities(agent: TestAgent) {
      const response = await agent.get('/api/account/identities');
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { identities: { id: string; provider: string; email: string | null }[] };
    }

    it('creates the account on a first sign-in, taking the email as verified when the provider says so', async () => {
      const agent = new TestAgent(ctx().app);
      const email = unique('ada');
      const { answer } = await continueWithProvider(agent, email);
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe('/login/continue');
      const session = (await agent.get('/api/auth/get-session')).json();
      expect(session.user).toMatchObject({ email, emailVerified: true, name: 'Ada Lovelace' });
      expect(await findProfile(ctx().services.db, session.user.id)).toMatchObject({
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      const list = await identities(agent);
      expect(list.identities).toEqual([
        expect.objectContaining({ provider: 'oidc', email, removable: false }),
      ]);
    });

    it('keeps the email unverified when the provider does not vouch for it', async () => {
      const agent = new TestAgent(ctx().app);
      const email = unique('unverified-bob');
      await continueWithProvider(agent, email);
      const session = (await agent.get('/api/auth/get-session')).json();
      expect(session.user).toMatchObject({ email, emailVerified: false });
    });

    it('never joins an existing account by email: the owner signs in and links it', async () => {
      const email = unique('owner');
      const owner = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(owner, email);
      await ctx()
        .services.db.updateTable('user')
        .set({ emailVerified: true })
        .where('id', '=', userId)
        .execute();

      const stranger = new TestAgent(ctx().app);
      const { answer } = await continueWithProvider(stranger, email);
      expect(answer.headers.location).toBe('/login?provider=oidc&error=account_not_linked');
      expect(hasSession(stranger)).toBe(false);
      expect((await identities(owner)).identities.map((each) => each.provider)).toEqual(['password']);

      const linked = await linkProvider(owner, email);
      expect(linked.headers.location).toBe('/profile/security?provider=oidc');
      const after = await identities(owner);
      expect(after.identities.map((each) => each.provider)).toEqual(['password', 'oidc']);
      expect(after.identities[1]).toMatchObject({ email, removable: true });

      const later = new TestAgent(ctx().app);
      await continueWithProvider(later, email);
      expect((await later.get('/api/auth/get-session')).json().user.id).toBe(userId);
    });

    it('links an identity with another email to a phone account, once', async () => {
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, unique('carol'));
      const elsewhere = unique('carol-at-work');
      await linkProvider(agent, elsewhere);
      expect((await identities(agent)).identities[1]).toMatchObject({ provider: 'oidc', email: elsewhere });
      const again = await agent.post('/api/account/identities/authorize', { provider: 'oidc' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'identity_already_exists' });
    });

    it("refuses to link an identity that signs in to someone else's account", async () => {
      const taken = unique('taken');
      await continueWithProvider(new TestAgent(ctx().app), taken);
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, unique('dave'));
      const answer = await linkProvider(agent, taken);
      expect(answer.headers.location).toMatch(/^\/profile\/security\?provider=oidc&error=\w+/);
      expect((await identities(agent)).identities.map((each) => each.provider)).toEqual(['password']);
    });

    it('unlinks an identity, and never the last way to sign in', async () => {
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, unique('erin'));
      await linkProvider(agent, unique('erin-sso'));
      const oidcId = (await identities(agent)).identities[1]?.id ?? '';
      const unlinked = await agent.request('DELETE', `/api/account/identities/${oidcId}`);
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect((await identities(agent)).identities.map((each) => each.provider)).toEqual(['password']);
      const again = await agent.request('DELETE', `/api/account/identities/${oidcId}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ error: 'identity_not_found' });

      const ssoOnly = new TestAgent(ctx().app);
      await continueWithProvider(ssoOnly, unique('frank'));
      const only = (await identities(ssoOnly)).identities[0]?.id ?? '';
      const refused = await ssoOnly.request('DELETE', `/api/account/identities/${only}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ error: 'single_identity_not_deletable' });
      expect(hasSession(ssoOnly)).toBe(true);
    });

    it('lets only the owner list, link or unlink: anonymous, others, hosts, admins and disabled accounts are refused', async () => {
      const owner = new TestAgent(ctx().app);
      await registerByEmail(owner, unique('gina'));
      await linkProvider(owner, unique('gina-sso'));
      const target = (await identities(owner)).identities[1]?.id ?? '';

      const anonymous = new TestAgent(ctx().app);
      expect((await anonymous.get('/api/account/identities')).statusCode).toBe(401);
      expect(
        (await anonymous.post('/api/account/identities/authorize', { provider: 'oidc' })).statusCode,
      ).toBe(401);
      expect((await anonymous.request('DELETE', `/api/account/identities/${target}`)).statusCode).toBe(401);

      for (const role of ['guest', 'host', 'admin'] as const) {
        const other = new TestAgent(ctx().app);
        const { userId } = await registerByEmail(other, unique(role));
        if (role !== 'guest') {
          await updateProfile(
            ctx().services.db,
            userId,
            role === 'host' ? { is_provider: true } : { is_admin: true },
          );
        }
        const attempt = await other.request('DELETE', `/api/account/identities/${target}`);
        expect(attempt.statusCode, role).toBe(404);
        expect(attempt.json()).toMatchObject({ error: 'identity_not_found' });
        expect((await identities(other)).identities.map((each) => each.provider)).toEqual(['password']);
      }
      expect((await identities(owner)).identities).toHaveLength(2);

      const disabled = new TestAgent(ctx().app);
      const { userId } = await registerByEmail(disabled, unique('gone'));
      await updateProfile(ctx().services.db, userId, { is_deleted: true });
      expect((await disabled.get('/api/account/identities')).statusCode).toBe(403);
      expect(
        (await disabled.post('/api/account/identities/authorize', { provider: 'oidc' })).statusCode,
      ).toBe(403);
    });

    it('refuses bad input with the field named, and cross-site writes', async () => {
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, unique('hal'));
      const unknown = await agent.post('/api/account/identities/authorize', { provider: 'myspace' });
      expect(unknown.statusCode).toBe(400);
      expect(JSON.stringify(unknown.json())).toContain('provider');
      const notConfigured = await agent.post('/api/account/identities/authorize', { provider: 'google' });
      expect(notConfigured.statusCode).toBe(400);
      expect(notConfigured.json()).toMatchObject({ error: 'validation_error' });
      const nul = await agent.request('DELETE', '/api/account/identities/abc%00def');
      expect(nul.statusCode).toBe(400);
      const crossSite = await agent.post(
        '/api/account/identities/authorize',
        { provider: 'oidc' },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.statusCode).toBe(403);
    });

    it('signs nobody in from a forged state or a replayed code', async () => {
      const forged = new TestAgent(ctx().app);
      const answer = await forged.get('/api/auth/callback/oidc?code=abc&state=forged-state');
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toMatch(/error=/);
      expect(hasSession(forged)).toBe(false);

      const first = new TestAgent(ctx().app);
      const { callback } = await continueWithProvider(first, unique('ivy'));
      expect(hasSession(first)).toBe(true);
      const replay = new TestAgent(ctx().app);
      const replayed = await replay.get(pathOf(callback));
      expect(replayed.headers.location).toMatch(/error=/);
      expect(hasSession(replay)).toBe(false);
    });

    it('asks for the second factor when the account has one', async () => {
      const email = unique('jo');
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, email);
      await linkProvider(agent, email);
      const { totpURI } = await enrolTotp(agent, PASSWORD);

      const elsewhere = new TestAgent(ctx().app);
      const { answer } = await continueWithProvider(elsewhere, email);
      expect(answer.headers.location).toBe('/login/two-factor');
      expect(hasSession(elsewhere)).toBe(false);
      expect(elsewhere.cookieHeader()).toContain('privy.two_factor=');
      const verified = await elsewhere.post('/api/auth/two-factor/verify-totp', {
        code: await totpCode(totpURI),
      });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await elsewhere.get('/api/auth/get-session')).json().user.email).toBe(email);
    });
  },
  { config: { signInProviders: { google: null, apple: null, oidc } } },
);
