import { EARTH_RADIUS_MILES, MILES_TO_METERS } from '../../../common/constants.ts';
import type { LatLng } from '../../../common/schemas/places.ts';

const RADIANS = Math.PI / 180;
export const EARTH_RADIUS_KM = (EARTH_RADIUS_MILES * MILES_TO_METERS) / 1000;

/** Great-circle (haversine) distance on the spec §9 earth, in miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLng = (b.lng - a.lng) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceKm(a: LatLng, b: LatLng): number {
  return (distanceMiles(a, b) * MILES_TO_METERS) / 1000;
}
