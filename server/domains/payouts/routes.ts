import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  payoutHostParamsSchema,
  payoutOutcomeSchema,
  payoutOverviewSchema,
  payoutParamsSchema,
  payoutRunSchema,
} from '../../../common/schemas/payouts.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/**
 * Paying hosts (ADR 129), admins only: every route checks admin rights on the server first.
 * Each write pays at most once per host whatever is pressed twice (payout-service.ts).
 */
export async function payoutRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const admin = (request: FastifyRequest) => services.auth.requireAdmin(toWebHeaders(request));

  api.get(
    '/api/admin/payouts',
    {
      schema: {
        tags,
        summary: 'Hosts with a payable balance, their Connect status and bookings; the payout history',
        response: { 200: payoutOverviewSchema },
      },
    },
    async (request) => {
      await admin(request);
      return services.payouts.overview();
    },
  );

  api.post(
    '/api/admin/payouts/hosts/:hostId/pay',
    {
      schema: {
        tags,
        summary: 'Pay one host their payable balance (or resume their payout in flight)',
        params: payoutHostParamsSchema,
        response: { 200: payoutOutcomeSchema },
      },
    },
    async (request) => {
      const viewer = await admin(request);
      return services.payouts.payHost(request.params.hostId, viewer.userId);
    },
  );

  api.post(
    '/api/admin/payouts/pay-all',
    {
      schema: {
        tags,
        summary: 'Pay every host with a payable balance; resumes payouts left pending first',
        response: { 200: payoutRunSchema },
      },
    },
    async (request) => {
      const viewer = await admin(request);
      return services.payouts.payAll(viewer.userId);
    },
  );

  api.post(
    '/api/admin/payouts/:payoutId/retry',
    {
      schema: {
        tags,
        summary: 'Retry a failed payout: a new payout of what the host is owed now',
        params: payoutParamsSchema,
        response: { 200: payoutOutcomeSchema },
      },
    },
    async (request) => {
      const viewer = await admin(request);
      return services.payouts.retry(request.params.payoutId, viewer.userId);
    },
  );
}
