import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bathroomIdParamsSchema,
  slotsQuerySchema,
  slotsResponseSchema,
} from '../../../common/schemas/bookings.ts';
import { GO_NOW_OFF_MESSAGE, goNowQuerySchema, goNowResponseSchema } from '../../../common/schemas/go-now.ts';
import { searchQuerySchema, toSearchInput } from '../../../common/schemas/search.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { findGoNow } from './go-now.ts';

const resultSchema = z.object({
  id: z.string(),
  title: z.string(),
  cover: z.object({ url: z.string(), srcset: z.string(), alt: z.string() }).nullable(),
  hourly_price_cents: z.number(),
  rating_average: z.number().nullable(),
  rating_count: z.number(),
  accessibility: z.array(z.string()),
  amenities: z.array(z.string()),
  public_latitude: z.number(),
  public_longitude: z.number(),
  distance_miles: z.number(),
  city: z.string(),
  state_code: z.string(),
  timezone: z.string(),
});

/** Public search: anyone may look, signed in or not; only published bathrooms are ever returned. */
export async function availabilityRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/bathrooms/search',
    {
      schema: {
        tags: ['bathrooms'],
        summary: 'Published bathrooms near a point, optionally open for a date, time and duration',
        querystring: searchQuerySchema,
        response: { 200: z.object({ results: z.array(resultSchema), total: z.number() }) },
      },
      // The service builds every result field by field to SearchResponse's type, so checking it
      // again with zod on the way out only cost CPU on the busiest public route (as much as the
      // JSON itself: docs/PERFORMANCE.md, "Search load"). The zod schema above still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => services.availability.search(toSearchInput(request.query), { record: 'search' }),
  );

  api.get(
    '/api/bathrooms/:id/slots',
    {
      schema: {
        tags: ['bathrooms'],
        summary: "A published bathroom's free starts on a local date for a duration, in its time zone",
        params: bathroomIdParamsSchema,
        querystring: slotsQuerySchema,
        response: { 200: slotsResponseSchema },
      },
    },
    async (request) => {
      const { date, duration } = request.query;
      const answer = await services.availability.slots(request.params.id, date, duration);
      if (!answer) throw new AppError('not_found', 'There is no such bathroom.');
      if ('duration_not_offered' in answer) {
        const offered = answer.duration_not_offered.join(', ');
        throw new AppError('validation_error', `This bathroom takes bookings of ${offered} minutes.`, [
          { field: 'duration', message: `Choose ${offered} minutes.` },
        ]);
      }
      return answer;
    },
  );

  // Go now (ADR 093): public like search; a guest in a hurry need not sign in to look.
  api.get(
    '/api/bathrooms/go-now',
    {
      schema: {
        tags: ['bathrooms'],
        summary:
          'The nearest published bathrooms with a free 15-minute start within the next 15 minutes (404 while admins have switched Go now off)',
        querystring: goNowQuerySchema,
        response: { 200: goNowResponseSchema },
      },
    },
    async (request) => {
      const settings = await services.settings.current();
      // Admins may switch the quick-book path off (ADR 140); the pages hide it, and so does the API.
      if (!settings.goNowEnabled) throw new AppError('not_found', GO_NOW_OFF_MESSAGE);
      const point = { latitude: request.query.lat, longitude: request.query.lon };
      const results = await findGoNow(
        {
          db: services.db,
          availability: services.availability,
          timezoneAt: (latitude, longitude) => services.places.timezoneAt(latitude, longitude),
          rules: settings,
        },
        point,
      );
      services.availability.recordSearch({ ...point, resultCount: results.length, kind: 'go_now' });
      return { results };
    },
  );
}
