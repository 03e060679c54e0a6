import { beforeAll, describe, expect, it } from 'vitest';
import { createPlacesService, type PlacesService } from './places-service.ts';
import { encodePlusCode } from './plus-code.ts';

let places: PlacesService;
beforeAll(() => {
  places = createPlacesService();
  places.warm();
}, 30_000);

const first = (text: string, near?: { lat: number; lng: number }) =>
  places.search({ text, near })[0]?.formatted_address;

describe('forward search', () => {
  it('finds the big city first for a plain name, a typo, and a name with its state', () => {
    expect(first('austin')).toBe('Austin, TX, United States');
    expect(first('austn')).toBe('Austin, TX, United States');
    expect(first('austn tx')).toBe('Austin, TX, United States');
    expect(first('New York, NY')).toBe('New York City, NY, United States');
    expect(first('new yrok')).toBe('New York City, NY, United States');
    expect(first('san fran')).toBe('San Francisco, CA, United States');
    expect(first('chicgo')).toBe('Chicago, IL, United States');
  });

  it('honours the region: "Portland, ME" is not Portland, Oregon', () => {
    expect(first('portland')).toBe('Portland, OR, United States');
    expect(first('Portland, ME')).toBe('Portland, ME, United States');
    expect(first('paris, france')).toBe('Paris, Île-de-France, France');
  });

  it('ranks a nearer place above a larger one when the user says where they are', () => {
    expect(first('austin')).toBe('Austin, TX, United States');
    // Rochester, Minnesota is 60 km from Austin, Minnesota.
    expect(first('austin', { lat: 44.0121, lng: -92.4802 })).toBe('Austin, MN, United States');
  });

  it('answers in the spec §7 shape with state and country components and a plus code', () => {
    const [austin] = places.search({ text: 'Austin, TX' });
    expect(austin).toMatchObject({
      geometry: { location: { lat: 30.26715, lng: -97.74306 } },
      formatted_address: 'Austin, TX, United States',
      types: ['locality', 'political'],
      address_components: [
        { long_name: 'Austin', short_name: 'Austin', types: ['locality', 'political'] },
        { long_name: 'Texas', short_name: 'TX', types: ['administrative_area_level_1', 'political'] },
        { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      ],
    });
    expect(austin?.place_id).toMatch(/^geonames:\d+$/);
    expect(austin?.plus_code.global_code).toBe(encodePlusCode(30.26715, -97.74306));
  });

  it('finds nothing for text that names no place, and nothing for blank text', () => {
    expect(places.search({ text: 'xqzvw' })).toEqual([]);
    expect(places.search({ text: '   ' })).toEqual([]);
  });
});

describe('reverse geocoding', () => {
  it('names the city a point is in rather than a tiny neighbour', () => {
    expect(places.reverse(30.2672, -97.7431)[0]?.formatted_address).toBe('Austin, TX, United States');
    expect(places.reverse(37.7749, -122.4194)[0]?.formatted_address).toBe('San Francisco, CA, United States');
    expect(places.reverse(48.8584, 2.2945)[0]?.formatted_address).toBe('Paris, Île-de-France, France');
  });

  it('still finds the nearest place across the antimeridian, and nothing in an empty ocean', () => {
    // Taveuni, Fiji straddles 180°: a point just east of the line finds places just west of it.
    expect(places.reverse(-16.85, -179.99).length).toBeGreaterThan(0);
    expect(places.reverse(-50, -140)).toEqual([]);
  });
});

describe('slugs, time zones and nearby cities', () => {
  it('finds a city by its slug: US city + state code, elsewhere city + country code', () => {
    expect(places.findBySlug('austin-tx')).toMatchObject({
      name: 'Austin',
      state_code: 'TX',
      country_code: 'US',
    });
    expect(places.findBySlug('new-york-ny')).toMatchObject({ name: 'New York City', state_code: 'NY' });
    expect(places.findBySlug('san-francisco-ca')?.name).toBe('San Francisco');
    expect(places.findBySlug('paris-fr')?.country).toBe('France');
    expect(places.findBySlug('nowhere-zz')).toBeNull();
  });

  it('gives the IANA zone of a point', () => {
    expect(places.timezoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(places.timezoneAt(30.2672, -97.7431)).toBe('America/Chicago');
    expect(places.timezoneAt(37.7749, -122.4194)).toBe('America/Los_Angeles');
  });

  it('lists sizeable neighbours nearest first, without the city itself', () => {
    const nearby = places.nearbyCities(30.26715, -97.74306, 5, { countryCode: 'US' });
    expect(nearby).toHaveLength(5);
    expect(nearby.map((city) => city.slug)).not.toContain('austin-tx');
    expect(nearby.map((city) => city.name)).toContain('Round Rock');
    const distances = nearby.map((city) => city.distance_miles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(nearby.every((city) => city.population >= 20_000 && city.country_code === 'US')).toBe(true);
  });
});

describe('plus codes', () => {
  it('encodes the Open Location Code reference points', () => {
    expect(encodePlusCode(47.0000625, 8.0000625)).toBe('8FVC2222+22');
    expect(encodePlusCode(20.3700625, 2.7821875)).toBe('7FG49QCJ+2V');
    expect(encodePlusCode(-41.2730625, 174.7859375)).toBe('4VCPPQGP+Q9');
    expect(encodePlusCode(90, 1)).toBe('CFX3X2X2+X2');
  });
});
