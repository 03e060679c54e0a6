import type { SearchInput, SearchResult, SearchSort } from '../../../common/schemas/search.ts';
import {
  IN_SEARCH_RADIUS_MILES,
  INDEX_MORE_CITIES_MIN_POPULATION,
  LOCATION_PAGE_SIZE,
  type LocationPageKind,
  locationSlugSchema,
  NEAR_RADIUS_MILES,
  NEARBY_CITY_LINKS,
  NEARBY_CITY_MIN_POPULATION,
  parseLocationPageKind,
  slugToText,
} from '../../../common/schemas/seo.ts';
import type { AvailabilityService, CityKey } from '../availability/availability-service.ts';
import type { CityRecord, PlacesService } from '../places/places-service.ts';

/** How many typo-tolerant matches an unknown place's 404 offers. */
const SUGGESTIONS = 6;

/** A city as the pages name and link it. */
export type CityLink = {
  slug: string;
  name: string;
  /** "Austin, TX" in the US, "Paris, France" elsewhere */
  label: string;
  state: string;
  country: string;
};

export type NearbyCityLink = CityLink & { distance_miles: number; bathrooms: number };

export type LocationPage = {
  status: 'ok';
  kind: LocationPageKind;
  city: CityLink & { state_code: string; country_code: string; latitude: number; longitude: number };
  results: SearchResult[];
  total: number;
  /** The search stopped counting at `total` ("1,000+"). */
  totalIsCapped: boolean;
  /** "near" pages: the radius searched around the centre */
  radius_miles: number | null;
  nearby: NearbyCityLink[];
  /** The /bathrooms search that shows these and more, with filters and the map */
  search: { q: string; lat: string; lng: string; radius: string; sort: SearchSort };
};

export type LocationPageResult =
  | LocationPage
  | { status: 'redirect'; slug: string }
  | { status: 'not-found'; suggestions: CityLink[] };

export type CityWithBathrooms = { city: CityRecord; bathrooms: number };

export type StateGroup = {
  key: string;
  /** "Texas", or "Île-de-France, France" outside the US */
  name: string;
  cities: (CityLink & { bathrooms: number })[];
};

export type LocationIndex = {
  withBathrooms: StateGroup[];
  /** Large US cities with no bathroom in their own addresses yet (their "near" pages may have some) */
  more: StateGroup[];
  bathrooms: number;
};

export function cityLabel(city: CityRecord): string {
  return city.country_code === 'US' ? `${city.name}, ${city.state_code}` : `${city.name}, ${city.country}`;
}

function cityLink(city: CityRecord): CityLink {
  return {
    slug: city.slug,
    name: city.name,
    label: cityLabel(city),
    state: city.state,
    country: city.country,
  };
}

