import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  INVALID_COORDINATES_MESSAGE,
  locationSearchQuerySchema,
  locationSearchResponseSchema,
  parseCoordinates,
} from '../../../common/schemas/places.ts';
import { AppError } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';

/**
 * An autocomplete asks at most about five times a second while someone types; 120 a minute per
 * address leaves room for several people behind one router and stops scraping the gazetteer.
 */
export const LOCATION_SEARCH_RATE_LIMIT = { max: 120, timeWindowMs: 60 * 1000 } as const;

function invalidCoordinates(field: string): AppError {
  return new AppError('validation_error', INVALID_COORDINATES_MESSAGE, [
    { field, message: INVALID_COORDINATES_MESSAGE },
  ]);
}

export async function placesRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/location/search',
    {
      config: {
        rateLimit: {
          max: LOCATION_SEARCH_RATE_LIMIT.max,
          timeWindow: LOCATION_SEARCH_RATE_LIMIT.timeWindowMs,
          errorResponseBuilder: () =>
            new AppError(
              'rate_limited',
              'You are searching very quickly. Please wait a minute and try again.',
            ),
        },
      },
      schema: {
        tags: ['places'],
        summary: 'Find places by name, or name the place at a point (spec §7)',
        description:
          'Pass `text` ("austin", "austn tx", "New York, NY") for forward search — prefix and typo-tolerant, ranked by population and, with `near=lat,lng`, by nearness — or `latitude` and `longitude` for the place at a point. Offline, from the GeoNames gazetteer; when the server has a street geocoder (GEOCODER_URL), an address with a house number also gets street matches, first. Open to everyone; limited to 120 requests per minute per IP address.',
        querystring: locationSearchQuerySchema,
        response: { 200: locationSearchResponseSchema },
      },
    },
    async (request) => {
      const { text, latitude, longitude, near } = request.query;
      if (latitude !== undefined || longitude !== undefined) {
        const point = parseCoordinates(latitude, longitude);
        if (!point)
          throw invalidCoordinates(
            latitude === undefined || parseCoordinates(latitude, 0) === null ? 'latitude' : 'longitude',
          );
        return { results: services.places.search({ latitude: point.lat, longitude: point.lng }) };
      }
      if (!text) {
        throw new AppError('validation_error', 'text: Type a city or town, or send latitude and longitude.', [
          { field: 'text', message: 'Type a city or town, or send latitude and longitude.' },
        ]);
      }
      let nearPoint: { lat: number; lng: number } | undefined;
      if (near !== undefined) {
        const [nearLat, nearLng, extra] = near.split(',');
        const parsed = extra === undefined ? parseCoordinates(nearLat, nearLng) : null;
        if (!parsed) throw invalidCoordinates('near');
        nearPoint = parsed;
      }
      return { results: await services.places.searchWithStreets({ text, near: nearPoint }) };
    },
  );
}
