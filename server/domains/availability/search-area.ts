/**
 * The latitude/longitude boxes that hold every point within a radius of a centre (a spherical
 * cap), for the GiST point index the radius search reads first; the exact great-circle test then
 * trims the corners. Bounding coordinates as in J. P. Matuschek, "Finding Points Within a Distance
 * of a Latitude/Longitude Using Bounding Coordinates": the cap's extreme longitudes are where
 * meridians touch it, asin(sin θ / cos φ) either side; a cap over a pole spans every longitude,
 * and one across the antimeridian becomes two boxes.
 */

export type LatLngBox = { south: number; west: number; north: number; east: number };

/** earthdistance's sphere (earth()), which radius_m has always been measured on. */
export const SEARCH_SPHERE_METERS = 6378168;

// A hair of slack so that rounding at a box edge can never drop a point the exact test keeps.
const SLACK_DEGREES = 1e-9;
const DEGREES = 180 / Math.PI;

export function capBoxes(latitude: number, longitude: number, radiusMeters: number): LatLngBox[] {
  const angle = radiusMeters / SEARCH_SPHERE_METERS;
  const south = latitude - angle * DEGREES - SLACK_DEGREES;
  const north = latitude + angle * DEGREES + SLACK_DEGREES;
  if (south <= -90 || north >= 90) {
    return [{ south: Math.max(south, -90), west: -180, north: Math.min(north, 90), east: 180 }];
  }
  const halfWidth = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(latitude / DEGREES))) * DEGREES;
  const west = longitude - halfWidth - SLACK_DEGREES;
  const east = longitude + halfWidth + SLACK_DEGREES;
  if (west < -180) {
    return [
      { south, west: west + 360, north, east: 180 },
      { south, west: -180, north, east },
    ];
  }
  if (east > 180) {
    return [
      { south, west, north, east: 180 },
      { south, west: -180, north, east: east - 360 },
    ];
  }
  return [{ south, west, north, east }];
}
