import type { AddressComponent, GeocodeResult } from '../../../common/schemas/places.ts';
import { encodePlusCode } from './plus-code.ts';

/**
 * An optional online geocoder for street addresses (ADR 060: configured
 * with `GEOCODER_URL`, off by default). It speaks Nominatim's JSON API (`/search?format=jsonv2`),
 * which OpenStreetMap's own server, a self-hosted Nominatim and LocationIQ-style services share.
 * The offline gazetteer stays the answer for towns; this only adds streets, and never makes a search
 * fail: a slow, refused or malformed answer leaves the offline results alone.
 */

export type StreetGeocoder = {
  /** Street-level matches for the text, best first; [] when the service cannot help in time. */
  search: (text: string, options: { limit: number }) => Promise<GeocodeResult[]>;
};

export type StreetGeocoderOptions = {
  /** Base URL, e.g. https://nominatim.openstreetmap.org (its /search is called). */
  url: string;
  /** Nominatim's usage policy asks every application to name itself. */
  userAgent: string;
  /** An autocomplete cannot wait long: past this the offline results go out alone. */
  timeoutMs?: number;
  /**
   * Public Nominatim allows one request a second: calls are spaced this far apart, and one that
   * would have to wait longer than the timeout is not made (the offline results go out alone).
   */
  minIntervalMs?: number;
  log?: { warn: (obj: object, msg: string) => void };
  fetch?: typeof fetch;
};

/** Text worth a street lookup: a house number or a street word with a name, not just a town. */
export function looksLikeStreetAddress(text: string): boolean {
  return /\d/.test(text) && /\p{L}{2,}/u.test(text);
}

type NominatimAddress = Partial<
  Record<
    | 'house_number'
    | 'road'
    | 'neighbourhood'
    | 'suburb'
    | 'city'
    | 'town'
    | 'village'
    | 'county'
    | 'state'
    | 'ISO3166-2-lvl4'
    | 'postcode'
    | 'country'
    | 'country_code',
    string
  >
>;

type NominatimPlace = {
  place_id?: number | string;
  osm_type?: string;
  osm_id?: number | string;
  lat?: string;
  lon?: string;
  display_name?: string;
  addresstype?: string;
  address?: NominatimAddress;
};

function component(longName: string | undefined, types: string[], shortName = longName) {
  return longName ? [{ long_name: longName, short_name: shortName ?? longName, types }] : [];
}

/** One Nominatim place as the §7 result shape the rest of Privy reads; null when unusable. */
export function fromNominatim(place: NominatimPlace): GeocodeResult | null {
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  if (!place.display_name) return null;
  const address = place.address ?? {};
  const stateCode = address['ISO3166-2-lvl4']?.split('-')[1];
  const components: AddressComponent[] = [
    ...component(address.house_number, ['street_number']),
    ...component(address.road, ['route']),
    ...component(address.neighbourhood ?? address.suburb, ['neighborhood', 'political']),
    ...component(address.city ?? address.town ?? address.village, ['locality', 'political']),
    ...component(address.county, ['administrative_area_level_2', 'political']),
    ...component(address.state, ['administrative_area_level_1', 'political'], stateCode ?? address.state),
    ...component(address.country, ['country', 'political'], address.country_code?.toUpperCase()),
    ...component(address.postcode, ['postal_code']),
  ];
  const id =
    place.osm_type && place.osm_id ? `${place.osm_type}:${place.osm_id}` : String(place.place_id ?? '');
  return {
    geometry: { location: { lat, lng } },
    formatted_address: place.display_name,
    place_id: `osm:${id}`,
    address_components: components,
    types: [
      address.house_number ? 'street_address' : address.road ? 'route' : (place.addresstype ?? 'geocode'),
    ],
    plus_code: { global_code: encodePlusCode(lat, lng) },
  };
}

export function createStreetGeocoder(options: StreetGeocoderOptions): StreetGeocoder {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 1500;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  let nextSlotAt = 0;

  return {
    async search(text, { limit }) {
      if (!looksLikeStreetAddress(text)) return [];
      const slot = Math.max(Date.now(), nextSlotAt);
      if (slot - Date.now() > timeoutMs) return [];
      nextSlotAt = slot + minIntervalMs;
      if (slot > Date.now()) await new Promise((resolve) => setTimeout(resolve, slot - Date.now()));
      const url = new URL('search', options.url.endsWith('/') ? options.url : `${options.url}/`);
      url.search = new URLSearchParams({
        q: text,
        format: 'jsonv2',
        addressdetails: '1',
        limit: String(limit),
      }).toString();
      try {
        const response = await doFetch(url, {
          headers: { 'user-agent': options.userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
        const body: unknown = await response.json();
        if (!Array.isArray(body)) throw new Error('geocoder answered something other than a list');
        return body.flatMap((place) => {
          const result = place && typeof place === 'object' ? fromNominatim(place as NominatimPlace) : null;
          return result ? [result] : [];
        });
      } catch (error) {
        options.log?.warn({ err: error }, 'street geocoder unavailable; offline places only');
        return [];
      }
    },
  };
}
