import { z } from 'zod';
import { INVALID_COORDINATES_MESSAGE } from './location.ts';
import { singleLineText } from './text.ts';

/** Longest free text a place search takes; longer input is not a place name. */
export const PLACE_SEARCH_TEXT_MAX = 200;
/** How many places a search answers with. */
export const PLACE_RESULTS_LIMIT = 8;

/**
 * GET /api/location/search (spec §7): `text`, or `latitude` and `longitude`, and optionally
 * `near` ("lat,lng") to rank forward results by nearness. Coordinates arrive as query strings and
 * are checked by `parseCoordinates`, so a bad one answers exactly "Invalid coordinates provided."
 */
export const locationSearchQuerySchema = z.strictObject({
  text: singleLineText()
    .trim()
    .max(PLACE_SEARCH_TEXT_MAX, `Search text can be at most ${PLACE_SEARCH_TEXT_MAX} characters.`)
    .optional(),
  latitude: singleLineText().max(40).optional(),
  longitude: singleLineText().max(40).optional(),
  near: singleLineText().max(80).optional(),
});

export type LocationSearchQuery = z.infer<typeof locationSearchQuerySchema>;

export type LatLng = { lat: number; lng: number };

const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** Spec §5: both must be numbers, latitude −90..90, longitude −180..180; otherwise null. */
export function parseCoordinates(latitude: unknown, longitude: unknown): LatLng | null {
  const toNumber = (value: unknown): number | null => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value !== 'string' || !NUMBER_TEXT.test(value.trim())) return null;
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  };
  const lat = toNumber(latitude);
  const lng = toNumber(longitude);
  if (lat === null || lng === null) return null;
  if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
  return { lat, lng };
}

export { INVALID_COORDINATES_MESSAGE };

const addressComponentSchema = z.strictObject({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()),
});

/** One place in the spec §7 shape (the one Google's geocoder made familiar). */
export const geocodeResultSchema = z.strictObject({
  geometry: z.strictObject({ location: z.strictObject({ lat: z.number(), lng: z.number() }) }),
  formatted_address: z.string(),
  place_id: z.string(),
  address_components: z.array(addressComponentSchema),
  types: z.array(z.string()),
  plus_code: z.strictObject({ global_code: z.string() }),
});

export type GeocodeResult = z.infer<typeof geocodeResultSchema>;
export type AddressComponent = z.infer<typeof addressComponentSchema>;

export const locationSearchResponseSchema = z.strictObject({ results: z.array(geocodeResultSchema) });
export type LocationSearchResponse = z.infer<typeof locationSearchResponseSchema>;

// The browser's search box needs these without zod (the home page loads no schema): see place-result.ts.
export { locationFromGeocodeResult, type PlaceResult, placeFromGeocodeResult } from './place-result.ts';
