import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '../../../common/constants.ts';
import {
  appealRefundSchema,
  approveRefundSchema,
  bookingRefundRequestsSchema,
  createRefundRequestSchema,
  denyRefundSchema,
  hostResponseSchema,
  REFUND_REQUEST_MAX_PHOTOS,
  refundBookingParamsSchema,
  refundQueueQuerySchema,
  refundRequestListSchema,
  refundRequestParamsSchema,
  refundRequestResponseSchema,
} from '../../../common/schemas/refund-requests.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { requireActorOfRequest } from '../auth/request-viewer.ts';
import { readImageUpload, registerImageUploads } from '../storage/image-upload.ts';
import type { RefundActor } from './refund-rules.ts';

/**
 * The refund request routes of common/schemas/refund-requests.ts (ADR 126). Every one needs a
 * signed-in, active account (requireViewer refuses disabled and under-review accounts); who may do
 * what to which request is the service's decision.
 */
export async function refundRequestRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Promise<RefundActor> =>
    requireActorOfRequest(services.auth, request);
  const tags = ['refund-requests'];
  const one = { 200: refundRequestResponseSchema };

  api.get(
    '/api/refund-requests',
    {
      schema: {
        tags,
        summary: 'The admin queue of refund requests, newest first; status filters it (admins only)',
        querystring: refundQueueQuerySchema,
        response: { 200: refundRequestListSchema },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireAdmin(toWebHeaders(request));
      const actor = { userId: viewer.userId, isAdmin: true };
      return {
        requests: await services.refunds.queue(actor, {
          ...(request.query.status ? { status: request.query.status } : {}),
        }),
      };
    },
  );

  api.get(
    '/api/refund-requests/booking/:bookingId',
    {
      schema: {
        tags,
        summary: "A booking's refund requests, and whether its guest may file one now",
        params: refundBookingParamsSchema,
        response: { 200: bookingRefundRequestsSchema },
      },
    },
    async (request) => services.refunds.forBooking(await actorOf(request), request.params.bookingId),
  );

  api.get(
    '/api/refund-requests/:id',
    {
      schema: {
        tags,
        summary: 'One refund request (its guest, its host, or an admin)',
        params: refundRequestParamsSchema,
        response: one,
      },
    },
    async (request) => ({ request: await services.refunds.get(await actorOf(request), request.params.id) }),
  );

  api.post(
    '/api/refund-requests',
    {
      schema: {
        tags,
        summary:
          'Ask for a refund on your booking (up to what is left refundable; one open request at a time)',
        body: createRefundRequestSchema,
        response: { 201: refundRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await services.refunds.file(await actorOf(request), request.body);
      return reply.status(201).send({ request: created });
    },
  );

  api.post(
    '/api/refund-requests/:id/response',
    {
      schema: {
        tags,
        summary: "The host's side of the story, within 48 hours of the request",
        params: refundRequestParamsSchema,
        body: hostResponseSchema,
        response: one,
      },
    },
    async (request) => ({
      request: await services.refunds.respond(
        await actorOf(request),
        request.params.id,
        request.body.response,
      ),
    }),
  );

  api.post(
    '/api/refund-requests/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approve in full (no amount) or in part (amountCents); refunds through the payment provider once',
        params: refundRequestParamsSchema,
        body: approveRefundSchema,
        response: one,
      },
    },
    async (request) => ({
      request: await services.refunds.approve(
        await actorOf(request),
        request.params.id,
        request.body.amountCents,
      ),
    }),
  );

  api.post(
    '/api/refund-requests/:id/deny',
    {
      schema: {
        tags,
        summary: 'Deny with a reason the guest sees',
        params: refundRequestParamsSchema,
        body: denyRefundSchema,
        response: one,
      },
    },
    async (request) => ({
      request: await services.refunds.deny(await actorOf(request), request.params.id, request.body.reason),
    }),
  );

  api.post(
    '/api/refund-requests/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a failed refund again (same refund, same idempotency key: never twice)',
        params: refundRequestParamsSchema,
        response: one,
      },
    },
    async (request) => ({ request: await services.refunds.retry(await actorOf(request), request.params.id) }),
  );

  api.post(
    '/api/refund-requests/:id/appeal',
    {
      schema: {
        tags,
        summary: 'Appeal a denied request once, with a message; it opens again',
        params: refundRequestParamsSchema,
        body: appealRefundSchema,
        response: one,
      },
    },
    async (request) => ({
      request: await services.refunds.appeal(await actorOf(request), request.params.id, request.body.message),
    }),
  );

  // Multipart is accepted by the photo route only.
  await app.register(async (scope) => {
    await registerImageUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/refund-requests/:id/photos',
      {
        schema: {
          tags,
          summary: `Add a photo to your open request (at most ${REFUND_REQUEST_MAX_PHOTOS})`,
          description: `multipart/form-data with one field named "file": a JPEG, PNG or WebP image up to ${
            IMAGE_MAX_BYTES / 1024 / 1024
          } MB, re-encoded to WebP with its metadata removed.`,
          consumes: ['multipart/form-data'],
          params: refundRequestParamsSchema,
          response: one,
        },
      },
      async (request) => {
        const actor = await actorOf(request);
        // Rights, status and the photo count are checked before the body is read.
        await services.refunds.checkPhotoAllowed(actor, request.params.id);
        const data = await readImageUpload(request);
        return { request: await services.refunds.addPhoto(actor, request.params.id, data) };
      },
    );
  });
}
