import type { ProfileLocation } from '../../common/schemas/location.ts';
import {
  ACCESSIBILITY_FEATURES,
  AMENITIES,
  type CreatePropertyInput,
  type OpeningHoursInput,
  TITLE_MAX,
} from '../../common/schemas/properties.ts';
import type { CityRecord } from '../domains/places/places-service.ts';
import type { DemoCity, Neighbourhood } from './demo-cities.ts';
import { FOOD_AND_SHOP_KINDS } from './demo-kinds-food-and-shops.ts';
import { WORK_AND_CARE_KINDS } from './demo-kinds-work-and-care.ts';
import { ACCESSIBILITY_PHRASES, AMENITY_PHRASES, type ListingKind } from './demo-listing-kinds.ts';
import { DEMO_LOOKS } from './demo-photo-palettes.ts';
import { SCENE_VIEWS, type SceneView } from './demo-photo-scenes.ts';
import { type Random, seededRandom } from './demo-random.ts';

/** Published demo bathrooms per city (12 cities: 216 in all), plus one draft per demo host. */
export const PUBLISHED_PER_CITY = 18;

export type DemoPhotoRef = { look: string; view: SceneView };

/** Everything one demo bathroom is made of, decided before anything is written. */
export type DemoListingPlan = {
  /** Stable name for logs and tests: `<city slug>#<n>`. */
  key: string;
  hostEmail: string;
  citySlug: string;
  kind: string;
  publish: boolean;
  property: CreatePropertyInput;
  hours: OpeningHoursInput;
  photos: DemoPhotoRef[];
};

export type PlannedCity = { config: DemoCity; record: CityRecord };

const LISTING_KINDS: readonly ListingKind[] = [...FOOD_AND_SHOP_KINDS, ...WORK_AND_CARE_KINDS];
const MILES_PER_DEGREE_LATITUDE = 69.05;
const list = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** A point spread evenly over the disc of `miles` around the neighbourhood's point. */
function pointNear(hood: Neighbourhood, miles: number, random: Random): { lat: number; lon: number } {
  const distance = miles * Math.sqrt(random.next());
  const bearing = 2 * Math.PI * random.next();
  const lat = hood.lat + (distance * Math.cos(bearing)) / MILES_PER_DEGREE_LATITUDE;
  const lon =
    hood.lng +
    (distance * Math.sin(bearing)) / (MILES_PER_DEGREE_LATITUDE * Math.cos((hood.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)) };
}

function pickKind(random: Random): ListingKind {
  const total = LISTING_KINDS.reduce((sum, kind) => sum + kind.weight, 0);
  let roll = random.next() * total;
  for (const kind of LISTING_KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return LISTING_KINDS[0] as ListingKind;
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? '');
}

/** In the order the listing form shows them, so every listing reads the same way. */
function inFormOrder<T extends string>(chosen: T[], order: readonly { id: string }[]): T[] {
  return order.map((item) => item.id as T).filter((id) => chosen.includes(id));
}

function address(
  hood: Neighbourhood,
  city: PlannedCity,
  random: Random,
): ProfileLocation & { street: string } {
  const { record, config } = city;
  const street = random.pick(hood.streets);
  const line1 = `${random.int(10, config.maxHouseNumber ?? 2899)} ${street}`;
  const point = pointNear(hood, hood.spread, random);
  const postal = config.postalName ?? record.name;
  return {
    ...point,
    formatted: `${line1}, ${postal}, ${record.state_code} ${hood.postcode}, United States`,
    address_line1: line1,
    street: line1,
    name: record.name,
    state: record.state,
    state_code: record.state_code,
    country: 'United States',
    country_code: 'US',
    postcode: hood.postcode,
  };
}

function photosFor(random: Random): DemoPhotoRef[] {
  const look = random.pick(DEMO_LOOKS).id;
  const cover: SceneView = random.pick(['vanity', 'detail'] as const);
  const rest = random.sample(
    SCENE_VIEWS.filter((view) => view !== cover),
    random.int(1, 3),
  );
  return [cover, ...rest].map((view) => ({ look, view }));
}

/** One listing, all of it decided by `random` (seeded from the city and its number). */
function planListing(
  city: PlannedCity,
  n: number,
  hostEmail: string,
  publish: boolean,
  usedNames: Set<string>,
): DemoListingPlan {
  const random = seededRandom(`${city.config.slug}#${n}`);
  const hoods = city.config.neighbourhoods;
  const hood = hoods[n % hoods.length] as Neighbourhood;
  const kind = pickKind(random);
  const fresh = kind.names.filter((name) => !usedNames.has(name));
  const name = random.pick(fresh.length ? fresh : kind.names);
  usedNames.add(name);
  const location = address(hood, city, random);
  const words = {
    name,
    hood: hood.name,
    street: location.street.replace(/^\d+ /, ''),
    city: city.record.name,
  };
  const titles = kind.titles.map((template) => fill(template, words)).filter((t) => t.length <= TITLE_MAX);
  const amenities = inFormOrder(
    [
      ...kind.amenities.always,
      ...random.sample(kind.amenities.often, random.int(1, kind.amenities.often.length)),
    ],
    AMENITIES,
  );
  const accessibility = random.chance(0.15)
    ? []
    : inFormOrder(
        random.sample(kind.accessibility, random.int(1, kind.accessibility.length)),
        ACCESSIBILITY_FEATURES,
      );
  const description = [
    fill(random.pick(kind.intros), words),
    `Inside: ${list.format(amenities.map((id) => AMENITY_PHRASES[id]))}.`,
    accessibility.length
      ? `Accessibility: ${list.format(accessibility.map((id) => ACCESSIBILITY_PHRASES[id]))}.`
      : 'There are a couple of steps up to the door, so this one is not step-free.',
    fill(random.pick(kind.outros), words),
  ].join('\n\n');
  const [low, high] = kind.price;
  return {
    key: `${city.config.slug}#${n}`,
    hostEmail,
    citySlug: city.config.slug,
    kind: kind.id,
    publish,
    property: {
      title: random.pick(titles),
      location,
      description,
      hourly_price_cents: random.int(low / 25, high / 25) * 25,
      allowed_durations: [...random.pick(kind.durations)],
      cleaning_buffer_minutes: random.pick(kind.buffers),
      amenities,
      accessibility,
      house_rules: fill(random.pick(kind.rules), words),
      access_instructions: fill(random.pick(kind.access), words),
    },
    hours: { ranges: [...random.pick(kind.hours)] },
    photos: photosFor(random),
  };
}

/**
 * The whole demo catalogue: `perCity` published bathrooms in each city, two in three for the
 * city's first host and one in three for its second, then one draft for each host in the first
 * city they work in (every other draft still lacks photos, as real drafts do).
 */
export function planDemoListings(cities: PlannedCity[], perCity = PUBLISHED_PER_CITY): DemoListingPlan[] {
  const plans: DemoListingPlan[] = [];
  const draftsFor = new Map<string, PlannedCity>();
  let drafts = 0;
  for (const city of cities) {
    const usedNames = new Set<string>();
    const [first, second] = city.config.hosts as [string, string];
    for (let n = 0; n < perCity; n++) {
      plans.push(planListing(city, n, n % 3 === 2 ? second : first, true, usedNames));
    }
    for (const host of city.config.hosts) if (!draftsFor.has(host)) draftsFor.set(host, city);
    let n = perCity;
    for (const [host, home] of draftsFor) {
      if (home !== city) continue;
      const draft = planListing(city, n++, host, false, usedNames);
      plans.push(drafts++ % 2 === 0 ? draft : { ...draft, photos: [] });
    }
  }
  return plans;
}
