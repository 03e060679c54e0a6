import {
  DISTANCE_DECIMALS,
  type DISTANCE_UNITS,
  EARTH_RADIUS_MILES,
  LOCALE,
  MILES_TO_METERS,
} from './constants.ts';

/** Spec §9's four units: miles, feet, km, m. */
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
/** Imperial shows miles and feet, metric kilometres and metres. Privy is en-US (§9): imperial. */
export type DistanceSystem = 'imperial' | 'metric';

const FEET_PER_MILE = 5280;
const UNIT_SYMBOL: Record<DistanceUnit, string> = { miles: 'mi', feet: 'ft', km: 'km', m: 'm' };

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

/** A distance in miles (as the API gives it) in any of the four units, with §9's 1609.34 m a mile. */
export function convertMiles(miles: number, unit: DistanceUnit): number {
  if (unit === 'miles') return miles;
  if (unit === 'feet') return miles * FEET_PER_MILE;
  const metres = miles * MILES_TO_METERS;
  return unit === 'm' ? metres : metres / 1000;
}

/**
 * Which unit a distance reads best in (ADR 110): on foot, tenths of a mile stop meaning much, so
 * under 0.1 mile (about 530 ft) imperial shows feet; metric shows metres under 1 km, as maps do.
 */
export function displayUnit(miles: number, system: DistanceSystem): DistanceUnit {
  if (system === 'metric') return convertMiles(miles, 'km') < 1 ? 'm' : 'km';
  return miles < 0.1 ? 'feet' : 'miles';
}

/** One distance in the unit asked for: feet and metres to the nearest 10; miles and km to a tenth under 10. */
export function formatDistanceIn(miles: number, unit: DistanceUnit): string {
  const value = convertMiles(miles, unit);
  const shown =
    unit === 'feet' || unit === 'm'
      ? Math.max(10, Math.round(value / 10) * 10).toLocaleString(LOCALE)
      : value < 10
        ? value.toFixed(1)
        : Math.round(value).toLocaleString(LOCALE);
  return `${shown} ${UNIT_SYMBOL[unit]}`;
}

/** "2.4 mi", or "420 ft" under a tenth of a mile; in metric "3.9 km", or "680 m" under 1 km. */
export function formatDistance(miles: number, system: DistanceSystem = 'imperial'): string {
  return formatDistanceIn(miles, displayUnit(miles, system));
}
