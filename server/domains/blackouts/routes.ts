import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blackoutCreatedSchema,
  blackoutIdParamsSchema,
  blackoutInputSchema,
  blackoutListSchema,
  blackoutNeedsConfirmSchema,
  blackoutPreviewSchema,
  blackoutsQuerySchema,
  createBlackoutSchema,
} from '../../../common/schemas/blackouts.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';
import { actorOf } from '../properties/property-service.ts';

/** Blackouts on a host's bathrooms (ADR 094). Hosts (their own bathrooms) and admins only. */
export async function blackoutRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // requireViewer answers 401 when signed out and 403 for a disabled or under-review account.
  const actor = async (request: Parameters<typeof toWebHeaders>[0]) =>
    actorOf(await services.auth.requireViewer(toWebHeaders(request)));
  const tags = ['blackouts'];

  api.get(
    '/api/manage/blackouts',
    {
      schema: {
        tags,
        summary: "A bathroom's blackouts, upcoming and past (its host or an admin)",
        querystring: blackoutsQuerySchema,
        response: { 200: blackoutListSchema },
      },
    },
    async (request) => services.blackouts.list(await actor(request), request.query.bathroomId),
  );

  api.post(
    '/api/manage/blackouts/preview',
    {
      schema: {
        tags,
        summary: 'The live bookings a blackout would cancel, with the refund each guest gets; writes nothing',
        body: blackoutInputSchema,
        response: { 200: blackoutPreviewSchema },
      },
    },
    async (request) => services.blackouts.preview(await actor(request), request.body),
  );

  api.post(
    '/api/manage/blackouts',
    {
      schema: {
        tags,
        summary:
          'Block a range on a bathroom; live bookings inside it are cancelled with full refunds once `confirm` is true (409 with the list otherwise)',
        body: createBlackoutSchema,
        response: { 201: blackoutCreatedSchema, 409: blackoutNeedsConfirmSchema },
      },
    },
    async (request, reply) => {
      const outcome = await services.blackouts.create(await actor(request), request.body);
      if ('needsConfirm' in outcome) {
        const count = outcome.needsConfirm.length;
        return reply.status(409).send({
          error: 'conflict' as const,
          message: `${count === 1 ? 'One booking falls' : `${count} bookings fall`} inside this blackout. Confirm to cancel ${count === 1 ? 'it' : 'them'} with a full refund.`,
          bookings: outcome.needsConfirm,
        });
      }
      return reply.status(201).send(outcome);
    },
  );

  api.delete(
    '/api/manage/blackouts/:id',
    {
      schema: {
        tags,
        summary: 'Remove an upcoming or ongoing blackout (bookings it cancelled stay cancelled)',
        params: blackoutIdParamsSchema,
      },
    },
    async (request, reply) => {
      await services.blackouts.remove(await actor(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
