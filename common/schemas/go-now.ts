import { z } from 'zod';
import { INVALID_COORDINATES_MESSAGE, latitudeSchema, longitudeSchema } from './location.ts';

/** A Go now answer lists at most this many bathrooms. */
export const GO_NOW_LIMIT = 10;
/** Go now books the shortest stay, starting within this many minutes. */
export const GO_NOW_DURATION_MINUTES = 15;
export const GO_NOW_WINDOW_MINUTES = 15;
/** What the API answers (404) while admins have switched Go now off (ADR 140). */
export const GO_NOW_OFF_MESSAGE =
  'Go now is switched off at the moment. Search for a bathroom and book a time instead.';
/** How far Go now looks: the widest search radius (a hurried guest will walk a bit). */
export const GO_NOW_RADIUS_MILES = 25;

const coordinate = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ error: INVALID_COORDINATES_MESSAGE }).pipe(schema),
  );

/** GET /api/bathrooms/go-now?lat=&lon= : the coordinates of the guest (spec §3 Location names). */
export const goNowQuerySchema = z.strictObject({
  lat: coordinate(latitudeSchema),
  lon: coordinate(longitudeSchema),
});

export const goNowResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  state_code: z.string(),
  timezone: z.string(),
  distance_miles: z.number(),
  hourly_price_cents: z.number(),
  /** What 15 minutes cost, as the booking will charge it. */
  price_cents: z.number(),
  duration_minutes: z.number(),
  /** The earliest free start within the window, UTC ISO 8601. */
  starts_at: z.string(),
  /** That start on the bathroom's wall clock, 'HH:MM'. */
  local_time: z.string(),
});

export const goNowResponseSchema = z.object({ results: z.array(goNowResultSchema) });

export type GoNowResult = z.infer<typeof goNowResultSchema>;
export type GoNowResponse = z.infer<typeof goNowResponseSchema>;
