import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { PASSWORD, registerByEmail } from '../domains/auth/auth-test-support.ts';
import { addPhoto, createDraft, signUp } from '../domains/properties/property-test-support.ts';
import { makeImage, multipartBody } from '../domains/storage/upload-test-helpers.ts';
import { type AppServices, createServices } from '../services.ts';
import { databaseKinds, describeWithApp, openTestDatabase, testConfig } from '../test/harness.ts';
import { TestAgent } from '../test/http-client.ts';
import { CROSS_SITE_MESSAGE, judgeRequestOrigin } from './cross-site-requests.ts';
import { logoutRouteBuildDir } from './logout-route-build.test-support.ts';

const OWN = 'http://localhost:3000';
const EVIL = 'http://evil.example';
const evil = { origin: EVIL };

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: 'cross_site_request', message: CROSS_SITE_MESSAGE });
}

describe('judging where a request comes from', () => {
  it('takes our own Origin, whatever its case, and refuses any other, null included', () => {
    expect(judgeRequestOrigin({ origin: OWN }, OWN)).toEqual({ allowed: true, by: 'origin' });
    expect(judgeRequestOrigin({ origin: 'HTTP://LOCALHOST:3000' }, OWN).allowed).toBe(true);
    for (const origin of [
      EVIL,
      'null',
      'http://localhost:3001',
      'https://localhost:3000',
      'http://localhost',
    ]) {
      expect(judgeRequestOrigin({ origin, 'sec-fetch-site': 'same-origin' }, OWN).allowed).toBe(false);
    }
  });

  it('without Origin, trusts Sec-Fetch-Site only when it says same-origin or none', () => {
    expect(judgeRequestOrigin({ 'sec-fetch-site': 'same-origin', cookie: 'a=b' }, OWN).allowed).toBe(true);
    expect(judgeRequestOrigin({ 'sec-fetch-site': 'none', cookie: 'a=b' }, OWN).allowed).toBe(true);
    expect(judgeRequestOrigin({ 'sec-fetch-site': 'same-site' }, OWN).allowed).toBe(false);
    expect(judgeRequestOrigin({ 'sec-fetch-site': 'cross-site' }, OWN).allowed).toBe(false);
  });

  it('lets a client that is no browser write only without cookies', () => {
    expect(judgeRequestOrigin({}, OWN)).toEqual({ allowed: true, by: 'no-browser-no-cookie' });
    expect(judgeRequestOrigin({ cookie: 'privy.session_token=x' }, OWN).allowed).toBe(false);
  });
});

