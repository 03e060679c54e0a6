import sharp from 'sharp';
import type { PreparedImage } from '../domains/storage/storage-service.ts';
import type { AppServices } from '../services.ts';
import { DEMO_CITIES } from './demo-cities.ts';
import {
  type DemoListingPlan,
  type DemoPhotoRef,
  type PlannedCity,
  PUBLISHED_PER_CITY,
  planDemoListings,
} from './demo-listings.ts';
import { DEMO_LOOKS, lookAlt } from './demo-photo-palettes.ts';
import { sceneSvg } from './demo-photo-scenes.ts';

export type ListingSeedSummary = {
  published: number;
  drafts: number;
  cities: number;
  photos: number;
  /** Distinct generated images the photos are copies of. */
  photoPool: number;
  milliseconds: number;
};

const photoKey = (ref: DemoPhotoRef) => `${ref.look}:${ref.view}`;

/**
 * Photos drawn at once. Each holds a few full-size bitmaps, and sharp already spreads one photo
 * over the cores: more at once only adds memory.
 */
const POOL_CONCURRENCY = 3;

async function mapWithLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export type PhotoPool = Map<string, { image: PreparedImage; alt: string }>;

/**
 * Draws each distinct photo once and runs it through the storage pipeline once (the costly
 * part); every listing then stores its own copy of the result (storage.storePreparedImages).
 */
export async function preparePhotoPool(services: AppServices, refs: DemoPhotoRef[]): Promise<PhotoPool> {
  const unique = [...new Map(refs.map((ref) => [photoKey(ref), ref]))];
  const entries = await mapWithLimit(unique, POOL_CONCURRENCY, async ([key, ref]) => {
    const look = DEMO_LOOKS.find((candidate) => candidate.id === ref.look);
    if (!look) throw new Error(`no demo look ${ref.look}`);
    // An opaque PNG at the fastest compression: it only carries the drawing into the pipeline,
    // and without the (always opaque) alpha channel the WebP encoder has a quarter less to do.
    const png = await sharp(Buffer.from(sceneSvg(look, ref.view)))
      .removeAlpha()
      .png({ compressionLevel: 1 })
      .toBuffer();
    const image = await services.storage.prepareImage(png, 'bathroom');
    return [key, { image, alt: lookAlt(look, ref.view) }] as const;
  });
  return new Map(entries);
}

/** The demo cities as the gazetteer knows them; a slug it does not know is a bug in demo-cities.ts. */
export function demoCities(services: AppServices): PlannedCity[] {
  return DEMO_CITIES.map((config) => {
    const record = services.places.findBySlug(config.slug);
    if (!record) throw new Error(`the gazetteer has no city ${config.slug}`);
    return { config, record };
  });
}

/** The demo catalogue, decided up front (nothing written yet); `perCity` shrinks it for tests. */
export function planDemoCatalogue(services: AppServices, perCity = PUBLISHED_PER_CITY): DemoListingPlan[] {
  return planDemoListings(demoCities(services), perCity);
}

/**
 * Creates the demo bathrooms through the property service's bulk import, which applies the rules
 * of the one-by-one calls (schemas, host rights, time zone and public point from the address,
 * publishing requirements) in one transaction: one call per step and photo spent about a minute in
 * the database on this busy 2-core box, the import a few seconds (ADR 081).
 */
export async function seedDemoListings(
  services: AppServices,
  hostIds: ReadonlyMap<string, string>,
  plans: DemoListingPlan[],
  pool: PhotoPool,
): Promise<ListingSeedSummary> {
  const started = performance.now();
  const photo = (ref: DemoPhotoRef) => {
    const prepared = pool.get(photoKey(ref));
    if (!prepared) throw new Error(`photo ${photoKey(ref)} was not prepared`);
    return prepared;
  };
  await services.properties.importListings(
    plans.map((plan) => {
      const userId = hostIds.get(plan.hostEmail);
      if (!userId) throw new Error(`demo host ${plan.hostEmail} was not created`);
      return {
        actor: { userId, isProvider: true, isAdmin: false },
        property: plan.property,
        hours: plan.hours,
        photos: plan.photos.map(photo),
        publish: plan.publish,
      };
    }),
  );
  return {
    published: plans.filter((plan) => plan.publish).length,
    drafts: plans.filter((plan) => !plan.publish).length,
    cities: new Set(plans.map((plan) => plan.citySlug)).size,
    photos: plans.reduce((sum, plan) => sum + plan.photos.length, 0),
    photoPool: pool.size,
    milliseconds: Math.round(performance.now() - started),
  };
}
