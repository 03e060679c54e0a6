import tzLookup from '@photostructure/tz-lookup';
import { type GeocodeResult, type LatLng, PLACE_RESULTS_LIMIT } from '../../../common/schemas/places.ts';
import { searchPlaces } from './forward-search.ts';
import { type Gazetteer, type Place, placeSlug, sharedGazetteer } from './gazetteer.ts';
import { distanceMiles } from './geo.ts';
import { encodePlusCode } from './plus-code.ts';
import { nearbyPlaces, reverseGeocode } from './reverse-geocode.ts';
import type { StreetGeocoder } from './street-geocoder.ts';

export type PlaceSearchInput = {
  text?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  near?: LatLng | undefined;
  limit?: number | undefined;
};

/** A city as location pages and the seed know it. */
export type CityRecord = {
  name: string;
  state_code: string;
  state: string;
  country_code: string;
  country: string;
  lat: number;
  lng: number;
  population: number;
  slug: string;
};

export type NearbyCity = CityRecord & { distance_miles: number };

export type PlacesService = {
  /** Spec §7: free text (forward) or coordinates (reverse); best first; offline. */
  search: (input: PlaceSearchInput) => GeocodeResult[];
  /**
   * GET /api/location/search: `search`, plus street matches first when a street geocoder is
   * configured and the text looks like an address (ADR 060).
   */
  searchWithStreets: (input: PlaceSearchInput) => Promise<GeocodeResult[]>;
  reverse: (lat: number, lng: number, limit?: number) => GeocodeResult[];
  /** IANA zone of a point, offline (`America/Chicago`). */
  timezoneAt: (lat: number, lng: number) => string;
  /** `austin-tx`, `new-york-ny` (US: city + state code), `paris-fr` (elsewhere: city + country code). */
  findBySlug: (slug: string) => CityRecord | null;
  /** Sizeable places near a point (not the one at it), nearest first. */
  nearbyCities: (
    lat: number,
    lng: number,
    n: number,
    options?: { minPopulation?: number; countryCode?: string },
  ) => NearbyCity[];
  /** Cities whose name is like the text, typos allowed (`austn tx` → Austin): best first, by slug. */
  suggestCities: (text: string, limit: number) => CityRecord[];
  /**
   * The city an address names (its city, state code and country code, as bathrooms store them),
   * when the name is the city's own or its short form (`New York` for New York City); else null.
   */
  cityOfAddress: (address: { city: string; state_code: string; country_code: string }) => CityRecord | null;
  /** The lower-case city names an address may use for this city (what `cityOfAddress` accepts). */
  addressNames: (city: CityRecord) => string[];
  /** A country's places of at least `minPopulation`, largest first (sections excluded). */
  largestCities: (countryCode: string, minPopulation: number) => CityRecord[];
  /** Builds the index now (it is otherwise built on first use). */
  warm: () => void;
};

/**
 * Where a place is better known by another slug than its GeoNames name gives: people search for
 * "New York", not "New York City". The gazetteer's own slug still finds it (and pages redirect).
 */
const PREFERRED_SLUGS: Record<string, string> = { 'new-york-city-ny': 'new-york-ny' };

function formattedAddress(place: Place): string {
  const region = place.countryCode === 'US' ? place.adminCode : place.adminName;
  return [place.name, region, place.countryName].filter(Boolean).join(', ');
}

export function toGeocodeResult(place: Place): GeocodeResult {
  const components = [{ long_name: place.name, short_name: place.name, types: ['locality', 'political'] }];
  if (place.adminName) {
    components.push({
      long_name: place.adminName,
      short_name: place.countryCode === 'US' ? place.adminCode : place.adminName,
      types: ['administrative_area_level_1', 'political'],
    });
  }
  components.push({
    long_name: place.countryName,
    short_name: place.countryCode,
    types: ['country', 'political'],
  });
  return {
    geometry: { location: { lat: place.lat, lng: place.lng } },
    formatted_address: formattedAddress(place),
    place_id: `geonames:${place.id}`,
    address_components: components,
    types: ['locality', 'political'],
    plus_code: { global_code: encodePlusCode(place.lat, place.lng) },
  };
}

