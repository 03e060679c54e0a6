import { randomUUID } from 'node:crypto';
import { SAVED_LISTING_STEPS } from '../../../common/listing-steps.ts';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import {
  type CreatePropertyInput,
  createPropertySchema,
  DEFAULT_PRICE_CENTS,
  MAX_PHOTOS,
  type OpeningHoursInput,
  openingHoursSchema,
  PHOTO_ALT_MAX,
  PHOTO_ALT_TOO_LONG,
} from '../../../common/schemas/properties.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { IMAGE_PURPOSES } from '../storage/image-pipeline.ts';
import type { PreparedImage, StorageService } from '../storage/storage-service.ts';
import type { Actor } from './property-service.ts';
import { publishRequirements } from './property-views.ts';
import {
  type BathroomRow,
  findPayoutLinkedHosts,
  insertBathrooms,
  insertOpeningRanges,
  insertPhotos,
  type NewBathroom,
  publishBathrooms,
} from './repository.ts';

/** One complete listing to import: what a host would enter across the listing form's steps. */
export type ListingImport = {
  actor: Actor;
  property: CreatePropertyInput;
  hours: OpeningHoursInput;
  /** Cover first; each stored as the listing's own files. */
  photos: { image: PreparedImage; alt: string }[];
  publish: boolean;
};

type ImportDeps = {
  db: Db;
  storage: StorageService;
  /** The property service's own: the point, the public point, the zone and the place. */
  addressColumns: (
    id: string,
    location: ProfileLocation,
  ) => Pick<
    NewBathroom,
    | 'location'
    | 'latitude'
    | 'longitude'
    | 'public_latitude'
    | 'public_longitude'
    | 'timezone'
    | 'city'
    | 'state_code'
    | 'country_code'
  >;
};

/**
 * Creates many complete listings at once — the demo seed's hundreds on a first start — under the
 * same rules as the one-by-one calls: only hosts list, every input passes the API's schemas, the
 * address decides the time zone and the public point, photos get files of their own, and a listing
 * is published only if it meets the publishing requirements. The difference is a handful of
 * multi-row statements in one transaction instead of a dozen round trips per listing (ADR 081).
 */
export function createListingImport(deps: ImportDeps) {
  const { db, storage } = deps;

  function checked(item: ListingImport) {
    if (!item.actor.isProvider) {
      throw new AppError('forbidden', 'Only hosts can list a bathroom. Ask to become a host first.');
    }
    if (item.photos.length > MAX_PHOTOS) {
      throw new AppError('conflict', `A listing holds at most ${MAX_PHOTOS} photos.`);
    }
    for (const photo of item.photos) {
      if (photo.image.purpose !== 'bathroom')
        throw new Error('listing photos must be prepared as bathroom images');
      if (photo.alt.trim().length > PHOTO_ALT_MAX) {
        throw new AppError('validation_error', PHOTO_ALT_TOO_LONG, [
          { field: 'alt', message: PHOTO_ALT_TOO_LONG },
        ]);
      }
    }
    return {
      id: randomUUID(),
      item,
      property: createPropertySchema.parse(item.property),
      ranges: openingHoursSchema.parse(item.hours).ranges,
    };
  }

  function bathroomRow(id: string, hostId: string, input: CreatePropertyInput): NewBathroom {
    return {
      id,
      host_id: hostId,
      title: input.title,
      description: input.description ?? '',
      hourly_price_cents: input.hourly_price_cents ?? DEFAULT_PRICE_CENTS,
      ...(input.allowed_durations ? { allowed_durations: input.allowed_durations } : {}),
      ...(input.cleaning_buffer_minutes !== undefined
        ? { cleaning_buffer_minutes: input.cleaning_buffer_minutes }
        : {}),
      amenities: input.amenities ?? [],
      accessibility: input.accessibility ?? [],
      house_rules: input.house_rules ?? '',
      access_instructions: input.access_instructions ?? '',
      ...deps.addressColumns(id, input.location),
      // An import arrives whole, with its own hours: nothing is left to step through (ADR 117).
      completed_steps: [...SAVED_LISTING_STEPS],
    };
  }

  /** Returns the new listings' ids, in the order given. */
  async function importListings(items: ListingImport[]): Promise<string[]> {
    const listings = items.map(checked);
    const owned = listings.flatMap((listing) =>
      listing.item.photos.map((photo) => ({ ownerId: listing.item.actor.userId, image: photo.image })),
    );
    const stored = await storage.storePreparedImages(owned);
    try {
      await db.transaction().execute(async (trx) => {
        const rows = await insertBathrooms(
          trx,
          listings.map((listing) => bathroomRow(listing.id, listing.item.actor.userId, listing.property)),
        );
        await insertOpeningRanges(
          trx,
          listings.flatMap((listing) =>
            listing.ranges.map((range) => ({ bathroom_id: listing.id, ...range })),
          ),
        );
        let next = 0;
        await insertPhotos(
          trx,
          listings.flatMap((listing) =>
            listing.item.photos.map((photo, position) => {
              const [key1x, key2x] = stored[next++]?.keys ?? [];
              if (!key1x || !key2x) throw new Error('the image pipeline stored fewer than two densities');
              return {
                bathroom_id: listing.id,
                position,
                key_1x: key1x,
                key_2x: key2x,
                width: IMAGE_PURPOSES.bathroom.width,
                height: IMAGE_PURPOSES.bathroom.height,
                alt: photo.alt.trim(),
              };
            }),
          ),
        );
        const byId = new Map(rows.map((row) => [row.id, row] as const));
        const toPublish = listings.filter((listing) => listing.item.publish);
        const linked = await findPayoutLinkedHosts(
          trx,
          toPublish.map((listing) => listing.item.actor.userId),
        );
        for (const listing of toPublish) {
          const row = byId.get(listing.id) as BathroomRow;
          const missing = publishRequirements(
            row,
            listing.item.photos.length,
            listing.ranges.length,
            linked.has(row.host_id),
          );
          if (missing.length) {
            throw new AppError('conflict', `“${row.title}” cannot be published yet.`, missing);
          }
        }
        await publishBathrooms(
          trx,
          toPublish.map((listing) => listing.id),
        );
      });
    } catch (error) {
      await Promise.all(
        stored.map((image, index) =>
          storage.deleteImage({ ownerId: (owned[index] as (typeof owned)[number]).ownerId, url: image.url }),
        ),
      );
      throw error;
    }
    return listings.map((listing) => listing.id);
  }

  return { importListings };
}
