import { DISTANCE_DECIMALS, EARTH_RADIUS_MILES, LOCALE } from './constants.ts';

const FEET_PER_MILE = 5280;

/** Great-circle distance in miles on the spec's sphere (§9), rounded to 4 decimals. */
export function distanceMiles(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLng = (to.longitude - from.longitude) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLng / 2) ** 2;
  const miles = 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
  const factor = 10 ** DISTANCE_DECIMALS;
  return Math.round(miles * factor) / factor;
}

/** "2.4 mi", or "420 ft" under a tenth of a mile, where miles stop meaning much on foot. */
export function formatDistance(miles: number): string {
  if (miles < 0.1)
    return `${Math.max(10, Math.round((miles * FEET_PER_MILE) / 10) * 10).toLocaleString(LOCALE)} ft`;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles).toLocaleString(LOCALE)} mi`;
}
