import { DEFAULT_LOCATION_DELAY_MS } from '../../../common/constants.ts';
import type { PlaceResult } from '../../../common/schemas/places.ts';

export type DefaultAddressPlan = {
  /** the user's first saved location, once the session has loaded (null for a guest) */
  saved: PlaceResult | null;
  /** whether an address is set by now (the user may have typed one meanwhile) */
  hasAddress: () => boolean;
  apply: (place: PlaceResult) => void;
  /** ask the browser where it is and reverse-geocode it */
  locate: () => void;
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
};

/**
 * Spec §4 Default address: the first saved location at once; otherwise after 3.5 s, if still no
 * address, the browser's position. Returns a cancel for unmount.
 */
export function scheduleDefaultAddress(plan: DefaultAddressPlan): () => void {
  const setTimer = plan.setTimer ?? setTimeout;
  const clearTimer = plan.clearTimer ?? clearTimeout;
  if (plan.saved) {
    if (!plan.hasAddress()) plan.apply(plan.saved);
    return () => {};
  }
  const timer = setTimer(() => {
    if (!plan.hasAddress()) plan.locate();
  }, plan.delayMs ?? DEFAULT_LOCATION_DELAY_MS);
  return () => clearTimer(timer);
}
