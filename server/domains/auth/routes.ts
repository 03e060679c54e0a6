import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_MESSAGES } from '../../../common/constants.ts';
import { registerSchema, signInSchema } from '../../../common/schemas/auth.ts';
import { AppError, toErrorBody } from '../../http/errors.ts';
import { sendWebResponse, toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { accountState } from './auth-service.ts';
import { registerAccount, signInAccount } from './register-account.ts';

/** Paths a disabled or under-review account may still call: reading its session and leaving. */
const GATE_EXEMPT = new Set(['/api/auth/sign-out', '/api/auth/get-session']);

export async function authRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Spec: the server refuses a disabled or under-review account's requests, except sign-out.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      !path.startsWith('/api/') ||
      GATE_EXEMPT.has(path) ||
      !request.headers.cookie?.includes('privy.session_token')
    )
      return;
    const viewer = await services.auth.getViewer(toWebHeaders(request));
    if (!viewer) return;
    const state = accountState(viewer.profile);
    if (state === 'ok') return;
    const { status, body } = toErrorBody(
      state === 'disabled'
        ? new AppError('account_disabled', SUPPORT_MESSAGES.accountDisabled)
        : new AppError('account_under_review', SUPPORT_MESSAGES.accountUnderReview),
    );
    return reply.status(status).send(body);
  });

  api.post(
    '/api/account/register',
    {
      schema: {
        tags: ['account'],
        summary: 'Create an account with an email or a phone number and a password',
        body: registerSchema,
      },
    },
    async (request, reply) =>
      sendWebResponse(reply, await registerAccount(services, request.body, toWebHeaders(request))),
  );

  api.post(
    '/api/account/sign-in',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with an email or a phone number and a password',
        body: signInSchema,
      },
    },
    async (request, reply) =>
      sendWebResponse(reply, await signInAccount(services, request.body, toWebHeaders(request))),
  );

  api.get(
    '/api/account/me',
    { schema: { tags: ['account'], summary: 'The signed-in user and profile', response: { 200: z.any() } } },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return viewer;
    },
  );

  // Everything else under /api/auth is better-auth's own API (sessions, verification, OTP, TOTP).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const body = request.body instanceof Buffer && request.body.length ? request.body : undefined;
        const webRequest = new Request(new URL(request.url, services.config.appUrl), {
          method: request.method,
          headers: toWebHeaders(request),
          ...(body ? { body } : {}),
        });
        return sendWebResponse(reply, await services.betterAuth.handler(webRequest));
      },
    });
  });
}
