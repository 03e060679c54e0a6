import { TOAST_LIFETIME_MS } from '../../../common/constants.ts';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import { type PlaceResult, placeFromGeocodeResult } from '../../../common/schemas/place-result.ts';
import type { GeocodeResult, LatLng, LocationSearchResponse } from '../../../common/schemas/places.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { toast } from '../../ui/toasts.tsx';

/** Spec §8, word for word. */
export const LOCATION_MESSAGES = {
  failed: 'Could not set location automatically.',
  unsupported: 'Geolocation is not supported.',
} as const;

export class LocateError extends Error {
  override name = 'LocateError';
  readonly reason: keyof typeof LOCATION_MESSAGES;
  constructor(reason: keyof typeof LOCATION_MESSAGES) {
    super(LOCATION_MESSAGES[reason]);
    this.reason = reason;
  }
}

/** Spec §8: "Location Error", severity error, 5 s. */
export function showLocationError(error: unknown) {
  const message = error instanceof LocateError ? error.message : LOCATION_MESSAGES.failed;
  toast.error({ title: 'Location Error', message, autoClose: TOAST_LIFETIME_MS.locationError });
}

/** GET /api/location/search; throws on a network failure or a refused request. */
export async function searchPlaces(
  query: { text: string; near?: LatLng | undefined } | { latitude: number; longitude: number },
  signal?: AbortSignal,
): Promise<GeocodeResult[]> {
  const params = new URLSearchParams();
  if ('text' in query) {
    params.set('text', query.text);
    if (query.near) params.set('near', `${query.near.lat},${query.near.lng}`);
  } else {
    params.set('latitude', String(query.latitude));
    params.set('longitude', String(query.longitude));
  }
  const response = await apiFetch(`/api/location/search?${params}`, {
    signal: signal ?? null,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Place search answered ${response.status}`);
  const body = (await response.json()) as LocationSearchResponse;
  return body.results;
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 5 * 60_000,
    });
  });
}

/**
 * The browser's position named by the reverse geocoder: the place's name, the browser's own
 * coordinates (more precise than the city centre). Throws LocateError with the §8 reason.
 */
export async function locateMe(): Promise<PlaceResult> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.geolocation) {
    throw new LocateError('unsupported');
  }
  try {
    const position = await currentPosition();
    const at = { lat: position.coords.latitude, lng: position.coords.longitude };
    const [nearest] = await searchPlaces({ latitude: at.lat, longitude: at.lng });
    if (!nearest) throw new LocateError('failed');
    return placeFromGeocodeResult(nearest, at);
  } catch (error) {
    throw error instanceof LocateError ? error : new LocateError('failed');
  }
}

/** A saved address (spec §3 Location) as the search box holds it. */
export function placeFromLocation(location: ProfileLocation): PlaceResult {
  return { description: location.formatted, latitude: location.lat, longitude: location.lon, location };
}
