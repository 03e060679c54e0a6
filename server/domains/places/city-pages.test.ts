/** What the location pages (ADR 077) ask of the places service: slugs, address names, suggestions. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlacesService, type PlacesService } from './places-service.ts';

let places: PlacesService;
beforeAll(() => {
  places = createPlacesService();
  places.warm();
}, 30_000);

describe('cities for location pages', () => {
  it('gives New York City the slug people use, and still finds it by its gazetteer slug', () => {
    expect(places.findBySlug('new-york-ny')?.slug).toBe('new-york-ny');
    expect(places.findBySlug('new-york-city-ny')?.slug).toBe('new-york-ny');
    // Other "… City" places keep their full name as the slug; the short form still finds them.
    expect(places.findBySlug('oklahoma-ok')?.slug).toBe('oklahoma-city-ok');
  });

  it('names the city an address is in, by its own name or its short form, in the right state', () => {
    const address = (city: string, state_code: string) => ({ city, state_code, country_code: 'US' });
    expect(places.cityOfAddress(address('Austin', 'TX'))?.slug).toBe('austin-tx');
    expect(places.cityOfAddress(address(' austin ', 'tx'))?.slug).toBe('austin-tx');
    expect(places.cityOfAddress(address('New York', 'NY'))?.slug).toBe('new-york-ny');
    expect(places.cityOfAddress(address('New York City', 'NY'))?.slug).toBe('new-york-ny');
    expect(places.cityOfAddress(address('St. Louis', 'MO'))?.slug).toBe('st-louis-mo');
    // A spelling the city's pages would not match is no city at all, rather than a page that misses it.
    expect(places.cityOfAddress(address('St Louis', 'MO'))).toBeNull();
    expect(places.cityOfAddress(address('Austin', 'ZZ'))).toBeNull();
    expect(places.cityOfAddress(address('', 'TX'))).toBeNull();
    expect(places.cityOfAddress({ city: 'Paris', state_code: 'IDF', country_code: 'FR' })?.slug).toBe(
      'paris-fr',
    );
  });

  it('lists the names an address may use for a city', () => {
    const newYork = places.findBySlug('new-york-ny');
    const austin = places.findBySlug('austin-tx');
    if (!newYork || !austin) throw new Error('gazetteer is missing a city');
    expect(places.addressNames(newYork)).toEqual(['new york city', 'new york']);
    expect(places.addressNames(austin)).toEqual(['austin']);
  });

  it('suggests cities for a mistyped place, one per slug, without neighbourhoods', () => {
    const suggestions = places.suggestCities('austn tx', 5);
    expect(suggestions[0]?.slug).toBe('austin-tx');
    expect(new Set(suggestions.map((city) => city.slug)).size).toBe(suggestions.length);
    expect(places.suggestCities('san franciso', 5).map((city) => city.slug)).toContain('san-francisco-ca');
    expect(places.suggestCities('qqqqqqqq', 5)).toEqual([]);
  });

  it('lists a country’s largest places, largest first', () => {
    const cities = places.largestCities('US', 1_000_000);
    expect(cities[0]?.slug).toBe('new-york-ny');
    expect(cities.map((city) => city.slug)).toContain('los-angeles-ca');
    expect(cities.every((city) => city.population >= 1_000_000 && city.country_code === 'US')).toBe(true);
    const populations = cities.map((city) => city.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });
});
