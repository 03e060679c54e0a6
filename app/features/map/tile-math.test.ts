import { describe, expect, it } from 'vitest';
import { metersPerPixel, offsetFrom, TILE_SIZE, tilesAround, tileUrl, worldPixel } from './tile-math.ts';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

describe('tile math', () => {
  it('puts the equator and the prime meridian in the middle of the world, and the corner at the edge', () => {
    expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const corner = worldPixel({ latitude: 85.0511287798, longitude: -180 }, 3);
    expect(corner.x).toBe(0);
    expect(Math.abs(corner.y)).toBeLessThan(1e-6);
  });

  it("names the tile as the OpenStreetMap wiki's slippy-map formula does", () => {
    // The wiki's form: x = (lon + 180) / 360 · 2^z, y = (1 − asinh(tan φ) / π) / 2 · 2^z.
    const n = 2 ** 15;
    const phi = (AUSTIN.latitude * Math.PI) / 180;
    const expected = [
      Math.floor(((AUSTIN.longitude + 180) / 360) * n),
      Math.floor(((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * n),
    ];
    const { x, y } = worldPixel(AUSTIN, 15);
    expect([Math.floor(x / TILE_SIZE), Math.floor(y / TILE_SIZE)]).toEqual(expected);
    expect(expected).toEqual([7487, 13491]);
  });

  it('covers every pixel of the box with one tile each, the center inside its own tile', () => {
    const halfWidth = 300;
    const halfHeight = 130;
    const tiles = tilesAround(AUSTIN, 15, halfWidth, halfHeight);
    for (const [dx, dy] of [
      [-halfWidth, -halfHeight],
      [0, 0],
      [halfWidth - 1, halfHeight - 1],
      [-halfWidth, halfHeight - 1],
    ] as const) {
      const covering = tiles.filter(
        (tile) =>
          tile.left <= dx && dx < tile.left + TILE_SIZE && tile.top <= dy && dy < tile.top + TILE_SIZE,
      );
      expect(covering, `pixel ${dx},${dy}`).toHaveLength(1);
    }
    expect(tiles.length).toBeLessThanOrEqual(4 * 3);
  });

  it('wraps columns across the antimeridian and leaves out rows past the poles', () => {
    const tiles = tilesAround({ latitude: 84, longitude: 179.9 }, 2, 300, 300);
    expect(new Set(tiles.map((tile) => tile.x))).toEqual(new Set([0, 1, 2, 3]));
    expect(tiles.every((tile) => tile.y >= 0 && tile.y < 4)).toBe(true);
  });

  it('places a point by its offset from the center, and sizes metres by latitude', () => {
    const east = offsetFrom(AUSTIN, { latitude: AUSTIN.latitude, longitude: AUSTIN.longitude + 0.01 }, 15);
    expect(east.top).toBe(0);
    expect(east.left).toBe(Math.round((0.01 / 360) * TILE_SIZE * 2 ** 15));
    expect(metersPerPixel(0, 0)).toBeCloseTo(156_543.03, 1);
    expect(metersPerPixel(60, 0)).toBeCloseTo(156_543.03 / 2, 1);
  });

  it('fills a Leaflet URL template', () => {
    expect(
      tileUrl('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}{r}.png', { z: 15, x: 7487, y: 13491 }),
    ).toBe(`https://${'abc'[(7487 + 13491) % 3]}.tile.openstreetmap.org/15/7487/13491.png`);
    expect(tileUrl('/map-tiles/blank.png', { z: 1, x: 0, y: 0 })).toBe('/map-tiles/blank.png');
  });
});
