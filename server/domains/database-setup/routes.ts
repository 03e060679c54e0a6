import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reseedSchema,
  retryJobParamsSchema,
  retryJobSchema,
} from '../../../common/schemas/database-setup.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import { seedDemoData } from '../../seed/seed-demo.ts';
import type { AppServices } from '../../services.ts';

/** /api/admin/database-setup (ADR 139): admins only, checked here on the server for every verb. */
export async function databaseSetupRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const done = { 200: z.object({ ok: z.literal(true) }) };

  api.get(
    '/api/admin/database-setup',
    {
      schema: {
        tags,
        summary:
          'Migrations with checksums, database kind and version, table sizes, job queues (admins only)',
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return { report: await services.databaseSetup.report() };
    },
  );

  api.post(
    '/api/admin/database-setup/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Run a failed job again; recorded in the audit log (admins only)',
        params: retryJobParamsSchema,
        body: retryJobSchema,
        response: done,
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      await services.databaseSetup.retryJob(admin.userId, request.body.name, request.params.id);
      return { ok: true as const };
    },
  );

  // Not even registered in production: the route answers 404 there, like any unknown path.
  if (!services.databaseSetup.canReseed) return;
  api.post(
    '/api/admin/database-setup/reseed',
    {
      schema: {
        tags,
        summary: 'Empty the database and seed the demo data again (not in production; admins only)',
        body: reseedSchema,
        response: done,
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      await services.databaseSetup.reseed(admin.userId, () => seedDemoData(services));
      return { ok: true as const };
    },
  );
}
