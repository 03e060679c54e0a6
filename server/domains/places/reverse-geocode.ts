import type { LatLng } from '../../../common/schemas/places.ts';
import type { Gazetteer, Place } from './gazetteer.ts';
import { distanceKm } from './geo.ts';

/**
 * "Where is this point?" (ADR 060): the place that best explains a position. Pure nearest-point
 * would name the village whose centre is 300 m away rather than the city the user stands in, so
 * distance is divided by a gentle function of population (population^¼): a city of 1M "reaches"
 * about 5.6× as far as a town of 1,000. A town 1 km away still beats a city 20 km away.
 */
function reach(place: Place): number {
  return Math.max(place.population, 1000) / 1000;
}

export function placeScore(place: Place, point: LatLng): number {
  return distanceKm(point, place) / reach(place) ** 0.25;
}

function wrapCell(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** Places in the 1° cells around a point, widening ring by ring until some are found. */
function placesAround(gazetteer: Gazetteer, point: LatLng, minRings: number, maxRings = 6): Place[] {
  const found: Place[] = [];
  const baseLat = Math.floor(point.lat);
  const baseLng = Math.floor(point.lng);
  for (let ring = 0; ring <= maxRings; ring++) {
    for (let dLat = -ring; dLat <= ring; dLat++) {
      for (let dLng = -ring; dLng <= ring; dLng++) {
        if (Math.max(Math.abs(dLat), Math.abs(dLng)) !== ring) continue;
        const cell = gazetteer.cells.get(`${baseLat + dLat},${wrapCell(baseLng + dLng)}`);
        if (cell) for (const index of cell) found.push(gazetteer.places[index] as Place);
      }
    }
    // One ring beyond the first hit: a closer place may sit just across a cell edge.
    if (ring >= minRings && found.length > 0) break;
  }
  return found;
}

export function reverseGeocode(gazetteer: Gazetteer, point: LatLng, limit: number): Place[] {
  return placesAround(gazetteer, point, 1)
    .filter((place) => !place.section)
    .map((place) => ({ place, score: placeScore(place, point) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((entry) => entry.place);
}

/** The n closest sizeable places (not the one at the point itself), nearest first: for "nearby cities" links. */
export function nearbyPlaces(
  gazetteer: Gazetteer,
  point: LatLng,
  n: number,
  options: { minPopulation: number; countryCode?: string | undefined },
): Place[] {
  const candidates = placesAround(gazetteer, point, 2, 8).filter(
    (place) =>
      place.population >= options.minPopulation &&
      (options.countryCode === undefined || place.countryCode === options.countryCode) &&
      distanceKm(point, place) > 1,
  );
  return candidates
    .map((place) => ({ place, km: distanceKm(point, place) }))
    .sort((a, b) => a.km - b.km)
    .slice(0, n)
    .map((entry) => entry.place);
}
