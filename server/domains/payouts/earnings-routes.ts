import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earningsCsvQuerySchema,
  earningsOverviewQuerySchema,
  earningsOverviewSchema,
  monthlyStatementSchema,
  statementParamsSchema,
} from '../../../common/schemas/earnings.ts';
import type { AppServices } from '../../services.ts';
import { requireViewerOfRequest } from '../auth/request-viewer.ts';
import { earningsViewerOf } from './earnings-service.ts';

/**
 * The host's own earnings (ADR 132). Each route needs a signed-in, active account (requireViewer
 * refuses disabled and under-review ones); the service refuses anyone who is not a host (403).
 */
export async function earningsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['earnings'];
  const viewerOf = async (request: Parameters<typeof requireViewerOfRequest>[1]) =>
    earningsViewerOf(await requireViewerOfRequest(services.auth, request));

  api.get(
    '/api/earnings',
    {
      schema: {
        tags,
        summary: 'Your totals, chart by week or month, a page of bookings and your payouts (hosts only)',
        querystring: earningsOverviewQuerySchema,
        response: { 200: earningsOverviewSchema },
      },
    },
    async (request) => services.earnings.overview(await viewerOf(request), request.query),
  );

  api.get(
    '/api/earnings.csv',
    {
      schema: {
        tags,
        summary: 'Every paid booking with gross, commission, refunds and net, as CSV; month narrows it',
        querystring: earningsCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const { filename, body } = await services.earnings.csv(await viewerOf(request), request.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  api.get(
    '/api/earnings/statements/:month',
    {
      schema: {
        tags,
        summary: "A month's statement: its bookings, their money, the payouts made in it (hosts only)",
        params: statementParamsSchema,
        response: { 200: monthlyStatementSchema },
      },
    },
    async (request) => services.earnings.statement(await viewerOf(request), request.params.month),
  );
}