describeWithApp('cross-site requests', (ctx) => {
  it('refuses a cross-site JSON PATCH and keeps the profile as it was', async () => {
    const { agent } = await signUp(ctx, 'pat@example.com');
    expectRefused(await agent.request('PATCH', '/api/profile', { first_name: 'Mallory' }, evil));
    expect((await agent.get('/api/profile')).json().first_name).toBe('Pat');
    const own = await agent.request('PATCH', '/api/profile', { first_name: 'Patricia' });
    expect(own.statusCode).toBe(200);
    expect((await agent.get('/api/profile')).json().first_name).toBe('Patricia');
  });

  it('refuses body-less POSTs from another site: publish, unpublish, calendar feed, mark all viewed', async () => {
    const host = await signUp(ctx, 'host@example.com', { provider: true, payouts: true });
    const draft = await createDraft(host);
    const url = `/api/properties/${draft.id}`;
    expect((await addPhoto(ctx, host, draft.id)).statusCode).toBe(200);
    const week = [{ weekday: 1, opens: '09:00', closes: '17:00' }];
    expect((await host.agent.request('PUT', `${url}/opening-hours`, { ranges: week })).statusCode).toBe(200);

    expectRefused(await host.agent.request('POST', `${url}/publish`, undefined, evil));
    expect((await host.agent.get(url)).json().status).toBe('draft');
    expect((await host.agent.request('POST', `${url}/publish`)).json().status).toBe('published');
    expectRefused(await host.agent.request('POST', `${url}/unpublish`, undefined, evil));
    expect((await host.agent.get(url)).json().status).toBe('published');

    const feed = `/api/manage/bathrooms/${draft.id}/ical`;
    expectRefused(await host.agent.request('POST', feed, undefined, evil));
    expect((await host.agent.get(feed)).json()).toMatchObject({ active: false });
    expect((await host.agent.request('POST', feed)).statusCode).toBe(200);

    expectRefused(await host.agent.request('POST', '/api/notifications/mark-all-viewed', undefined, evil));
    expect((await host.agent.request('POST', '/api/notifications/mark-all-viewed')).statusCode).toBe(200);
  });

  it('refuses a cross-site multipart upload before reading it', async () => {
    const { agent } = await signUp(ctx, 'pic@example.com');
    const { body, contentType } = multipartBody(await makeImage('png'));
    const upload = (origin: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        headers: { 'content-type': contentType, cookie: agent.cookieHeader(), origin },
        payload: body,
      });
    expectRefused(await upload(EVIL));
    expect((await agent.get('/api/profile')).json().profile_picture_url).toBeNull();
    expect((await upload(OWN)).statusCode).toBe(200);
  });

  it("refuses a cross-site POST to better-auth's own endpoints", async () => {
    const agent = new TestAgent(ctx().app);
    await registerByEmail(agent, 'ba@example.com');
    expectRefused(await agent.post('/api/auth/update-user', { name: 'Mallory' }, evil));
    expectRefused(await agent.post('/api/auth/sign-out', {}, evil));
    expect((await agent.get('/api/account/me')).statusCode).toBe(200);
    // A sign-in form on another site cannot sign a visitor into an account of the attacker's.
    expectRefused(
      await new TestAgent(ctx().app).post(
        '/api/auth/sign-in/email',
        { email: 'ba@example.com', password: PASSWORD },
        evil,
      ),
    );
  });

  it('refuses a session cookie without Origin or Sec-Fetch-Site, and takes the same request without cookies', async () => {
    const { agent } = await signUp(ctx, 'curl@example.com');
    const bare = (headers: Record<string, string>) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/notifications/mark-all-viewed',
        headers,
      });
    expectRefused(await bare({ cookie: agent.cookieHeader() }));
    expect((await bare({ cookie: agent.cookieHeader(), 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
      200,
    );
    expectRefused(await bare({ cookie: agent.cookieHeader(), 'sec-fetch-site': 'cross-site' }));
    // Without a cookie the request reaches the route, which then asks who is calling.
    expect((await bare({})).json()).toMatchObject({ error: 'unauthenticated' });
  });

  it('leaves reads alone, whatever their origin', async () => {
    const { agent } = await signUp(ctx, 'reader@example.com');
    expect((await agent.get('/api/profile', evil)).statusCode).toBe(200);
    expect((await agent.get('/api/profile', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    const head = await ctx().app.inject({ method: 'HEAD', url: '/healthz', headers: evil });
    expect(head.statusCode).toBe(200);
  });

  it('upgrades the realtime WebSocket for our own pages only', async () => {
    const { agent } = await signUp(ctx, 'socket@example.com');
    const open = (headers: Record<string, string>) =>
      ctx().app.injectWS('/api/realtime', { headers: { cookie: agent.cookieHeader(), ...headers } });
    await expect(open({ origin: EVIL })).rejects.toThrow(/Unexpected server response: 403/);
    await expect(open({})).rejects.toThrow(/Unexpected server response: 403/);
    const socket = await open({ origin: OWN });
    socket.terminate();
  });
});

/** The page bridge needs a React Router build; this one holds only the real /logout route. */
for (const kind of databaseKinds()) {
  describe(`the /logout form through React Router [${kind}]`, () => {
    let app: FastifyInstance;
    let services: AppServices;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const database = await openTestDatabase(kind);
      drop = database.drop;
      services = await createServices(testConfig(), database);
      app = Fastify({ logger: false });
      await buildApp(app, { services, web: { mode: 'production', buildDir: logoutRouteBuildDir() } });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await services?.close();
      await drop?.();
    });

    it('refuses a sign-out form posted from another site, and signs out from our own page', async () => {
      const agent = new TestAgent(app);
      await registerByEmail(agent, 'leaver@example.com');
      const form = (origin: string) =>
        agent.request('POST', '/logout', '', {
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        });
      expectRefused(await form(EVIL));
      expect((await agent.get('/api/account/me')).statusCode).toBe(200);

      const own = await form(OWN);
      expect(own.statusCode).toBe(302);
      expect(own.headers.location).toBe('/login');
      expect((await agent.get('/api/account/me')).statusCode).toBe(401);
    });
  });
}