function groupByState(entries: { city: CityRecord; bathrooms: number }[]): StateGroup[] {
  const groups = new Map<string, StateGroup>();
  for (const { city, bathrooms } of entries) {
    const key = `${city.country_code}-${city.state_code}`;
    let group = groups.get(key);
    if (!group) {
      const region = city.state || city.country;
      group = { key, name: city.country_code === 'US' ? region : `${region}, ${city.country}`, cities: [] };
      groups.set(key, group);
    }
    group.cities.push({ ...cityLink(city), bathrooms });
  }
  const sorted = [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  for (const group of sorted) group.cities.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return sorted;
}

/**
 * Neighbours worth a link grow with the city: around Austin, towns of 46,000+; around New York,
 * places of 100,000+ (Jersey City, Yonkers, the boroughs) rather than its own neighbourhoods.
 */
function neighbourMinPopulation(city: CityRecord): number {
  return Math.min(100_000, Math.max(NEARBY_CITY_MIN_POPULATION, Math.round(city.population / 20)));
}

export function createLocationPages(deps: { places: PlacesService; availability: AvailabilityService }) {
  const { places, availability } = deps;

  /** How the location pages match a city against bathrooms' addresses (ADR 077). */
  function cityKey(city: CityRecord): CityKey {
    return {
      countryCode: city.country_code,
      // Outside the US a slug is city + country, and addresses spell regions every which way.
      stateCode: city.country_code === 'US' ? city.state_code : undefined,
      names: places.addressNames(city),
    };
  }

  function suggestions(text: string): CityLink[] {
    return text ? places.suggestCities(text, SUGGESTIONS).map(cityLink) : [];
  }

  return {
    /**
     * One location page: one search query (the city's addresses for "in", the radius for "near")
     * and one index-only count for the nearby-city links; the gazetteer work is in memory.
     */
    async page(rawSlug: string, kind: LocationPageKind): Promise<LocationPageResult> {
      const parsed = locationSlugSchema.safeParse(rawSlug);
      if (!parsed.success) return { status: 'not-found', suggestions: suggestions(slugToText(rawSlug)) };
      const city = places.findBySlug(parsed.data);
      if (!city) return { status: 'not-found', suggestions: suggestions(slugToText(parsed.data)) };
      // One URL per city: `Austin-TX`, `new-york-city-ny` and friends move to the canonical slug.
      if (city.slug !== rawSlug) return { status: 'redirect', slug: city.slug };

      const { scope } = parseLocationPageKind(kind);
      const input: SearchInput = {
        latitude: city.lat,
        longitude: city.lng,
        radiusMiles: NEAR_RADIUS_MILES,
        ...(scope === 'in' ? { city: cityKey(city) } : {}),
        filters: { accessibility: [], amenities: [] },
        // "in": the city's best first; "near": the closest first, as people on the move want.
        sort: scope === 'in' ? 'rating' : 'distance',
        limit: LOCATION_PAGE_SIZE,
        offset: 0,
      };
      const neighbours = places.nearbyCities(city.lat, city.lng, NEARBY_CITY_LINKS, {
        countryCode: city.country_code,
        minPopulation: neighbourMinPopulation(city),
      });
      const [{ results, total, totalIsCapped }, counts] = await Promise.all([
        availability.search(input),
        availability.countInCities(neighbours.map(cityKey)),
      ]);
      return {
        status: 'ok',
        kind,
        city: {
          ...cityLink(city),
          state_code: city.state_code,
          country_code: city.country_code,
          latitude: city.lat,
          longitude: city.lng,
        },
        results,
        total,
        totalIsCapped,
        radius_miles: scope === 'near' ? NEAR_RADIUS_MILES : null,
        nearby: neighbours.map((neighbour, index) => ({
          ...cityLink(neighbour),
          distance_miles: neighbour.distance_miles,
          bathrooms: counts[index] ?? 0,
        })),
        search: {
          q: cityLabel(city),
          lat: String(city.lat),
          lng: String(city.lng),
          radius: String(scope === 'in' ? IN_SEARCH_RADIUS_MILES : NEAR_RADIUS_MILES),
          sort: scope === 'in' ? 'rating' : 'distance',
        },
      };
    },

    /**
     * Cities whose addresses hold at least one published bathroom, most first. Spellings of one
     * city ("New York", "New York City") count together; names the gazetteer does not know as
     * that city's are left out (those bathrooms still show on "near" pages and in the sitemap).
     */
    async citiesWithBathrooms(): Promise<CityWithBathrooms[]> {
      const bySlug = new Map<string, CityWithBathrooms>();
      for (const row of await availability.publishedCities()) {
        const city = places.cityOfAddress(row);
        if (!city) continue;
        const entry = bySlug.get(city.slug);
        if (entry) entry.bathrooms += row.bathrooms;
        else bySlug.set(city.slug, { city, bathrooms: row.bathrooms });
      }
      return [...bySlug.values()].sort(
        (a, b) => b.bathrooms - a.bathrooms || a.city.slug.localeCompare(b.city.slug),
      );
    },

    /** /dynamic-seo-pages: cities with bathrooms by state, then the large US cities without any yet. */
    async index(cities: CityWithBathrooms[]): Promise<LocationIndex> {
      const listed = new Set(cities.map((entry) => entry.city.slug));
      const more = places
        .largestCities('US', INDEX_MORE_CITIES_MIN_POPULATION)
        .filter((city) => !listed.has(city.slug))
        .map((city) => ({ city, bathrooms: 0 }));
      return {
        withBathrooms: groupByState(cities),
        more: groupByState(more),
        bathrooms: cities.reduce((sum, entry) => sum + entry.bathrooms, 0),
      };
    },
  };
}
