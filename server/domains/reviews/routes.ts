import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bathroomParamsSchema,
  bathroomReviewsQuerySchema,
  bathroomReviewsSchema,
  bookingParamsSchema,
  bookingReviewsSchema,
  hideSchema,
  manageReviewsQuerySchema,
  manageReviewsSchema,
  ownReviewSchema,
  profileParamsSchema,
  profileRatingsSchema,
  replySchema,
  reviewParamsSchema,
  writeReviewSchema,
} from '../../../common/schemas/reviews.ts';
import type { AppServices } from '../../services.ts';
import { requireActorOfRequest } from '../auth/request-viewer.ts';
import type { ReviewActor } from './review-rules.ts';

/**
 * The review routes of common/schemas/reviews.ts (ADR 124). Listing reviews and profile ratings
 * are public; everything else needs a signed-in, active account (requireViewer refuses disabled
 * and under-review accounts). Which booking or review the caller may reach is the service's call:
 * anyone not a party is told it does not exist.
 */
export async function reviewRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: FastifyRequest): Promise<ReviewActor> =>
    requireActorOfRequest(services.auth, request);
  const tags = ['reviews'];
  const reviewAnswer = z.object({ review: ownReviewSchema });

  api.get(
    '/api/reviews/bookings/:bookingId',
    {
      schema: {
        tags,
        summary: "A booking's reviews as the caller may see them, and whether the caller may write",
        params: bookingParamsSchema,
        response: { 200: bookingReviewsSchema },
      },
    },
    async (request) => services.reviews.forBooking(await actorOf(request), request.params.bookingId),
  );

  api.put(
    '/api/reviews/bookings/:bookingId',
    {
      schema: {
        tags,
        summary: "Write or edit the caller's review of a completed booking (hidden until both have written)",
        params: bookingParamsSchema,
        body: writeReviewSchema,
        response: { 200: bookingReviewsSchema },
      },
    },
    async (request) => services.reviews.write(await actorOf(request), request.params.bookingId, request.body),
  );

  api.get(
    '/api/reviews/bathrooms/:bathroomId',
    {
      schema: {
        tags,
        summary: "A bathroom's published reviews, newest first, with its averages (public)",
        params: bathroomParamsSchema,
        querystring: bathroomReviewsQuerySchema,
        response: { 200: bathroomReviewsSchema },
      },
    },
    async (request) => services.reviews.forBathroom(request.params.bathroomId, request.query.page),
  );

  api.get(
    '/api/reviews/profiles/:userId',
    {
      schema: {
        tags,
        summary: "A member's rating as a host (from guests) and as a guest (from hosts) (public)",
        params: profileParamsSchema,
        response: { 200: profileRatingsSchema },
      },
    },
    async (request) => services.reviews.profileRatings(request.params.userId),
  );

  api.get(
    '/api/reviews/manage',
    {
      schema: {
        tags,
        summary: "The reviews of the caller's bathrooms, unanswered first, and guests still to review",
        querystring: manageReviewsQuerySchema,
        response: { 200: manageReviewsSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { bathroomId, rating, page } = request.query;
      return services.reviews.forHost(actor.userId, {
        page,
        ...(bathroomId ? { bathroomId } : {}),
        ...(rating ? { rating } : {}),
      });
    },
  );

  api.post(
    '/api/reviews/:reviewId/reply',
    {
      schema: {
        tags,
        summary: "The bathroom's host replies once, publicly, to a published review",
        params: reviewParamsSchema,
        body: replySchema,
        response: { 200: reviewAnswer },
      },
    },
    async (request) => ({
      review: await services.reviews.reply(
        await actorOf(request),
        request.params.reviewId,
        request.body.reply,
      ),
    }),
  );

  api.post(
    '/api/reviews/:reviewId/hide',
    {
      schema: {
        tags,
        summary: 'An admin hides a review that breaks the rules (the reason is kept for audit)',
        params: reviewParamsSchema,
        body: hideSchema,
        response: { 200: reviewAnswer },
      },
    },
    async (request) => ({
      review: await services.reviews.hide(
        await actorOf(request),
        request.params.reviewId,
        request.body.reason,
      ),
    }),
  );
}
