import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailChangeSchema,
  emailChangeUndoSchema,
  pendingEmailChangeSchema,
} from '../../../common/schemas/email-change.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { cancelEmailChange, pendingEmailChange, startEmailChange, undoEmailChange } from './email-change.ts';
import { perViewerRateLimit } from './viewer-rate-limit.ts';

/**
 * The signed-in user's email and its change (ADR 145). No user id in these paths: nobody reaches
 * another's. The undo takes no session: its emailed token is the proof, and the person using it
 * has usually lost theirs.
 */
export async function emailChangeRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Your email, and the new one waiting for its confirmation',
        description: '`email` is null for a phone account that has not added one.',
        response: {
          200: z.object({
            email: z.string().nullable(),
            emailVerified: z.boolean(),
            pending: pendingEmailChangeSchema.nullable(),
          }),
        },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return {
        email: viewer.email,
        emailVerified: viewer.email ? viewer.emailVerified : false,
        pending: await pendingEmailChange(services, viewer),
      };
    },
  );

  api.post(
    '/api/account/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change your email (or add one to a phone account): a link goes to the new address',
        description:
          'Nothing changes until the link sent to the new address is opened (within 24 hours); the old address is then told, with a link to undo. The answer is the same whether or not the address has an account. A newer request replaces the last. 403 reauthentication_needed without a sign-in or "confirm it\'s you" in the last 10 minutes; 429 after 5 requests in an hour.',
        body: emailChangeSchema,
        response: { 200: z.object({ sent: z.literal(true), pending: pendingEmailChangeSchema }) },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      const pending = await startEmailChange(services, viewer, request.body, headers);
      return { sent: true as const, pending };
    },
  );

  api.delete(
    '/api/account/email/pending',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cancel the email change waiting for its confirmation: its link stops working',
        response: { 200: z.object({ cancelled: z.boolean() }) },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return cancelEmailChange(services, viewer);
    },
  );

  api.post(
    '/api/account/email/undo',
    {
      // Tokens cannot be guessed; the budget keeps anyone from trying at speed all the same.
      config: perViewerRateLimit(services.auth, { max: 10, timeWindow: '1 minute' }),
      schema: {
        tags: ['auth'],
        summary: 'Undo an email change with the link sent to the old address',
        description:
          'Puts the old address back, signs out every session of the account and sends a password-reset link to the old address. 400 link_invalid, 410 link_used or link_expired (the link works once, for 7 days); nothing changes then.',
        body: emailChangeUndoSchema,
        response: { 200: z.object({ email: z.string().nullable(), resetSent: z.boolean() }) },
      },
    },
    async (request) => undoEmailChange(services, request.body.token, toWebHeaders(request)),
  );
}
