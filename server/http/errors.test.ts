import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../test/harness.ts';
import { AppError, toErrorBody } from './errors.ts';
import { BODY_LIMIT_BYTES } from './operations.ts';
import { type ProductionApp, startProductionApp } from './production-app.test-support.ts';

const TARGET = '/api/account/register';
const ORIGIN = 'http://localhost:3000';

describe('toErrorBody', () => {
  it('keeps an AppError as it was thrown', () => {
    const error = new AppError('conflict', 'Taken.', [{ field: 'email', message: 'Taken.' }]);
    expect(toErrorBody(error)).toEqual({
      status: 409,
      body: { error: 'conflict', message: 'Taken.', fields: [{ field: 'email', message: 'Taken.' }] },
    });
  });

  it('turns anything unexpected into a 500 that reveals nothing', () => {
    const { status, body } = toErrorBody(new Error('connection string postgres://secret@db'));
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'internal_error', message: 'Something went wrong on our side.' });
  });
});

for (const kind of databaseKinds()) {
  describe(`bad input anywhere in the API [${kind}]`, () => {
    let server: ProductionApp;
    beforeAll(async () => {
      server = await startProductionApp(kind, {
        // Stands in for the web app's page catch-all, which must not swallow unknown /api paths.
        extend: (app) => {
          app.get('/*', async (_request, reply) =>
            reply.type('text/html').send('<!doctype html><p>page</p>'),
          );
        },
      });
    });
    afterAll(async () => {
      await server.close();
    });

    const post = (payload: string | Buffer | Readable, contentType?: string, url = TARGET) =>
      server.app.inject({
        method: 'POST',
        url,
        headers: { origin: ORIGIN, ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });

    it.each([
      ['a cut-off object', '{"email":'],
      ['single quotes', "{'email': 'a@example.com'}"],
      ['a trailing comma', '{"email":"a@example.com",}'],
      ['plain words', 'hello'],
    ])('answers malformed JSON (%s) with 400 malformed_json', async (_name, payload) => {
      const response = await post(payload, 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'malformed_json',
        message: 'The request body is not valid JSON.',
      });
    });

    it('answers an empty JSON body with 400 malformed_json', async () => {
      const response = await post('', 'application/json');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('malformed_json');
    });

    it('refuses prototype poisoning as a bad request', async () => {
      const response = await post(
        '{"email":"a@example.com","__proto__":{"isAdmin":true}}',
        'application/json',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^(malformed_json|validation_error)$/);
    });

    it('answers a body over the 1 MB limit with 413 payload_too_large', async () => {
      const padding = ' '.repeat(BODY_LIMIT_BYTES);
      const response = await post(
        `{"email":"a@example.com",${padding}"password":"a fine password"}`,
        'application/json',
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: 'payload_too_large',
        message: 'The request body is too large.',
      });
      const users = await server.services.db.selectFrom('user').select('id').execute();
      expect(users).toHaveLength(0);
    });

    it('answers an oversized streamed body (no content-length) with 413 too', async () => {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const chunks = Math.ceil(BODY_LIMIT_BYTES / chunk.length) + 2;
      const stream = Readable.from(
        (function* () {
          yield Buffer.from('{"email":"a@example.com",');
          for (let index = 0; index < chunks; index++) yield chunk;
          yield Buffer.from('"password":"a fine password"}');
        })(),
      );
      const response = await post(stream, 'application/json');
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toBe('payload_too_large');
    });

    it('still accepts a body just under the limit', async () => {
      const body = JSON.stringify({ email: 'big@example.com', password: 'a fine password' });
      const padded = `${body.slice(0, -1)}${' '.repeat(BODY_LIMIT_BYTES - body.length - 10)}}`;
      const response = await post(padded, 'application/json');
      expect(response.statusCode).toBe(200);
    });

    it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'image/png'])(
      'answers content type %s with 415 unsupported_media_type',
      async (contentType) => {
        const response = await post('email=a@example.com&password=a+fine+password', contentType);
        expect(response.statusCode).toBe(415);
        expect(response.json()).toEqual({
          error: 'unsupported_media_type',
          message: 'This content type is not accepted here.',
        });
      },
    );

    it('answers a body without a content type with 415', async () => {
      const response = await post('{"email":"a@example.com","password":"a fine password"}');
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toBe('unsupported_media_type');
    });

    it.each([
      ['GET', '/api/nothing-here'],
      ['POST', '/api/account/nothing-here'],
      ['DELETE', TARGET],
      ['GET', '/api/'],
    ] as const)('answers %s %s with a 404 in JSON, not a page', async (method, url) => {
      const response = await server.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, 'content-type': 'text/plain' },
        ...(method === 'GET' ? {} : { payload: 'anything' }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error: 'not_found' });
      expect(response.json().message).toContain(url.split('?')[0]);
    });

    it('leaves paths outside /api to the web app', async () => {
      const response = await server.app.inject({ method: 'GET', url: '/somewhere' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
    });

    it('never answers a 500 to strange JSON', async () => {
      const payloads: unknown[] = [
        null,
        0,
        'a string',
        [],
        [{ email: 'a@example.com', password: 'a fine password' }],
        { email: null, password: null },
        { email: 42, password: true },
        { email: { $ne: '' }, password: ['a'] },
        { email: 'a@example.com', password: 'a fine password', first_name: { nested: [1, 2, 3] } },
        { email: 'a@example.com\u0000', password: 'null\u0000byte password' },
        { email: `${'a'.repeat(10_000)}@example.com`, password: 'a fine password' },
        { phone: '+1'.repeat(500), password: 'a fine password' },
        { email: '😀@example.com', password: '😀😀😀😀😀😀😀😀' },
        { constructor: { prototype: { isAdmin: true } } },
      ];
      for (const url of [TARGET, '/api/account/sign-in']) {
        for (const payload of payloads) {
          const response = await post(JSON.stringify(payload), 'application/json', url);
          const label = `${url} ${JSON.stringify(payload).slice(0, 80)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json().error, label).toBeTypeOf('string');
        }
      }
    });
  });
}
