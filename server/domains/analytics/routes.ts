import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type AnalyticsChart,
  analyticsCsvParamsSchema,
  analyticsQuerySchema,
} from '../../../common/schemas/analytics.ts';
import { toWebHeaders } from '../../http/web-request.ts';
import type { AppServices } from '../../services.ts';

/** /api/admin/analytics (ADR 138): admins only, checked here on the server for the report and each CSV. */
export async function analyticsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  api.get(
    '/api/admin/analytics',
    {
      schema: {
        tags,
        summary:
          'Bookings, revenue, searches, cancellations, sign-ups, top cities and bathrooms, occupancy and empty searches per UTC day, with the previous period (admins only)',
        querystring: analyticsQuerySchema,
      },
    },
    async (request) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      return { report: await services.analytics.report(request.query) };
    },
  );

  api.get(
    '/api/admin/analytics/:chart',
    {
      schema: {
        tags,
        summary: 'One analytics chart as CSV, e.g. bookings-revenue.csv (admins only)',
        params: analyticsCsvParamsSchema,
        querystring: analyticsQuerySchema,
      },
    },
    async (request, reply) => {
      await services.auth.requireAdmin(toWebHeaders(request));
      const chart = request.params.chart.replace(/\.csv$/, '') as AnalyticsChart;
      const { filename, body } = await services.analytics.csv(chart, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );
}
