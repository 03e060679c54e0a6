import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reauthenticateSchema } from '../../../common/schemas/reauthentication.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { proofState, reauthenticate } from './reauthentication.ts';

const proofStateSchema = z.object({
  fresh: z.boolean(),
  freshUntil: z.string().nullable(),
  method: z.enum(['password', 'totp', 'sign-in-again']),
});

/** "Confirm it's you" over the API (spec §7 reauthenticate; ADR 144). */
export async function reauthenticationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/reauthenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'Whether this session may make sensitive changes now, until when, and how it proves itself',
        response: { 200: proofStateSchema },
      },
    },
    async (request) => proofState(services, await services.auth.requireViewer(toWebHeaders(request))),
  );

  api.post(
    '/api/account/reauthenticate',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Confirm it's you: the password, the authenticator's code when the account has one, or a passkey",
        description:
          'A correct proof lets this session change its password, email, phone, second factor, linked identities and payout account for 10 minutes; sensitive calls without one answer 403 reauthentication_needed. Five wrong tries in 15 minutes answer 429. A passkey (ADR 146): first GET /api/auth/passkey/generate-authenticate-options, then send the WebAuthn assertion as {passkey}; it counts as the second factor.',
        body: reauthenticateSchema,
        response: { 200: proofStateSchema },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      return reauthenticate(services, viewer, request.body, headers);
    },
  );
}
