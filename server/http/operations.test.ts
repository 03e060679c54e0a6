import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, describeWithApp } from '../test/harness.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './operations.ts';
import { type ProductionApp, startProductionApp } from './production-app.test-support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Collects pino's JSON lines so tests can read what the server logged. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('requestIdFor', () => {
  const raw = (value?: string | string[]) =>
    ({ headers: value === undefined ? {} : { [REQUEST_ID_HEADER]: value } }) as never;

  it('keeps an id that looks like one', () => {
    expect(requestIdFor(raw('edge-7f3a:42'))).toBe('edge-7f3a:42');
    expect(requestIdFor(raw(['first-id', 'second-id']))).toBe('first-id');
  });

  it('makes a fresh UUID when there is none or it is unsafe to log', () => {
    expect(requestIdFor(raw())).toMatch(UUID);
    expect(requestIdFor(raw(''))).toMatch(UUID);
    expect(requestIdFor(raw('two words'))).toMatch(UUID);
    expect(requestIdFor(raw('line\nbreak'))).toMatch(UUID);
    expect(requestIdFor(raw('x'.repeat(129)))).toMatch(UUID);
  });
});

for (const kind of databaseKinds()) {
  describe(`operations endpoints [${kind}]`, () => {
    const sink = logSink();
    let server: ProductionApp;
    beforeAll(async () => {
      server = await startProductionApp(kind, {
        logger: { level: 'info', stream: sink.stream },
        // Stands in for the web app's catch-all (react-router.ts), which API-only tests lack.
        extend: (app) => {
          app.get('/test-page', { config: { securityHeaders: 'page' } }, async (request) => ({
            nonce: request.cspNonce,
          }));
        },
      });
    });
    afterEach(() => {
      sink.lines.splice(0);
    });
    afterAll(async () => {
      await server.close();
    });

    it('answers /healthz without touching anything else', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers /readyz with 200 while the database answers', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ready', database: true, realtime: true });
    });

    it('echoes a caller request id and logs the request under it', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/account/me',
        headers: { [REQUEST_ID_HEADER]: 'trace-abc-123' },
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers[REQUEST_ID_HEADER]).toBe('trace-abc-123');
      // One access line per request, with the request and the answer in it.
      const logged = sink.lines.filter((line) => line.requestId === 'trace-abc-123');
      expect(logged.map((line) => line.msg)).toEqual(['request completed']);
      expect(logged[0]).toMatchObject({
        req: { method: 'GET', url: '/api/account/me' },
        res: { statusCode: 401 },
        responseTime: expect.any(Number),
      });
    });

    it('gives every response a request id of its own when the caller sent none', async () => {
      const first = await server.app.inject({ method: 'GET', url: '/api/no-such-route' });
      const second = await server.app.inject({
        method: 'POST',
        url: '/api/account/register',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      });
      expect(first.statusCode).toBe(404);
      expect(second.statusCode).toBe(400);
      const ids = [first.headers[REQUEST_ID_HEADER], second.headers[REQUEST_ID_HEADER]];
      for (const id of ids) expect(id).toMatch(UUID);
      expect(ids[0]).not.toBe(ids[1]);
    });

    it('keeps probes lean: no request logs and no browser security headers', async () => {
      await server.app.inject({ method: 'GET', url: '/healthz' });
      await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(sink.lines.filter((line) => line.msg === 'request completed')).toEqual([]);
      const probe = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(probe.headers['content-security-policy']).toBeUndefined();
      // The request id is still there for tracing.
      expect(probe.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    });

    it('sets security headers on API answers, with scripts from our origin only', async () => {
      const answers = [
        await server.app.inject({ method: 'GET', url: '/api/account/me' }),
        // No route at all: the not-found answer is covered too.
        await server.app.inject({ method: 'OPTIONS', url: '/no-such-page' }),
      ];
      for (const answer of answers) {
        const csp = String(answer.headers['content-security-policy']);
        expect(csp).toMatch(/default-src 'self'/);
        expect(csp).toMatch(/script-src 'self'(;|$)/);
        expect(csp).toMatch(/frame-ancestors 'none'/);
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it('gives each page a fresh script nonce, the one its HTML is rendered with', async () => {
      const nonce = (header: unknown) =>
        /script-src 'self' 'nonce-([A-Za-z0-9+/=]{16,})'/.exec(String(header))?.[1];
      const first = await server.app.inject({ method: 'GET', url: '/test-page' });
      const second = await server.app.inject({ method: 'GET', url: '/test-page' });
      const csp = String(first.headers['content-security-policy']);
      expect(nonce(csp)).toBe(first.json().nonce);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(nonce(second.headers['content-security-policy'])).toBe(second.json().nonce);
      expect(nonce(csp)).not.toBe(nonce(second.headers['content-security-policy']));
      expect(first.headers['x-content-type-options']).toBe('nosniff');
    });

    it('documents the API at /api/docs, including account registration', async () => {
      const spec = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      const document = spec.json();
      expect(document.openapi).toMatch(/^3\./);
      expect(
        document.paths['/api/account/register'].post.requestBody.content['application/json'].schema,
      ).toBeTruthy();
      expect(document.paths['/api/account/sign-in']).toHaveProperty('post');
      // Operational and catch-all routes are not part of the public API description.
      expect(Object.keys(document.paths)).not.toContain('/healthz');
      expect(Object.keys(document.paths)).not.toContain('/api/*');
      const ui = await server.app.inject({ method: 'GET', url: '/api/docs' });
      expect(ui.statusCode).toBeLessThan(400);
    });

    // Last: it closes the database under the running app.
    it('answers /readyz with 503 once the database is gone, and /healthz still 200', async () => {
      await server.closeDatabase();
      const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: false });
      expect(ready.json().cause).toMatch(/^database unreachable: /);
      const healthy = await server.app.inject({ method: 'GET', url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
    });
  });
}

describeWithApp(
  'a production configuration',
  (ctx) => {
    it('serves no API browser and no developer tools', async () => {
      const { app } = ctx();
      expect((await app.inject({ url: '/api/docs' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/dev/outbox' })).statusCode).toBe(404);
      // The document itself is still built: the fuzz test and typed clients read it in-process.
      expect(Object.keys((app.swagger() as { paths: object }).paths).length).toBeGreaterThan(10);
    });
  },
  { config: { isProduction: true, env: 'production', apiDocs: false, devTools: false } },
);
