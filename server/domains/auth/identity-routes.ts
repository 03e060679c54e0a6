import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identityIdSchema,
  SIGN_IN_PROVIDER_IDS,
  signInProviderSchema,
} from '../../../common/schemas/auth.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { authErrorToAppError } from './auth-outcome.ts';
import { listIdentities, startIdentityLink, unlinkIdentity } from './identities.ts';

const identitySchema = z.object({
  id: z.string(),
  provider: z.enum(['password', ...SIGN_IN_PROVIDER_IDS]),
  name: z.string(),
  email: z.string().nullable(),
  linkedAt: z.string(),
  removable: z.boolean(),
});

/** Where a link started over the API comes back to: the security page says how it went. */
const LINK_RETURN = '/profile/security';

/**
 * The signed-in user's linked sign-in methods (spec §7: user identities, authorize, delete; ADR 143).
 * There is no user id in these paths: nobody reaches another's.
 */
export async function identityRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/account/identities',
    {
      schema: {
        tags: ['auth'],
        summary: 'Your ways to sign in, and the outside providers you can still link',
        response: {
          200: z.object({
            identities: z.array(identitySchema),
            linkable: z.array(z.object({ id: z.enum(SIGN_IN_PROVIDER_IDS), name: z.string() })),
          }),
        },
      },
    },
    async (request) => listIdentities(services, await services.auth.requireViewer(toWebHeaders(request))),
  );

  api.post(
    '/api/account/identities/authorize',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start linking an outside provider: send the browser to the address answered',
        description:
          'Sets the cookies that bind the provider’s answer to this browser (state, PKCE). The provider comes back to /profile/security?provider={id}, with &error={code} when nothing was linked. 409 identity_already_exists when this provider is already linked.',
        body: signInProviderSchema,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      const { provider } = request.body;
      const back = `${LINK_RETURN}?provider=${provider}`;
      const outcome = await startIdentityLink(services, viewer, provider, headers, back);
      if (!outcome.ok) throw authErrorToAppError(outcome.failure);
      if (outcome.cookies.length) reply.header('set-cookie', outcome.cookies);
      return { url: outcome.data.url };
    },
  );

  api.delete(
    '/api/account/identities/:identity_id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Unlink an outside provider',
        description:
          '404 identity_not_found when it is not one of yours (or is your password); 422 single_identity_not_deletable when it is your only way to sign in.',
        params: identityIdSchema,
        response: { 200: z.object({ unlinked: z.literal(true) }) },
      },
    },
    async (request) => {
      const headers = toWebHeaders(request);
      const viewer = await services.auth.requireViewer(headers);
      return unlinkIdentity(services, viewer, request.params.identity_id, headers);
    },
  );
}