function toCityRecord(place: Place): CityRecord {
  return {
    name: place.name,
    state_code: place.adminCode,
    state: place.adminName,
    country_code: place.countryCode,
    country: place.countryName,
    lat: place.lat,
    lng: place.lng,
    population: place.population,
    slug: PREFERRED_SLUGS[place.slug] ?? place.slug,
  };
}

/** The place's name, and its "City"-less short form when that form's slug leads to it too. */
function namesOf(gazetteer: Gazetteer, place: Place): string[] {
  const names = [place.name.toLowerCase()];
  if (place.name.endsWith(' City')) {
    const short = place.name.slice(0, -' City'.length);
    if (gazetteer.bySlug.get(placeSlug(short, place.countryCode, place.adminCode)) === place) {
      names.push(short.toLowerCase());
    }
  }
  return names;
}

export function createPlacesService(
  gazetteer: () => Gazetteer = sharedGazetteer,
  streets: StreetGeocoder | null = null,
): PlacesService {
  const reverse = (lat: number, lng: number, limit = 5) =>
    reverseGeocode(gazetteer(), { lat, lng }, limit).map(toGeocodeResult);
  const search = (input: PlaceSearchInput) => {
    const limit = input.limit ?? PLACE_RESULTS_LIMIT;
    if (input.latitude !== undefined && input.longitude !== undefined) {
      return reverse(input.latitude, input.longitude, limit);
    }
    const text = input.text?.trim() ?? '';
    if (!text) return [];
    return searchPlaces(gazetteer(), text, { near: input.near, limit }).map((hit) =>
      toGeocodeResult(hit.place),
    );
  };
  return {
    search,
    searchWithStreets: async (input) => {
      const offline = search(input);
      const text = input.text?.trim() ?? '';
      if (!streets || !text || input.latitude !== undefined) return offline;
      const limit = input.limit ?? PLACE_RESULTS_LIMIT;
      const street = await streets.search(text, { limit });
      return [...street, ...offline].slice(0, limit);
    },
    reverse,
    timezoneAt: (lat, lng) => tzLookup(lat, lng),
    findBySlug: (slug) => {
      const place = gazetteer().bySlug.get(slug.trim().toLowerCase());
      return place ? toCityRecord(place) : null;
    },
    nearbyCities: (lat, lng, n, options = {}) =>
      nearbyPlaces(gazetteer(), { lat, lng }, n, {
        minPopulation: options.minPopulation ?? 20_000,
        countryCode: options.countryCode,
      }).map((place) => ({
        ...toCityRecord(place),
        distance_miles: Number(distanceMiles({ lat, lng }, place).toFixed(4)),
      })),
    suggestCities: (text, limit) => {
      const seen = new Set<string>();
      const cities: CityRecord[] = [];
      // Ask for extra hits: neighbourhoods and same-named places collapse onto one slug.
      for (const hit of searchPlaces(gazetteer(), text, { limit: limit * 3 })) {
        const city = toCityRecord(hit.place);
        if (hit.place.section || seen.has(city.slug)) continue;
        seen.add(city.slug);
        cities.push(city);
        if (cities.length === limit) break;
      }
      return cities;
    },
    cityOfAddress: (address) => {
      const name = address.city.trim();
      if (!name) return null;
      const country = address.country_code.trim().toUpperCase();
      const state = address.state_code.trim().toUpperCase();
      const place = gazetteer().bySlug.get(placeSlug(name, country, state));
      if (!place || place.countryCode !== country) return null;
      return namesOf(gazetteer(), place).includes(name.toLowerCase()) ? toCityRecord(place) : null;
    },
    addressNames: (city) => {
      const place = gazetteer().bySlug.get(city.slug);
      return place ? namesOf(gazetteer(), place) : [city.name.toLowerCase()];
    },
    largestCities: (countryCode, minPopulation) =>
      gazetteer()
        .places.filter(
          (place) => place.countryCode === countryCode && place.population >= minPopulation && !place.section,
        )
        .sort((a, b) => b.population - a.population)
        .map(toCityRecord),
    warm: () => {
      gazetteer();
    },
  };
}
