import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsResponseSchema, updateSettingsSchema } from '../../../common/schemas/settings.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/** /api/admin/settings (ADR 131, 140): admins only, checked here on the server for both verbs. */
export async function settingsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const response = { 200: settingsResponseSchema };

  api.get(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary:
          'The platform settings in force and their defaults: money, bookings, email, features (admins only)',
        response,
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return { settings: await services.settings.get(), defaults: services.settings.defaults };
    },
  );

  api.put(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary:
          'Change some settings (only the fields given; each change audited, every server process uses it at once) (admins only)',
        body: updateSettingsSchema,
        response,
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      return {
        settings: await services.settings.update(admin.userId, request.body),
        defaults: services.settings.defaults,
      };
    },
  );
}
