import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserIdParamsSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
} from '../../../common/schemas/admin.ts';
import { adminOverviewSchema } from '../../../common/schemas/admin-dashboard.ts';
import { accountStatusChangeSchema } from '../../../common/schemas/profile.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { getAdminDashboard } from './admin-dashboard.ts';
import { changeAccountStatus, listAccountsForAdmin } from './admin-service.ts';
import { userAdminRoutes } from './user-routes.ts';

/** Admin-only API. Every route checks admin rights on the server (PRODUCT.md, Accounts). */
export async function adminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The dashboard: today's bookings, active now, this week's revenue and commission, open requests, new users, recent notices and admin actions (admins only)",
        response: { 200: adminOverviewSchema },
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      return getAdminDashboard(services, admin);
    },
  );

  api.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first, by name/email/phone, status and role, 25 a page (admins only)',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return listAccountsForAdmin(services.db, request.query);
    },
  );

  api.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Put an account under review (is_active false), disable it (is_deleted true) or restore it',
        params: adminUserIdParamsSchema,
        body: accountStatusChangeSchema,
        response: {
          200: z.object({ id: z.string(), status: z.enum(['active', 'under_review', 'disabled']) }),
        },
      },
    },
    async (request) => {
      const admin = await services.auth.requireAdmin(toWebHeaders(request));
      return changeAccountStatus(services, admin, request.params.id, request.body);
    },
  );

  await userAdminRoutes(app, { services });
}
