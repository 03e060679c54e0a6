import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminBookingsPageSchema, adminBookingsQuerySchema } from '../../../common/schemas/admin.ts';
import {
  bookingDetailSchema,
  bookingListSchema,
  guestBookingsQuerySchema,
  hostBookingsQuerySchema,
} from '../../../common/schemas/booking-pages.ts';
import {
  bookingCheckoutSchema,
  bookingIdParamsSchema,
  bookingViewSchema,
  cancelBookingSchema,
  cancellationTermsSchema,
  createBookingSchema,
} from '../../../common/schemas/bookings.ts';
import { AppError } from '../../http/errors.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import type { BookingActor } from './booking-service.ts';

/** Bookings (ADR 090). Every route checks the caller on the server. */
export async function bookingRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // requireViewer answers 401 when signed out and 403 for a disabled or under-review account.
  const actor = async (request: Parameters<typeof toWebHeaders>[0]): Promise<BookingActor> => {
    const viewer = await services.auth.requireViewer(toWebHeaders(request));
    return { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  };
  const tags = ['bookings'];

  api.get(
    '/api/admin/bookings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every booking, most recently made first, by text and status, 25 a page (admins only)',
        querystring: adminBookingsQuerySchema,
        response: { 200: adminBookingsPageSchema },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireAdmin(toWebHeaders(request));
      return services.bookings.listForAdmin({ userId: viewer.userId, isAdmin: true }, request.query);
    },
  );

  api.post(
    '/api/bookings',
    {
      schema: {
        tags,
        summary:
          'Hold a slot for 15 minutes and start its checkout (409 when the time is taken, 502 when the payment provider fails)',
        body: createBookingSchema,
        response: { 201: bookingCheckoutSchema },
      },
    },
    async (request, reply) => {
      const booking = await services.bookings.create(await actor(request), request.body);
      return reply.status(201).send(booking);
    },
  );

  api.get(
    '/api/bookings/:id',
    {
      schema: {
        tags,
        summary: 'A booking, for its guest, the host of its bathroom or an admin',
        params: bookingIdParamsSchema,
        response: { 200: bookingViewSchema },
      },
    },
    async (request) => services.bookings.get(await actor(request), request.params.id),
  );

  api.post(
    '/api/bookings/:id/checkout',
    {
      schema: {
        tags,
        summary: "A fresh checkout for the guest's unexpired hold (the previous session is closed first)",
        params: bookingIdParamsSchema,
        response: { 200: bookingCheckoutSchema },
      },
    },
    async (request) => services.bookings.retryCheckout(await actor(request), request.params.id),
  );

  api.post(
    '/api/bookings/:id/release',
    {
      schema: {
        tags,
        summary: 'The guest gives up an unpaid hold: its checkout is closed and the slot freed',
        params: bookingIdParamsSchema,
        response: { 200: bookingViewSchema },
      },
    },
    async (request) => services.bookings.releaseHold(await actor(request), request.params.id),
  );

  api.get(
    '/api/bookings/:id/cancellation',
    {
      schema: {
        tags,
        summary: 'What cancelling now would refund, for the guest (policy) or the host and admins (in full)',
        params: bookingIdParamsSchema,
        response: { 200: cancellationTermsSchema },
      },
    },
    async (request) => services.bookings.cancellationTerms(await actor(request), request.params.id),
  );

  api.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        tags,
        summary:
          'Cancel a booking: the guest gets the policy refund, a host or admin cancelling refunds in full (409 once checked in or over)',
        params: bookingIdParamsSchema,
        body: cancelBookingSchema,
        response: { 200: bookingViewSchema },
      },
    },
    async (request) =>
      services.bookings.cancel(await actor(request), request.params.id, request.body.reason ?? ''),
  );

  api.post(
    '/api/bookings/:id/check-in',
    {
      schema: {
        tags,
        summary: 'The guest checks in, from 10 minutes before the start until the end (409 outside that)',
        params: bookingIdParamsSchema,
        response: { 200: bookingViewSchema },
      },
    },
    async (request) => services.bookings.checkIn(await actor(request), request.params.id),
  );

  api.get(
    '/api/bookings',
    {
      schema: {
        tags,
        summary: "The signed-in guest's bookings: upcoming (soonest first), past or cancelled",
        querystring: guestBookingsQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (request) => ({
      bookings: await services.bookings.listForGuest(await actor(request), request.query.tab),
    }),
  );

  api.get(
    '/api/manage/bookings',
    {
      schema: {
        tags,
        summary:
          "Bookings of the host's bathrooms (every host's for an admin), filtered by status and bathroom",
        querystring: hostBookingsQuerySchema,
        response: { 200: bookingListSchema },
      },
    },
    async (request) => {
      const viewer = await services.auth.requireViewer(toWebHeaders(request));
      if (!viewer.profile.is_provider && !viewer.profile.is_admin) {
        throw new AppError('forbidden', 'Only hosts have bookings to manage.');
      }
      const who = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
      return { bookings: await services.bookings.listForHost(who, request.query) };
    },
  );

  api.get(
    '/api/bookings/:id/detail',
    {
      schema: {
        tags,
        summary:
          'A booking with its people and place: the exact address for the confirmed guest and the host, access instructions for the guest only',
        params: bookingIdParamsSchema,
        response: { 200: bookingDetailSchema },
      },
    },
    async (request) => services.bookings.detail(await actor(request), request.params.id),
  );
}
