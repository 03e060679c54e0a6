import { describe, expect, it } from 'vitest';
import {
  type GeocodeResult,
  locationFromGeocodeResult,
  parseCoordinates,
  placeFromGeocodeResult,
} from './places.ts';

describe('parseCoordinates (spec §5)', () => {
  it('accepts numbers in range, as numbers or text', () => {
    expect(parseCoordinates('30.2672', '-97.7431')).toEqual({ lat: 30.2672, lng: -97.7431 });
    expect(parseCoordinates(-90, 180)).toEqual({ lat: -90, lng: 180 });
  });

  it.each([
    ['90.0001', '0'],
    ['0', '-180.5'],
    ['', '0'],
    ['0x10', '0'],
    ['12abc', '0'],
    ['NaN', '0'],
    ['Infinity', '0'],
    [undefined, '0'],
    ['0', null],
  ])('refuses %s, %s', (lat, lng) => {
    expect(parseCoordinates(lat, lng)).toBeNull();
  });
});

const austin: GeocodeResult = {
  geometry: { location: { lat: 30.26715, lng: -97.74306 } },
  formatted_address: 'Austin, TX, United States',
  place_id: 'geonames:4671654',
  address_components: [
    { long_name: 'Austin', short_name: 'Austin', types: ['locality', 'political'] },
    { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
  ],
  types: ['locality', 'political'],
  plus_code: { global_code: '86247784+VQ' },
};

describe('a geocoder answer as a saved Location (spec §3)', () => {
  it('carries the city, state, country and codes', () => {
    expect(locationFromGeocodeResult(austin)).toEqual({
      lat: 30.26715,
      lon: -97.74306,
      formatted: 'Austin, TX, United States',
      name: 'Austin',
      state: 'Texas',
      state_code: 'TX',
      country: 'United States',
      country_code: 'us',
      iso3166_2: 'US-TX',
      place_id: 'geonames:4671654',
      plus_code: '86247784+VQ',
      datasource: 'gazetteer',
    });
  });

  it('carries the street, number, county and postcode of a street geocoder answer', () => {
    const street: GeocodeResult = {
      ...austin,
      formatted_address: '600, Congress Avenue, Austin, Texas, 78701, United States',
      place_id: 'osm:way:42',
      address_components: [
        { long_name: '600', short_name: '600', types: ['street_number'] },
        { long_name: 'Congress Avenue', short_name: 'Congress Avenue', types: ['route'] },
        ...austin.address_components,
        { long_name: 'Travis County', short_name: 'Travis County', types: ['administrative_area_level_2'] },
        { long_name: '78701', short_name: '78701', types: ['postal_code'] },
      ],
      types: ['street_address'],
    };
    expect(locationFromGeocodeResult(street)).toMatchObject({
      street: 'Congress Avenue',
      address_line1: '600 Congress Avenue',
      county: 'Travis County',
      postcode: '78701',
      name: 'Austin',
      state_code: 'TX',
      datasource: 'openstreetmap',
    });
  });

  it('keeps the precise point of "Use my location" rather than the city centre', () => {
    const place = placeFromGeocodeResult(austin, { lat: 30.3, lng: -97.7 });
    expect(place).toMatchObject({
      description: 'Austin, TX, United States',
      latitude: 30.3,
      longitude: -97.7,
    });
    expect(place.location).toMatchObject({ lat: 30.3, lon: -97.7, name: 'Austin' });
  });
});
