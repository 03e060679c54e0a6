import { useState } from 'react';
import type { ProfileLocation } from '../../../common/schemas/location.ts';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import type { PickedPlace } from '../../features/listings/address-section.tsx';
import { LazyPinMap } from '../../features/listings/lazy-pin-map.tsx';
import type { AddressSlots } from '../../features/listings/property-editor.tsx';
import { AddressAutocomplete } from '../../features/places/address-autocomplete.tsx';
import { placeFromLocation } from '../../features/places/geocoding.ts';

/** The places feature's search box, wired into the listing forms (routes compose features). */
function PlaceSearch({
  initial,
  onPick,
}: {
  initial: ProfileLocation | null;
  onPick: (place: PickedPlace | null) => void;
}) {
  const [value, setValue] = useState<PlaceResult | null>(initial ? placeFromLocation(initial) : null);
  return (
    <AddressAutocomplete
      label="City or town"
      description="Pick the place from the list; then add the street below."
      required
      value={value}
      onChange={(place) => {
        setValue(place);
        onPick(place);
      }}
    />
  );
}

export function addressSlots(initial: ProfileLocation | null, tileUrl: string): AddressSlots {
  return {
    renderSearch: (onPick) => <PlaceSearch initial={initial} onPick={onPick} />,
    renderMap: (point, onMove) => <LazyPinMap tileUrl={tileUrl} point={point} onMove={onMove} />,
  };
}
