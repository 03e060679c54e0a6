import { describe, expect, it } from 'vitest';
import { capBoxes, SEARCH_SPHERE_METERS } from './search-area.ts';

const DEGREES = 180 / Math.PI;

/** Great-circle metres on the search sphere. */
function meters(from: [number, number], to: [number, number]): number {
  const [lat1, lng1] = from.map((value) => value / DEGREES) as [number, number];
  const [lat2, lng2] = to.map((value) => value / DEGREES) as [number, number];
  const a =
    Math.sin((lat2 - lat1) / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin((lng2 - lng1) / 2) ** 2;
  return 2 * SEARCH_SPHERE_METERS * Math.asin(Math.min(1, Math.sqrt(a)));
}

const inside = (boxes: ReturnType<typeof capBoxes>, [lat, lng]: [number, number]) =>
  boxes.some((box) => lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east);

describe('capBoxes', () => {
  it('holds every point of the circle, even at its widest, and little else', () => {
    const radius = 8046.7;
    for (const [lat, lng] of [
      [30.2672, -97.7431],
      [64.8378, -147.7164],
      [-33.8688, 151.2093],
    ] as [number, number][]) {
      const boxes = capBoxes(lat, lng, radius);
      expect(boxes).toHaveLength(1);
      // Walk the circle's edge (just inside it) all the way round.
      for (let bearing = 0; bearing < 360; bearing += 0.5) {
        const angle = (radius * 0.999999) / SEARCH_SPHERE_METERS;
        const theta = bearing / DEGREES;
        const lat1 = lat / DEGREES;
        const lat2 = Math.asin(
          Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta),
        );
        const lng2 =
          lng / DEGREES +
          Math.atan2(
            Math.sin(theta) * Math.sin(angle) * Math.cos(lat1),
            Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
          );
        const point: [number, number] = [lat2 * DEGREES, lng2 * DEGREES];
        expect(meters([lat, lng], point)).toBeLessThan(radius);
        expect(inside(boxes, point)).toBe(true);
      }
      const [box] = boxes;
      // No wider than the circle needs: the box's corners are outside it.
      expect(meters([lat, lng], [box?.north ?? 0, box?.east ?? 0])).toBeGreaterThan(radius);
    }
  });

  it('splits at the antimeridian and spans every longitude over a pole', () => {
    const fiji = capBoxes(-17.8, 179.99, 8046.7);
    expect(fiji).toHaveLength(2);
    expect(inside(fiji, [-17.8, -179.99])).toBe(true);
    expect(inside(fiji, [-17.8, 179.95])).toBe(true);
    expect(inside(fiji, [-17.8, 0])).toBe(false);
    const west = capBoxes(51.5, -179.995, 2000);
    expect(west).toHaveLength(2);
    expect(inside(west, [51.5, 179.999])).toBe(true);

    const pole = capBoxes(89.99, 12, 8046.7);
    expect(pole).toEqual([{ south: expect.any(Number), west: -180, north: 90, east: 180 }]);
    expect(inside(pole, [89.99, -168])).toBe(true);
  });
});
