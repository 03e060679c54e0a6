import { describe, expect, it } from 'vitest';
import { distanceMiles } from './geo.ts';
import { fuzzPoint, PUBLIC_POINT_RADIUS_MILES } from './public-point.ts';

describe('fuzzPoint', () => {
  const austin = { lat: 30.26715, lng: -97.74306 };

  it('is the same point every time for the same seed, and another for another seed', () => {
    const a = fuzzPoint(austin.lat, austin.lng, 'bathroom-1');
    expect(fuzzPoint(austin.lat, austin.lng, 'bathroom-1')).toEqual(a);
    expect(fuzzPoint(austin.lat, austin.lng, 'bathroom-2')).not.toEqual(a);
    expect(fuzzPoint(austin.lat, austin.lng, 7)).toEqual(fuzzPoint(austin.lat, austin.lng, '7'));
  });

  it('stays within 0.3 mile at any latitude, and across the antimeridian', () => {
    const origins = [
      austin,
      { lat: 64.8378, lng: -147.7164 },
      { lat: -33.8688, lng: 151.2093 },
      { lat: 0, lng: 179.999 },
    ];
    for (const origin of origins) {
      for (let seed = 0; seed < 500; seed++) {
        const point = fuzzPoint(origin.lat, origin.lng, seed);
        expect(point.lng).toBeGreaterThanOrEqual(-180);
        expect(point.lng).toBeLessThan(180);
        expect(distanceMiles(origin, point)).toBeLessThanOrEqual(PUBLIC_POINT_RADIUS_MILES + 1e-9);
      }
    }
  });

  it('spreads points evenly over the disc rather than piling them at the centre', () => {
    const distances = Array.from({ length: 2000 }, (_, seed) =>
      distanceMiles(austin, fuzzPoint(austin.lat, austin.lng, `listing-${seed}`)),
    );
    // Uniform over the area: a quarter of the points inside half the radius, three quarters outside.
    const inner = distances.filter((d) => d < PUBLIC_POINT_RADIUS_MILES / 2).length / distances.length;
    expect(inner).toBeGreaterThan(0.2);
    expect(inner).toBeLessThan(0.3);
    expect(Math.max(...distances)).toBeGreaterThan(PUBLIC_POINT_RADIUS_MILES * 0.95);
  });
});
