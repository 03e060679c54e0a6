import { LISTING_STEPS, type ListingStep } from '../../../common/listing-steps.ts';
import {
  PAYOUTS_MISSING,
  type PhotoView,
  type PropertySummary,
  type PropertyView,
  type PublicListing,
  photoAltText,
} from '../../../common/schemas/properties.ts';
import { AppError, type FieldError } from '../../http/errors.ts';
import type { BathroomRow, OpeningRangeRow, PhotoRow } from './repository.ts';

/** Turns rows into what the API answers. Only toPropertyView carries the private parts. */

export type UrlFor = (key: string) => string;

/** `title` is the listing's: an undescribed photo takes its alt text from it. */
export function toPhotoView(photo: PhotoRow, title: string, urlFor: UrlFor): PhotoView {
  const url = urlFor(photo.key_1x);
  return {
    id: photo.id,
    position: photo.position,
    url,
    srcset: `${url} 1x, ${urlFor(photo.key_2x)} 2x`,
    alt: photoAltText(photo.alt, title, photo.position),
    alt_is_default: !photo.alt.trim(),
    width: photo.width,
    height: photo.height,
  };
}

/** PostgreSQL answers 'HH:MM:SS'; the API speaks 'HH:MM' (with '24:00' for midnight). */
export function toClock(time: string): string {
  return time.slice(0, 5);
}

export function toOpeningHoursView(ranges: OpeningRangeRow[]) {
  return ranges.map((range) => ({
    weekday: range.weekday,
    opens: toClock(range.opens),
    closes: toClock(range.closes),
  }));
}

export function toPublicListing(
  row: BathroomRow,
  photos: PhotoRow[],
  hours: OpeningRangeRow[],
  urlFor: UrlFor,
): PublicListing {
  return {
    id: row.id,
    host_id: row.host_id,
    title: row.title,
    description: row.description,
    city: row.city,
    state_code: row.state_code,
    country_code: row.country_code,
    public_latitude: row.public_latitude,
    public_longitude: row.public_longitude,
    timezone: row.timezone,
    hourly_price_cents: row.hourly_price_cents,
    allowed_durations: row.allowed_durations.map(Number),
    cleaning_buffer_minutes: row.cleaning_buffer_minutes,
    amenities: row.amenities,
    accessibility: row.accessibility,
    house_rules: row.house_rules,
    rating_average: row.rating_average === null ? null : Number(row.rating_average),
    rating_count: row.rating_count,
    published_at: row.published_at ? new Date(row.published_at).toISOString() : null,
    photos: photos.map((photo) => toPhotoView(photo, row.title, urlFor)),
    opening_hours: toOpeningHoursView(hours),
  };
}

/**
 * What still stops a listing from going live (ADR 066). Title, address and price are enforced by
 * the schema and the table, so in practice photos and hours are what a draft lacks.
 */
export function publishRequirements(
  row: BathroomRow,
  photoCount: number,
  rangeCount: number,
  payoutLinked: boolean,
): FieldError[] {
  const missing: FieldError[] = [];
  if (row.title.trim().length < 3) missing.push({ field: 'title', message: 'Add a title.' });
  if (!row.location?.formatted) missing.push({ field: 'location', message: 'Add the address.' });
  if (!(row.hourly_price_cents >= 100))
    missing.push({ field: 'hourly_price_cents', message: 'Set a price.' });
  if (photoCount < 1) missing.push({ field: 'photos', message: 'Add at least one photo.' });
  if (rangeCount < 1) {
    missing.push({ field: 'opening_hours', message: 'Open on at least one day of the week.' });
  }
  // PRODUCT.md: an unlinked provider cannot publish; guests' payments would have nowhere to go.
  if (!payoutLinked) missing.push({ field: 'payouts', message: PAYOUTS_MISSING });
  return missing;
}

/**
 * The add-a-bathroom steps done (ADR 117). A draft exists only with a title and an address, and
 * photos are counted; hours, amenities and rules are remembered when saved, because a new draft's
 * defaults (open every day, nothing listed) cannot tell a visited step from a skipped one.
 */
export function completedSteps(row: BathroomRow, photoCount: number): ListingStep[] {
  const done = new Set<ListingStep>(row.completed_steps);
  if (row.title.trim()) done.add('basics');
  if (row.location?.formatted) done.add('address');
  if (photoCount > 0) done.add('photos');
  return LISTING_STEPS.filter((step) => done.has(step));
}

export function toPropertyView(
  row: BathroomRow,
  photos: PhotoRow[],
  hours: OpeningRangeRow[],
  urlFor: UrlFor,
  payoutLinked: boolean,
): Omit<PropertyView, 'admin_hold'> {
  const missing = publishRequirements(row, photos.length, hours.length, payoutLinked);
  return {
    ...toPublicListing(row, photos, hours, urlFor),
    status: row.status,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    access_instructions: row.access_instructions,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    missing_for_publish: missing.map((item) => item.message),
    publish_missing: missing.map(({ field, message }) => ({ field, message })),
    completed_steps: completedSteps(row, photos.length),
  };
}

export function toPropertySummary(
  row: BathroomRow,
  photos: PhotoRow[],
  urlFor: UrlFor,
): Omit<PropertySummary, 'admin_hold'> {
  const cover = photos.find((photo) => photo.position === 0) ?? photos[0];
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    city: row.city,
    state_code: row.state_code,
    hourly_price_cents: row.hourly_price_cents,
    cover: cover ? toPhotoView(cover, row.title, urlFor) : null,
    photo_count: photos.length,
    updated_at: new Date(row.updated_at).toISOString(),
    completed_steps: completedSteps(row, photos.length),
  };
}

export const notFound = () => new AppError('not_found', 'There is no such listing.');
