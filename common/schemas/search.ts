import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_MILES,
  MILES_TO_METERS,
  RADIUS_OPTIONS_MILES,
} from '../constants.ts';
import { BOOKING_DURATIONS, SEARCH_SORTS, type SearchSort } from '../search-options.ts';
import { INVALID_COORDINATES_MESSAGE, latitudeSchema, longitudeSchema } from './location.ts';
import { singleLineText } from './text.ts';
import { calendarDateSchema } from './timestamp.ts';

// Zod-free, so that the search form can offer them without loading zod.
export { BOOKING_DURATIONS, SEARCH_SORTS, type SearchSort } from '../search-options.ts';
/** SEO pages and benchmarks may ask for any radius in metres, up to 50 miles. */
export const MAX_RADIUS_METERS = Math.round(50 * MILES_TO_METERS);
export const MAX_PAGE_SIZE = 50;

/** Blank query parameters count as absent, so a form's empty field does not become an error. */
const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const numberText = (schema: z.ZodType<number, number>, message: string) =>
  z.preprocess((value) => {
    const present = blankAsUndefined(value);
    return typeof present === 'string' ? Number(present.trim()) : present;
  }, z.number({ error: message }).pipe(schema).optional());

/** `a,b` or repeated parameters (`?x=a&x=b`), each a lower-case slug. */
const slugList = z.preprocess(
  (value) => {
    const items = (Array.isArray(value) ? value : [value])
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : []))
      .map((item) => item.trim())
      .filter(Boolean);
    return [...new Set(items)];
  },
  z
    .array(singleLineText().regex(/^[a-z0-9_-]{1,40}$/, 'Use the listed feature names.'))
    .max(20, 'Choose at most 20.'),
);

/**
 * The whole search, as it travels in the URL of /bathrooms and in GET /api/bathrooms/search.
 * Date and time are on the bathroom's own wall clock: "2 pm" means 2 pm where the bathroom is.
 */
export const searchQuerySchema = z
  .strictObject({
    /** The address as the guest typed or picked it: shown back in the field, not used to search. */
    q: z.preprocess(blankAsUndefined, singleLineText().trim().max(300).optional()),
    lat: numberText(latitudeSchema, INVALID_COORDINATES_MESSAGE),
    lng: numberText(longitudeSchema, INVALID_COORDINATES_MESSAGE),
    radius: numberText(
      z.number().refine((value) => (RADIUS_OPTIONS_MILES as readonly number[]).includes(value), {
        message: `Choose a radius of ${RADIUS_OPTIONS_MILES.join(', ')} miles.`,
      }),
      'Choose a radius in miles.',
    ),
    radius_m: numberText(
      z
        .number()
        .int('Use whole metres.')
        .min(1)
        .max(MAX_RADIUS_METERS, `At most ${MAX_RADIUS_METERS} metres.`),
      'Give the radius in metres.',
    ),
    date: z.preprocess(blankAsUndefined, calendarDateSchema('Use a date like 2026-05-31.').optional()),
    time: z.preprocess(
      blankAsUndefined,
      singleLineText()
        .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, 'Use a time on the quarter hour, like 14:30.')
        .optional(),
    ),
    duration: numberText(
      z.number().refine((value) => (BOOKING_DURATIONS as readonly number[]).includes(value), {
        message: `Choose ${BOOKING_DURATIONS.join(', ')} minutes.`,
      }),
      'Choose a duration in minutes.',
    ),
    min_price: numberText(
      z.number().min(0).max(200, 'Prices go up to $200 an hour.'),
      'Give a price in dollars.',
    ),
    max_price: numberText(
      z.number().min(1, 'Prices start at $1 an hour.').max(200),
      'Give a price in dollars.',
    ),
    min_rating: numberText(
      z.number().min(1, 'Ratings go from 1 to 5.').max(5, 'Ratings go from 1 to 5.'),
      'Give a rating from 1 to 5.',
    ),
    accessibility: slugList.optional(),
    amenities: slugList.optional(),
    sort: z.preprocess(
      blankAsUndefined,
      z.enum(SEARCH_SORTS, { error: 'Sort by distance, price or rating.' }).default('distance'),
    ),
    page: numberText(z.number().int().min(1, 'Pages start at 1.').max(1000), 'Give a page number.'),
    limit: numberText(
      z.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} a page.`),
      'Give a page size.',
    ),
  })
  .superRefine((query, ctx) => {
    if (query.lat === undefined || query.lng === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [query.lat === undefined ? 'lat' : 'lng'],
        message: 'Choose a place to search near.',
      });
    }
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_price'],
        message: 'The highest price is below the lowest.',
      });
    }
    if (query.duration !== undefined && query.time === undefined) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Choose a start time for that duration.' });
    }
  });

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** What the availability service's search takes (server side). */
export type SearchInput = {
  latitude: number;
  longitude: number;
  radiusMiles: number;
  /** Overrides radiusMiles when given (SEO pages, benchmarks). */
  radiusMeters?: number;
  /**
   * Location pages (ADR 077): bathrooms whose address is in this city instead of a radius; the
   * point above is then the city's centre, which distances are measured from. `stateCode` is
   * compared only when given (US cities; elsewhere a city slug is city + country).
   */
  city?: { countryCode: string; stateCode?: string; names: string[] };
  date?: string;
  time?: string;
  durationMinutes?: number;
  filters: {
    minPriceCents?: number;
    maxPriceCents?: number;
    minRating?: number;
    accessibility: string[];
    amenities: string[];
  };
  sort: SearchSort;
  limit: number;
  offset: number;
};

/** Turns a checked query into the service's input. A time with no duration means the shortest booking. */
export function toSearchInput(query: SearchQuery): SearchInput {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return {
    latitude: query.lat as number,
    longitude: query.lng as number,
    radiusMiles: query.radius ?? DEFAULT_RADIUS_MILES,
    ...(query.radius_m !== undefined ? { radiusMeters: query.radius_m } : {}),
    ...(query.date ? { date: query.date } : {}),
    ...(query.time ? { time: query.time, durationMinutes: query.duration ?? BOOKING_DURATIONS[0] } : {}),
    filters: {
      ...(query.min_price !== undefined ? { minPriceCents: Math.round(query.min_price * 100) } : {}),
      ...(query.max_price !== undefined ? { maxPriceCents: Math.round(query.max_price * 100) } : {}),
      ...(query.min_rating !== undefined ? { minRating: query.min_rating } : {}),
      accessibility: query.accessibility ?? [],
      amenities: query.amenities ?? [],
    },
    sort: query.sort,
    limit,
    offset: ((query.page ?? 1) - 1) * limit,
  };
}

/** One result as the API and the pages see it. */
export type SearchResult = {
  id: string;
  title: string;
  cover: { url: string; srcset: string; alt: string } | null;
  hourly_price_cents: number;
  rating_average: number | null;
  rating_count: number;
  accessibility: string[];
  amenities: string[];
  public_latitude: number;
  public_longitude: number;
  distance_miles: number;
  city: string;
  state_code: string;
  timezone: string;
};

/** `total` stops at the count cap (1,000); `totalIsCapped` says there are more ("1,000+"). */
export type SearchResponse = { results: SearchResult[]; total: number; totalIsCapped: boolean };
