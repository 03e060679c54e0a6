export type MapMarker = {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
  /** The circle's radius in pixels (default 9): admin analytics sizes a spot by its count. */
  radius?: number;
};
/** An approximate area: the public point with a circle, so the exact address stays hidden. */
export type MapArea = { latitude: number; longitude: number; radiusMeters: number };
