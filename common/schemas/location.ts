import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Spec §5 and §8: the one message for coordinates out of range or not numbers. */
export const INVALID_COORDINATES_MESSAGE = 'Invalid coordinates provided.';

/**
 * Below this (about 0.1 mm) a coordinate other than 0 is no place anyone means, and PostgreSQL's
 * float arithmetic on it (ll_to_earth, distances) underflows into an error (ADR 104).
 */
export const SMALLEST_COORDINATE = 1e-9;
const notVanishinglySmall = (value: number) => value === 0 || Math.abs(value) >= SMALLEST_COORDINATE;

export const latitudeSchema = z
  .number({ error: INVALID_COORDINATES_MESSAGE })
  .min(-90, INVALID_COORDINATES_MESSAGE)
  .max(90, INVALID_COORDINATES_MESSAGE)
  .refine(notVanishinglySmall, INVALID_COORDINATES_MESSAGE);
export const longitudeSchema = z
  .number({ error: INVALID_COORDINATES_MESSAGE })
  .min(-180, INVALID_COORDINATES_MESSAGE)
  .max(180, INVALID_COORDINATES_MESSAGE)
  .refine(notVanishinglySmall, INVALID_COORDINATES_MESSAGE);

/** Spec §3 Location: the shape a saved address takes in a profile (and, later, a bathroom). */
export const profileLocationSchema = z.strictObject({
  lat: latitudeSchema,
  lon: longitudeSchema,
  formatted: singleLineText().trim().min(1, 'An address needs a formatted line.').max(300),
  name: singleLineText().trim().max(200).optional(),
  street: singleLineText().trim().max(200).optional(),
  address_line1: singleLineText().trim().max(300).optional(),
  address_line2: singleLineText().trim().max(300).optional(),
  postcode: singleLineText().trim().max(20).optional(),
  county: singleLineText().trim().max(100).optional(),
  state: singleLineText().trim().max(100).optional(),
  state_code: singleLineText().trim().max(10).optional(),
  country: singleLineText().trim().max(100).optional(),
  country_code: singleLineText().trim().max(3).optional(),
  iso3166_2: singleLineText().trim().max(10).optional(),
  timezone: singleLineText().trim().max(64).optional(),
  place_id: singleLineText().trim().max(200).optional(),
  plus_code: singleLineText().trim().max(20).optional(),
  rank: z.number().optional(),
  datasource: singleLineText().trim().max(100).optional(),
});

export type ProfileLocation = z.infer<typeof profileLocationSchema>;

/** A typed coordinate: blank means "not given yet", anything else must be a number in range. */
function coordinateText(schema: z.ZodNumber) {
  return z.preprocess(
    (value) => {
      if (typeof value === 'number') return value;
      if (typeof value !== 'string' || value.trim() === '') return undefined;
      return Number(value.trim());
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Add coordinates: tap "Use my current location" or type them.'
            : INVALID_COORDINATES_MESSAGE,
      })
      .pipe(schema),
  );
}

/**
 * The address form (no geocoder yet): the parts a person types, plus coordinates from the browser
 * or typed. Field names are the Location's own, so errors land on the right input; `name` is the
 * city, which is what a place search would put there too.
 */
export const addressFormSchema = z.strictObject({
  address_line1: singleLineText().trim().min(1, 'Enter the street address.').max(200),
  address_line2: singleLineText().trim().max(200),
  name: singleLineText().trim().min(1, 'Enter the city or town.').max(100),
  state: singleLineText().trim().max(100),
  postcode: singleLineText().trim().max(20),
  country: singleLineText().trim().min(1, 'Enter the country.').max(100),
  lat: coordinateText(latitudeSchema),
  lon: coordinateText(longitudeSchema),
});

export type AddressFormValues = {
  address_line1: string;
  address_line2: string;
  name: string;
  state: string;
  postcode: string;
  country: string;
  lat: string;
  lon: string;
};

export type AddressFormOutput = z.infer<typeof addressFormSchema>;

/** "1 Main St, Apt 2, Austin, TX 78701, United States": the parts in postal order, blanks skipped. */
export function composeFormattedAddress(parts: Omit<AddressFormOutput, 'lat' | 'lon'>): string {
  const region = [parts.state, parts.postcode].filter(Boolean).join(' ');
  return [parts.address_line1, parts.address_line2, parts.name, region, parts.country]
    .filter(Boolean)
    .join(', ');
}

/** Turns the checked form into the stored Location; empty optional parts are left out. */
export function locationFromAddressForm(form: AddressFormOutput): ProfileLocation {
  const location: ProfileLocation = {
    lat: form.lat,
    lon: form.lon,
    formatted: composeFormattedAddress(form),
    address_line1: form.address_line1,
    street: form.address_line1,
    name: form.name,
    country: form.country,
  };
  if (form.address_line2) location.address_line2 = form.address_line2;
  if (form.state) location.state = form.state;
  if (form.postcode) location.postcode = form.postcode;
  return location;
}

/** The form's starting values for editing a saved Location (or blank for a new one). */
export function addressFormValues(location?: ProfileLocation): AddressFormValues {
  return {
    address_line1: location?.address_line1 ?? location?.street ?? '',
    address_line2: location?.address_line2 ?? '',
    name: location?.name ?? '',
    state: location?.state ?? '',
    postcode: location?.postcode ?? '',
    country: location?.country ?? '',
    lat: location ? String(location.lat) : '',
    lon: location ? String(location.lon) : '',
  };
}
