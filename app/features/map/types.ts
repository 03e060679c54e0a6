export type MapMarker = { id: string; latitude: number; longitude: number; label: string };
/** An approximate area: the public point with a circle, so the exact address stays hidden. */
export type MapArea = { latitude: number; longitude: number; radiusMeters: number };
