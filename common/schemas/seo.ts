import { singleLineText } from './text.ts';

/**
 * Location pages (ADR 077). "in" lists the bathrooms whose address is in the city; "near" every
 * bathroom within NEAR_RADIUS_MILES of its centre, nearest first. "bathrooms" speaks to guests,
 * "properties" to hosts about the same listings, and names the bathrooms page as its canonical.
 */
export const LOCATION_PAGE_KINDS = [
  'bathrooms-in',
  'bathrooms-near',
  'properties-in',
  'properties-near',
] as const;
export type LocationPageKind = (typeof LOCATION_PAGE_KINDS)[number];
export type LocationScope = 'in' | 'near';
export type LocationAudience = 'bathrooms' | 'properties';

/** The widest radius the search form offers: "near" pages and their full-search link agree. */
export const NEAR_RADIUS_MILES = 25;
/** The full-search link of an "in" page: the city, roughly, on the search form's radius choices. */
export const IN_SEARCH_RADIUS_MILES = 10;
/** Listings on one location page (2, 3 and 4 columns all fill); the rest are one click away. */
export const LOCATION_PAGE_SIZE = 24;
export const NEARBY_CITY_LINKS = 8;
/** Nearby-city links and the index's "more cities" name places at least this big. */
export const NEARBY_CITY_MIN_POPULATION = 20_000;
export const INDEX_MORE_CITIES_MIN_POPULATION = 100_000;

export function locationPageKind(audience: LocationAudience, scope: LocationScope): LocationPageKind {
  return `${audience}-${scope}`;
}

export function parseLocationPageKind(kind: LocationPageKind): {
  audience: LocationAudience;
  scope: LocationScope;
} {
  const [audience, scope] = kind.split('-') as [LocationAudience, LocationScope];
  return { audience, scope };
}

export function locationPath(kind: LocationPageKind, slug: string): string {
  return `/${kind}/${encodeURIComponent(slug)}`;
}

/**
 * The {location} of a location page: a city slug, `austin-tx` (US: city and state code) or
 * `paris-fr` (elsewhere: city and country code). Case and surrounding blanks are forgiven (the
 * page then redirects to the lower-case form); anything else is not a slug, and gets a 404 with
 * suggestions read from the text.
 */
export const locationSlugSchema = singleLineText()
  .trim()
  .toLowerCase()
  .max(100, 'A place name is at most 100 characters.')
  .regex(/^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*-[a-z]{2}$/u, 'Use a place like austin-tx or new-york-ny.');

/** The words of a slug or a mistyped one, for the typo-tolerant suggestions: `austn-tx` → `austn tx`. */
export function slugToText(slug: string): string {
  return slug
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 100);
}
