import { describe, expect, it } from 'vitest';
import { DISTANCE_UNITS } from './constants.ts';
import { convertMiles, displayUnit, distanceMiles, formatDistance, formatDistanceIn } from './distance.ts';

describe('distance formatting', () => {
  it('measures on the spec sphere and rounds to 4 decimals', () => {
    // One degree of latitude on a 3963.190592-mile sphere.
    expect(distanceMiles({ latitude: 30, longitude: -97 }, { latitude: 31, longitude: -97 })).toBe(69.1707);
    expect(distanceMiles({ latitude: 30, longitude: -97 }, { latitude: 30, longitude: -97 })).toBe(0);
  });

  it('converts miles into each of the four units of spec §9', () => {
    expect(DISTANCE_UNITS).toEqual(['miles', 'feet', 'km', 'm']);
    expect(convertMiles(2, 'miles')).toBe(2);
    expect(convertMiles(2, 'feet')).toBe(10_560);
    expect(convertMiles(2, 'm')).toBeCloseTo(3218.68, 6);
    expect(convertMiles(2, 'km')).toBeCloseTo(3.21868, 9);
  });

  it('writes a distance in any unit: feet and metres to 10, miles and km to a tenth under 10', () => {
    expect(formatDistanceIn(1.5, 'miles')).toBe('1.5 mi');
    expect(formatDistanceIn(1.5, 'feet')).toBe('7,920 ft');
    expect(formatDistanceIn(1.5, 'km')).toBe('2.4 km');
    expect(formatDistanceIn(1.5, 'm')).toBe('2,410 m');
    expect(formatDistanceIn(12, 'km')).toBe('19 km');
    expect(formatDistanceIn(0.0001, 'm')).toBe('10 m');
  });

  it('imperial (the default): feet under a tenth of a mile, miles from there', () => {
    expect(displayUnit(0.0999, 'imperial')).toBe('feet');
    expect(displayUnit(0.1, 'imperial')).toBe('miles');
    expect(formatDistance(0.05)).toBe('260 ft');
    expect(formatDistance(0.0001)).toBe('10 ft');
    expect(formatDistance(0.1)).toBe('0.1 mi');
    expect(formatDistance(2.345)).toBe('2.3 mi');
    expect(formatDistance(12.6)).toBe('13 mi');
  });

  it('metric: metres under 1 km, kilometres from there', () => {
    expect(displayUnit(0.62, 'metric')).toBe('m');
    expect(displayUnit(0.63, 'metric')).toBe('km');
    expect(formatDistance(0.05, 'metric')).toBe('80 m');
    expect(formatDistance(0.42, 'metric')).toBe('680 m');
    expect(formatDistance(0.63, 'metric')).toBe('1.0 km');
    expect(formatDistance(2.345, 'metric')).toBe('3.8 km');
    expect(formatDistance(12.6, 'metric')).toBe('20 km');
  });
});
