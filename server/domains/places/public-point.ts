import { createHash } from 'node:crypto';
import { EARTH_RADIUS_MILES } from '../../../common/constants.ts';

/** How far a bathroom's public map point may sit from its real door (ADR 060). */
export const PUBLIC_POINT_RADIUS_MILES = 0.3;

const RADIANS = Math.PI / 180;

function uniformPair(seed: string | number): [number, number] {
  const digest = createHash('sha256').update(`privy-public-point:${seed}`).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32];
}

/**
 * The public, approximate point of an exact location: a point drawn uniformly from the disc of
 * 0.3 mile around it (radius ∝ √u keeps the density even), the same every time for the same seed
 * (the bathroom id), so the marker does not wander on each save and averaging many saves learns
 * nothing. Moved along the great circle, so the distance is exact at any latitude.
 */
export function fuzzPoint(lat: number, lng: number, seed: string | number): { lat: number; lng: number } {
  const [u, v] = uniformPair(seed);
  const distance = (PUBLIC_POINT_RADIUS_MILES * Math.sqrt(u)) / EARTH_RADIUS_MILES;
  const bearing = 2 * Math.PI * v;
  const phi1 = lat * RADIANS;
  const lambda1 = lng * RADIANS;
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(distance) + Math.cos(phi1) * Math.sin(distance) * Math.cos(bearing),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(bearing) * Math.sin(distance) * Math.cos(phi1),
      Math.cos(distance) - Math.sin(phi1) * Math.sin(phi2),
    );
  const outLng = ((((lambda2 / RADIANS + 180) % 360) + 360) % 360) - 180;
  return { lat: phi2 / RADIANS, lng: outLng };
}
