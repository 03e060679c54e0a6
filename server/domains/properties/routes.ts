import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  createPropertySchema,
  MAX_PHOTOS,
  openingHoursSchema,
  photoAltSchema,
  photoOrderSchema,
  photoParamsSchema,
  propertyIdParamsSchema,
  propertyListSchema,
  propertyViewSchema,
  publicListingSchema,
  updatePropertySchema,
} from '../../../common/schemas/properties.ts';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { readImageUpload, registerImageUploads } from '../storage/image-upload.ts';
import { actorOf } from './property-service.ts';

/** A host's bathrooms. Every route checks the caller on the server; see ADR 065. */
export async function propertyRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actor = async (request: Parameters<typeof toWebHeaders>[0]) =>
    actorOf(await services.auth.requireViewer(toWebHeaders(request)));
  const tags = ['properties'];

  api.post(
    '/api/properties',
    {
      schema: {
        tags,
        summary: 'Create a draft listing (hosts only); it opens every day 08:00–20:00 until changed',
        body: createPropertySchema,
        response: { 201: propertyViewSchema },
      },
    },
    async (request, reply) => {
      const view = await services.properties.create(await actor(request), request.body);
      return reply.status(201).send(view);
    },
  );

  api.get(
    '/api/properties/mine',
    { schema: { tags, summary: 'Your listings, newest first', response: { 200: propertyListSchema } } },
    async (request) => ({ properties: await services.properties.listMine(await actor(request)) }),
  );

  api.get(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary: 'A listing with its private parts (its host or an admin)',
        params: propertyIdParamsSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) => services.properties.get(await actor(request), request.params.id),
  );

  api.get(
    '/api/properties/:id/public',
    {
      schema: {
        tags,
        summary: 'A published listing as guests see it (approximate location, no access instructions)',
        params: propertyIdParamsSchema,
        response: { 200: publicListingSchema },
      },
    },
    async (request) => {
      const listing = await services.properties.getPublicListing(request.params.id);
      if (!listing) throw new AppError('not_found', 'There is no such listing.');
      return listing;
    },
  );

  api.patch(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary: 'Change a listing; a new address also moves its public point and time zone',
        params: propertyIdParamsSchema,
        body: updatePropertySchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) => services.properties.update(await actor(request), request.params.id, request.body),
  );

  api.post(
    '/api/properties/:id/publish',
    {
      schema: {
        tags,
        summary:
          'Publish a listing (needs a title, address, price, a photo, opening hours and the host’s linked Stripe account; 409 lists what is missing)',
        params: propertyIdParamsSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) => services.properties.publish(await actor(request), request.params.id),
  );

  api.post(
    '/api/properties/:id/unpublish',
    {
      schema: {
        tags,
        summary: 'Hide a published listing from guests (it becomes unlisted)',
        params: propertyIdParamsSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) => services.properties.unpublish(await actor(request), request.params.id),
  );

  api.delete(
    '/api/properties/:id',
    {
      schema: {
        tags,
        summary: 'Delete a listing and its photos (refused once it has bookings: unpublish it instead)',
        params: propertyIdParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await services.properties.delete(await actor(request), request.params.id);
      return { deleted: true as const };
    },
  );

  api.put(
    '/api/properties/:id/opening-hours',
    {
      schema: {
        tags,
        summary:
          'Replace the weekly opening hours (local time in the bathroom’s zone; absent days are closed)',
        params: propertyIdParamsSchema,
        body: openingHoursSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) =>
      services.properties.setOpeningHours(await actor(request), request.params.id, request.body),
  );

  api.put(
    '/api/properties/:id/photos/order',
    {
      schema: {
        tags,
        summary: 'Reorder the photos; the first is the cover',
        params: propertyIdParamsSchema,
        body: photoOrderSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) =>
      services.properties.reorderPhotos(await actor(request), request.params.id, request.body.photo_ids),
  );

  api.patch(
    '/api/properties/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary:
          'Describe a photo for screen readers (its alt text); empty restores the default from the title',
        params: photoParamsSchema,
        body: photoAltSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) =>
      services.properties.describePhoto(
        await actor(request),
        request.params.id,
        request.params.photoId,
        request.body.alt,
      ),
  );

  api.delete(
    '/api/properties/:id/photos/:photoId',
    {
      schema: {
        tags,
        summary: 'Remove a photo (a published listing keeps at least one)',
        params: photoParamsSchema,
        response: { 200: propertyViewSchema },
      },
    },
    async (request) =>
      services.properties.removePhoto(await actor(request), request.params.id, request.params.photoId),
  );

  // Multipart is accepted by the upload route only.
  await app.register(async (scope) => {
    await registerImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/properties/:id/photos',
      {
        schema: {
          tags,
          summary: `Add a photo (at most ${MAX_PHOTOS} a listing)`,
          description: `multipart/form-data with one field named "file": a JPEG, PNG or WebP image up to ${
            IMAGE_MAX_BYTES / 1024 / 1024
          } MB. It is cropped to 4:3 and stored as WebP at 800×600 and 1600×1200.`,
          consumes: ['multipart/form-data'],
          params: propertyIdParamsSchema,
          response: { 200: propertyViewSchema },
        },
      },
      async (request) => {
        const who = await actor(request);
        // Rights and the photo count are checked before the body is read.
        await services.properties.get(who, request.params.id);
        const data = await readImageUpload(request);
        return services.properties.addPhoto(who, request.params.id, data);
      },
    );
  });
}
