import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '../../../common/schemas/audit.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/** GET /api/admin/audit (ADR 133): admins only, checked here on the server. */
export async function auditRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log, newest first, by action, target or admin (admins only)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return services.audit.list(request.query);
    },
  );
}
