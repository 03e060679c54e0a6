/**
 * Web Mercator tile arithmetic for the static map (static-map.tsx): which 256 px tiles cover a box
 * around a point at a zoom level, and where each sits relative to that point, as Leaflet lays them
 * out. Pure functions, so the server draws the same picture the browser would.
 */
export const TILE_SIZE = 256;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
/** Leaflet's default bounds for Web Mercator: beyond this latitude the projection has no tiles. */
const MAX_LATITUDE = 85.0511287798;

export type Point = { latitude: number; longitude: number };
export type PlacedTile = { z: number; x: number; y: number; left: number; top: number };

/** The point's position in pixels on the whole world's map at `zoom`. */
export function worldPixel({ latitude, longitude }: Point, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180;
  const x = ((longitude + 180) / 360) * scale;
  const y = ((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * scale;
  return { x, y };
}

/** Ground metres one screen pixel covers at `latitude` and `zoom`. */
export function metersPerPixel(latitude: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE_M * Math.cos((latitude * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

/** Where `point` is drawn, in pixels from `center` (right and down are positive). */
export function offsetFrom(center: Point, point: Point, zoom: number): { left: number; top: number } {
  const from = worldPixel(center, zoom);
  const to = worldPixel(point, zoom);
  return { left: Math.round(to.x - from.x), top: Math.round(to.y - from.y) };
}

/**
 * The tiles that cover `halfWidth` × `halfHeight` pixels on each side of `center`, each placed by
 * its top-left corner relative to the center. Columns wrap around the antimeridian; rows past the
 * poles are left out.
 */
export function tilesAround(
  center: Point,
  zoom: number,
  halfWidth: number,
  halfHeight: number,
): PlacedTile[] {
  const { x: cx, y: cy } = worldPixel(center, zoom);
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  const firstRow = Math.floor((cy - halfHeight) / TILE_SIZE);
  const lastRow = Math.floor((cy + halfHeight) / TILE_SIZE);
  const firstColumn = Math.floor((cx - halfWidth) / TILE_SIZE);
  const lastColumn = Math.floor((cx + halfWidth) / TILE_SIZE);
  for (let row = firstRow; row <= lastRow; row++) {
    if (row < 0 || row >= count) continue;
    for (let column = firstColumn; column <= lastColumn; column++) {
      tiles.push({
        z: zoom,
        x: ((column % count) + count) % count,
        y: row,
        left: Math.round(column * TILE_SIZE - cx),
        top: Math.round(row * TILE_SIZE - cy),
      });
    }
  }
  return tiles;
}

/** A tile's address from a Leaflet URL template ({s} subdomain, {z}/{x}/{y}, {r} retina suffix). */
export function tileUrl(template: string, tile: Pick<PlacedTile, 'z' | 'x' | 'y'>): string {
  const subdomain = 'abc'[Math.abs(tile.x + tile.y) % 3] ?? 'a';
  return template
    .replaceAll('{s}', subdomain)
    .replaceAll('{z}', String(tile.z))
    .replaceAll('{x}', String(tile.x))
    .replaceAll('{y}', String(tile.y))
    .replaceAll('{r}', '');
}
