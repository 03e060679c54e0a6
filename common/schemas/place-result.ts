import type { ProfileLocation } from './location.ts';
import type { AddressComponent, GeocodeResult, LatLng } from './places.ts';

/**
 * Geocoder answers turned into what the search box holds, apart from places.ts so that the
 * browser can use them without loading zod's schemas (types only come from there).
 */

/** What the address autocomplete hands its caller (and the default-address hook holds). */
export type PlaceResult = {
  description: string;
  latitude: number;
  longitude: number;
  location: ProfileLocation;
};

function component(result: GeocodeResult, type: string): AddressComponent | undefined {
  return result.address_components.find((part) => part.types.includes(type));
}

/**
 * Turns a geocoder answer into the stored Location (spec §3): from the offline gazetteer (a town)
 * or, when the server has one, the street geocoder (an address, with its street and postcode).
 */
export function locationFromGeocodeResult(result: GeocodeResult): ProfileLocation {
  const { lat, lng } = result.geometry.location;
  const city = component(result, 'locality');
  const state = component(result, 'administrative_area_level_1');
  const country = component(result, 'country');
  const street = component(result, 'route');
  const number = component(result, 'street_number');
  const county = component(result, 'administrative_area_level_2');
  const postcode = component(result, 'postal_code');
  const location: ProfileLocation = {
    lat,
    lon: lng,
    formatted: result.formatted_address,
    place_id: result.place_id,
    plus_code: result.plus_code.global_code,
    datasource: result.place_id.startsWith('osm:') ? 'openstreetmap' : 'gazetteer',
  };
  if (street) {
    location.street = street.long_name;
    location.address_line1 = number ? `${number.long_name} ${street.long_name}` : street.long_name;
  }
  if (county) location.county = county.long_name;
  if (postcode) location.postcode = postcode.long_name;
  if (city) location.name = city.long_name;
  if (state) {
    location.state = state.long_name;
    if (state.short_name && state.short_name !== state.long_name) location.state_code = state.short_name;
  }
  if (country) {
    location.country = country.long_name;
    location.country_code = country.short_name.toLowerCase();
    if (location.state_code) location.iso3166_2 = `${country.short_name}-${location.state_code}`;
  }
  return location;
}

/** The PlaceResult for a geocoder answer; `at` replaces the place's centre with a precise point. */
export function placeFromGeocodeResult(result: GeocodeResult, at?: LatLng): PlaceResult {
  const location = locationFromGeocodeResult(result);
  if (at) {
    location.lat = at.lat;
    location.lon = at.lng;
  }
  return {
    description: result.formatted_address,
    latitude: location.lat,
    longitude: location.lon,
    location,
  };
}
