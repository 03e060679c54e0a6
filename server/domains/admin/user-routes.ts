import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserIdParamsSchema } from '../../../common/schemas/admin.ts';
import {
  adminUserDetailSchema,
  factorParamsSchema,
  generatedLinkSchema,
  generateLinkSchema,
  inviteUserSchema,
  mfaFactorSchema,
  rolesChangeSchema,
} from '../../../common/schemas/admin-users.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import {
  changeRoles,
  deleteUser,
  generateUserLink,
  inviteUser,
  listUserFactors,
  removeUserFactor,
  signOutEverywhere,
} from './user-actions-service.ts';
import { getUserDetail } from './user-detail-service.ts';

/** /api/admin/users/:id and its auth admin functions (ADR 134). Admins only, checked here. */
export async function userAdminRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = (request: Parameters<typeof toWebHeaders>[0]) =>
    services.auth.requireAdmin(toWebHeaders(request));

  api.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One account: profile, bookings, listings, reviews, sessions, factors, sign-ins, audit',
        params: adminUserIdParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => {
      await admin(request);
      return getUserDetail(services, request.params.id);
    },
  );

  api.post(
    '/api/admin/users/invite',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite by email: an account with no usable password, and an emailed link to choose one',
        body: inviteUserSchema,
        response: { 200: z.object({ id: z.string() }) },
      },
    },
    async (request) => inviteUser(services, await admin(request), request.body),
  );

  api.post(
    '/api/admin/users/:id/links',
    {
      schema: {
        tags: ['admin'],
        summary: 'A one-time sign-in, password reset or email confirmation link for the admin to hand over',
        params: adminUserIdParamsSchema,
        body: generateLinkSchema,
        response: { 200: generatedLinkSchema },
      },
    },
    async (request) => generateUserLink(services, await admin(request), request.params.id, request.body.type),
  );

  api.get(
    '/api/admin/users/:id/factors',
    {
      schema: {
        tags: ['admin'],
        summary: "The account's second factors: its authenticator app (totp) and verified phone",
        params: adminUserIdParamsSchema,
        response: { 200: z.object({ factors: z.array(mfaFactorSchema) }) },
      },
    },
    async (request) => {
      await admin(request);
      return listUserFactors(services, request.params.id);
    },
  );

  api.delete(
    '/api/admin/users/:id/factors/:factorId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a second factor; removing the authenticator app turns two-factor sign-in off',
        params: factorParamsSchema,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request) =>
      removeUserFactor(services, await admin(request), request.params.id, request.params.factorId),
  );

  api.post(
    '/api/admin/users/:id/sign-out',
    {
      schema: {
        tags: ['admin'],
        summary: 'Sign the account out on every device',
        params: adminUserIdParamsSchema,
        response: { 200: z.object({ sessions_revoked: z.number() }) },
      },
    },
    async (request) => signOutEverywhere(services, await admin(request), request.params.id),
  );

  api.put(
    '/api/admin/users/:id/roles',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant or remove the admin and host roles (an admin keeps their own admin role)',
        params: adminUserIdParamsSchema,
        body: rolesChangeSchema,
        response: { 200: z.object({ id: z.string(), is_admin: z.boolean(), is_provider: z.boolean() }) },
      },
    },
    async (request) => changeRoles(services, await admin(request), request.params.id, request.body),
  );

  api.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Soft-delete an account: email and phone freed, sessions revoked, bookings and money kept',
        params: adminUserIdParamsSchema,
        response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }) },
      },
    },
    async (request) => deleteUser(services, await admin(request), request.params.id),
  );
}
