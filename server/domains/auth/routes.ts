import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORT_MESSAGES } from '../../../common/constants.ts';
import { registerSchema, signInSchema } from '../../../common/schemas/auth.ts';
import { singleLineText } from '../../../common/schemas/text.ts';
import { AppError, toErrorBody } from '../../http/errors.ts';
import { sendWebResponse, toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import {
  listAccountSessions,
  revokeAccountSession,
  revokeAllAccountSessions,
  revokeOtherAccountSessions,
} from './account-security.ts';
import { type AuthOutcome, toErrorBody as authErrorBody } from './auth-outcome.ts';
import { accountState } from './auth-service.ts';
import { registerAccount, signInAccount } from './register-account.ts';

/**
 * Paths a disabled or under-review account may still call: reading its session, leaving, and
 * writing to support (the overlay tells them to).
 */
const GATE_EXEMPT = new Set(['/api/auth/sign-out', '/api/auth/get-session', '/api/email/send']);

/** Answers with the outcome of a better-auth call: our JSON and its cookies, or our error shape. */
function sendOutcome<T>(reply: FastifyReply, outcome: AuthOutcome<T>) {
  if (!outcome.ok) {
    if (outcome.failure.retryAfter) reply.header('retry-after', outcome.failure.retryAfter);
    return reply.status(outcome.failure.status).send(authErrorBody(outcome.failure));
  }
  if (outcome.cookies.length) reply.header('set-cookie', outcome.cookies);
  return reply.status(200).send(outcome.data);
}

const sessionSchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});

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
        description:
          'Answers the same whether or not the email or number already has an account, and signs nobody in: a new email account gets a confirmation link, a new phone account a code that signs it in (POST /api/auth/phone-number/verify); the owner of a taken address or number is told by email or text instead.',
        body: registerSchema,
      },
    },
    async (request, reply) =>
      sendOutcome(reply, await registerAccount(services, request.body, toWebHeaders(request))),
  );

  api.post(
    '/api/account/sign-in',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with an email or a phone number and a password',
        description:
          'Answers {twoFactorRequired: true} when the account has an authenticator app; finish with POST /api/auth/two-factor/verify-totp or verify-backup-code. Wrong passwords slow further attempts down (ADR 105): after a few failures for an account from one address, many for an account from any address (addresses that signed in to it lately are exempt), or many from one address, the next attempt waits (1 s, doubling, at most 15 minutes); until then it answers 429 with Retry-After and is not checked.',
        body: signInSchema,
      },
    },
    async (request, reply) =>
      sendOutcome(reply, await signInAccount(services, request.body, toWebHeaders(request))),
  );

  api.get(
    '/api/account/me',
    { schema: { tags: ['account'], summary: 'The signed-in user and profile', response: { 200: z.any() } } },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return viewer;
    },
  );

  api.get(
    '/api/account/sessions',
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in user's active sessions (devices), the current one marked",
        response: { 200: z.object({ sessions: z.array(sessionSchema) }) },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return { sessions: await listAccountSessions(services, viewer) };
    },
  );

  api.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of your own sessions',
        params: z.strictObject({ id: singleLineText().min(1).max(200) }),
        response: { 200: z.object({ revoked: z.literal(true), wasCurrent: z.boolean() }) },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      const result = await revokeAccountSession(services, viewer, request.params.id, headers);
      if (!result) throw new AppError('not_found', 'There is no such session on your account.');
      return result;
    },
  );

  api.post(
    '/api/account/sessions/revoke-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out every session but this one',
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      await services.auth.requireViewer(headers);
      await revokeOtherAccountSessions(services, headers);
      return { revoked: true as const };
    },
  );

  api.post(
    '/api/account/sessions/revoke-all',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere, this session included',
        body: z.strictObject({}).optional(),
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const headers = toWebHeaders(request);
      await services.auth.requireViewer(headers);
      const cookies = await revokeAllAccountSessions(services, headers);
      if (cookies.length) reply.header('set-cookie', cookies);
      return { revoked: true as const };
    },
  );

  // Everything else under /api/auth is better-auth's own API (sessions, verification, OTP, TOTP).
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body instanceof Buffer && request.body.length ? request.body : undefined;
      const webRequest = new Request(new URL(request.url, services.config.appUrl), {
        method: request.method,
        headers: toWebHeaders(request),
        ...(body ? { body } : {}),
      });
      return sendWebResponse(reply, await services.betterAuth.handler(webRequest));
    };
    scope.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: forward });
    // Apple posts its answer from its own origin (response_mode=form_post). better-auth only turns
    // that post into a same-site GET of this address, where the state check happens (ADR 143).
    scope.route({
      method: 'POST',
      url: '/api/auth/callback/:provider',
      schema: { hide: true },
      config: { crossSiteCheck: false },
      handler: forward,
    });
  });
}
