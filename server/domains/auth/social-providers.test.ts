import { expect, it } from 'vitest';
import { describeWithApp } from '../../test/harness.ts';
import { TestAgent } from '../../test/http-client.ts';
import { registerByEmail } from './auth-test-support.ts';

/**
 * Google and Apple cannot be reached from tests: what is checked is what Privy sends them (the
 * authorization request with PKCE and state, to the right callback) and that they are offered.
 * The whole round trip is tested against a local OpenID Connect provider (identities.test.ts).
 */
describeWithApp(
  'Google and Apple sign-in, when configured',
  (ctx) => {
    it('sends the browser to Google with PKCE, state and the registered callback', async () => {
      const agent = new TestAgent(ctx().app);
      const started = await agent.post('/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/login/continue',
        disableRedirect: true,
      });
      expect(started.statusCode, started.body).toBe(200);
      const url = new URL(started.json().url);
      expect(url.origin).toBe('https://accounts.google.com');
      expect(url.searchParams.get('client_id')).toBe('google-client.apps.googleusercontent.com');
      expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('state')).toBeTruthy();
      expect(url.searchParams.get('scope')).toContain('email');
    });

    it('offers both to link, and refuses an unconfigured provider', async () => {
      const agent = new TestAgent(ctx().app);
      await registerByEmail(agent, 'linker@example.com');
      const list = (await agent.get('/api/account/identities')).json();
      expect(list.linkable).toEqual([
        { id: 'google', name: 'Google' },
        { id: 'apple', name: 'Apple' },
      ]);
      const oidc = await agent.post('/api/account/identities/authorize', { provider: 'oidc' });
      expect(oidc.statusCode).toBe(400);
      const google = await agent.post('/api/account/identities/authorize', { provider: 'google' });
      expect(google.statusCode, google.body).toBe(200);
      expect(new URL(google.json().url).origin).toBe('https://accounts.google.com');
    });

    it("takes Apple's answer posted from its own origin, and turns it into a same-site GET", async () => {
      const answer = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/callback/apple',
        headers: { origin: 'https://appleid.apple.com', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'code=apple-code&state=some-state',
      });
      expect(answer.statusCode).toBe(302);
      const next = new URL(String(answer.headers.location));
      expect(next.pathname).toBe('/api/auth/callback/apple');
      expect(next.searchParams.get('code')).toBe('apple-code');
      // Any other cross-site post is still refused.
      const other = await ctx().app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin: 'https://appleid.apple.com', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(other.statusCode).toBe(403);
    });

    it('lets a form post to a provider on pages (form-action), and nowhere else', async () => {
      const page = await ctx().app.inject({ method: 'GET', url: '/api/account/identities' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toMatch(/form-action 'self' https:\/\/accounts\.google\.com https:\/\/appleid\.apple\.com/);
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
