import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import { useRootData } from '../../root.tsx';
import { scheduleDefaultAddress } from './default-address.ts';
import { locateMe, placeFromLocation, showLocationError } from './geocoding.ts';

export type DefaultAddress = {
  address: PlaceResult | null;
  setAddress: (place: PlaceResult | null) => void;
  /** true while the browser's position is being asked for and named (spec §3 anonymousAddressLoading) */
  loading: boolean;
};

/**
 * The address the home and search pages start from (spec §4): the signed-in user's first saved
 * location; otherwise, 3.5 s after load and only if nobody has typed one, the browser's position,
 * reverse-geocoded. Failures show the §8 "Location Error" toast.
 */
export function useDefaultAddress(initial: PlaceResult | null = null): DefaultAddress {
  const saved = useRootData()?.viewer?.profile.locations[0] ?? null;
  const [address, setAddressState] = useState<PlaceResult | null>(initial);
  const [loading, setLoading] = useState(false);
  const current = useRef<PlaceResult | null>(initial);
  const savedRef = useRef(saved);

  const setAddress = useCallback((place: PlaceResult | null) => {
    current.current = place;
    setAddressState(place);
  }, []);

  // Once per page: the root loader has the session by the time this runs in the browser.
  useEffect(() => {
    let active = true;
    const cancel = scheduleDefaultAddress({
      saved: savedRef.current ? placeFromLocation(savedRef.current) : null,
      hasAddress: () => current.current !== null,
      apply: setAddress,
      locate: () => {
        setLoading(true);
        locateMe()
          .then((place) => {
            if (active && current.current === null) setAddress(place);
          })
          .catch((error: unknown) => {
            if (active) showLocationError(error);
          })
          .finally(() => {
            if (active) setLoading(false);
          });
      },
    });
    return () => {
      active = false;
      cancel();
    };
  }, [setAddress]);

  return { address, setAddress, loading };
}
