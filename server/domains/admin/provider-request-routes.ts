import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notifyAllAdminsSchema } from '../../../common/schemas/notifications.ts';
import {
  PROVIDER_REQUEST_STATUSES,
  providerDecisionSchema,
  providerRequestFilterSchema,
  providerRequestIdParamsSchema,
  providerRequestInputSchema,
} from '../../../common/schemas/provider-requests.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { requireViewerOfRequest } from '../auth/request-viewer.ts';
import { perViewerRateLimit } from '../auth/viewer-rate-limit.ts';
import {
  decideProviderRequest,
  latestProviderRequest,
  listRequests,
  notifyAdminsOfOwnRequest,
  submitProviderRequest,
} from './provider-request-service.ts';

const requestSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(PROVIDER_REQUEST_STATUSES),
  decided_by: z.string().nullable(),
  decided_at: z.date().nullable(),
  announced_at: z.date().nullable(),
  created_at: z.date(),
});

/** Becoming a provider (spec §2 /become-a-provider, §7 notify-all-admins) and its admin review. */
export async function providerRequestRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const burst = perViewerRateLimit(services.auth, { max: 10, timeWindow: '1 minute' });

  api.post(
    '/api/provider-requests',
    {
      schema: {
        tags: ['providers'],
        summary: 'Ask to become a provider (one open request per user)',
        body: providerRequestInputSchema,
        response: { 201: requestSchema },
      },
      config: burst,
    },
    async (request, reply) => {
      const viewer = await requireViewerOfRequest(services.auth, request);
      return reply.status(201).send(await submitProviderRequest(services, viewer, request.body));
    },
  );

  api.get(
    '/api/provider-requests/mine',
    {
      schema: {
        tags: ['providers'],
        summary: 'Your latest provider request, if any',
        response: { 200: z.object({ request: requestSchema.nullable() }) },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return { request: (await latestProviderRequest(services, viewer.userId)) ?? null };
    },
  );

  api.post(
    '/api/notifications/notify-all-admins',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Tell every admin about your pending provider request (spec §7)',
        body: notifyAllAdminsSchema,
        response: { 200: z.object({ notified: z.boolean() }) },
      },
      config: burst,
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      const requestId = request.body.meta?.data?.request_id;
      return notifyAdminsOfOwnRequest(
        services,
        viewer,
        typeof requestId === 'string' ? requestId : undefined,
      );
    },
  );

  api.get(
    '/api/admin/provider-requests',
    {
      schema: {
        tags: ['admin'],
        summary: 'Provider requests, newest first, filtered by status and name or email (admins only)',
        querystring: providerRequestFilterSchema,
        response: { 200: z.object({ requests: z.array(requestSchema) }) },
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return { requests: await listRequests(services, request.query) };
    },
  );

  api.post(
    '/api/admin/provider-requests/:id/:decision',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve, reject or revoke a provider request (admins only)',
        params: providerRequestIdParamsSchema.extend({ decision: providerDecisionSchema }),
        response: { 200: requestSchema },
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      return decideProviderRequest(services, admin, request.params.id, request.params.decision);
    },
  );
}
