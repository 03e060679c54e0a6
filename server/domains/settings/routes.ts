import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformSettingsSchema, updateSettingsSchema } from '../../../common/schemas/settings.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/** /api/admin/settings (ADR 131): admins only, checked here on the server for both verbs. */
export async function settingsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const response = { 200: z.object({ settings: platformSettingsSchema }) };

  api.get(
    '/api/admin/settings',
    {
      schema: { tags, summary: 'The platform settings: commission, weekly payouts (admins only)', response },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return { settings: await services.settings.get() };
    },
  );

  api.put(
    '/api/admin/settings',
    {
      schema: {
        tags,
        summary:
          'Change the commission (0–50%, two decimals; applies to bookings made after) or the weekly payout run (admins only)',
        body: updateSettingsSchema,
        response,
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      return { settings: await services.settings.update(admin.userId, request.body) };
    },
  );
}
