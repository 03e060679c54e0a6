import { z } from 'zod';

export const latitudeSchema = z.number().min(-90).max(90);
export const longitudeSchema = z.number().min(-180).max(180);

/** Spec §3 Location: the shape a saved address takes in a profile (and, later, a bathroom). */
export const profileLocationSchema = z.strictObject({
  lat: latitudeSchema,
  lon: longitudeSchema,
  formatted: z.string().trim().min(1).max(300),
  name: z.string().max(200).optional(),
  street: z.string().max(200).optional(),
  address_line1: z.string().max(300).optional(),
  address_line2: z.string().max(300).optional(),
  postcode: z.string().max(20).optional(),
  county: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  state_code: z.string().max(10).optional(),
  country: z.string().max(100).optional(),
  country_code: z.string().max(3).optional(),
  iso3166_2: z.string().max(10).optional(),
  timezone: z.string().max(64).optional(),
  place_id: z.string().max(200).optional(),
  plus_code: z.string().max(20).optional(),
  rank: z.number().optional(),
  datasource: z.string().max(100).optional(),
});

export type ProfileLocation = z.infer<typeof profileLocationSchema>;
