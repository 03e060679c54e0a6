import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminListingDetailSchema,
  adminListingsPageSchema,
  adminListingsQuerySchema,
  reportListingSchema,
  reportParamsSchema,
  unpublishListingSchema,
} from '../../../common/schemas/listing-moderation.ts';
import { propertyIdParamsSchema } from '../../../common/schemas/properties.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/**
 * Listing moderation (ADR 136): /api/admin/properties for admins only, checked here on the server
 * for every verb; and a signed-in member's report of a listing.
 */
export async function moderationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const moderation = services.properties.moderation;
  const admin = async (request: Parameters<typeof toWebHeaders>[0]) =>
    (await services.auth.requireAdmin(toWebHeaders(request))).userId;
  const tags = ['admin'];
  const detail = { 200: adminListingDetailSchema };
  const emptyBody = z.strictObject({}).optional();

  api.get(
    '/api/admin/properties',
    {
      schema: {
        tags,
        summary: 'Every listing, newest first, 25 a page; filter by status, city, host, reports, featured',
        querystring: adminListingsQuerySchema,
        response: { 200: adminListingsPageSchema },
      },
    },
    async (request) => {
      await admin(request);
      return moderation.list(request.query);
    },
  );

  api.get(
    '/api/admin/properties/:id',
    {
      schema: {
        tags,
        summary: 'A listing with its photos, hours, host, recent bookings and reports (admins only)',
        params: propertyIdParamsSchema,
        response: detail,
      },
    },
    async (request) => {
      await admin(request);
      return moderation.detail(request.params.id);
    },
  );

  api.post(
    '/api/admin/properties/:id/unpublish',
    {
      schema: {
        tags,
        summary:
          'Unpublish a listing with a reason the host reads; only an admin can publish it again (admins only)',
        params: propertyIdParamsSchema,
        body: unpublishListingSchema,
        response: detail,
      },
    },
    async (request) => moderation.unpublish(await admin(request), request.params.id, request.body),
  );

  api.post(
    '/api/admin/properties/:id/republish',
    {
      schema: {
        tags,
        summary: 'Lift an admin’s hold and publish the listing again when it is complete (admins only)',
        params: propertyIdParamsSchema,
        body: emptyBody,
        response: { 200: adminListingDetailSchema.extend({ published: z.boolean() }) },
      },
    },
    async (request) => moderation.republish(await admin(request), request.params.id),
  );

  for (const [verb, featured] of [
    ['feature', true],
    ['unfeature', false],
  ] as const) {
    api.post(
      `/api/admin/properties/:id/${verb}`,
      {
        schema: {
          tags,
          summary: featured
            ? 'Show a published listing in the home page’s Featured bathrooms (admins only)'
            : 'Take a listing off the home page’s Featured bathrooms (admins only)',
          params: propertyIdParamsSchema,
          body: emptyBody,
          response: detail,
        },
      },
      async (request) => moderation.setFeatured(await admin(request), request.params.id, featured),
    );
  }

  api.post(
    '/api/admin/properties/:id/reports/:reportId/dismiss',
    {
      schema: {
        tags,
        summary: 'Close a report without acting on the listing (admins only)',
        params: reportParamsSchema,
        body: emptyBody,
        response: detail,
      },
    },
    async (request) =>
      moderation.dismissReport(await admin(request), request.params.id, request.params.reportId),
  );

  api.post(
    '/api/properties/:id/reports',
    {
      schema: {
        tags: ['properties'],
        summary: 'Report a published listing to Privy’s admins (signed-in members; one open report each)',
        params: propertyIdParamsSchema,
        body: reportListingSchema,
        response: { 201: z.object({ id: z.string(), status: z.string() }) },
      },
    },
    async (request, reply) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      return reply.status(201).send(await moderation.report(viewer.userId, request.params.id, request.body));
    },
  );
}
