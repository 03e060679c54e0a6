import { Button, Combobox, Group, Loader, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { IconCurrentLocation, IconMapPin } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type PlaceResult, placeFromGeocodeResult } from '../../../common/schemas/place-result.ts';
import type { GeocodeResult, LatLng } from '../../../common/schemas/places.ts';
import { locateMe, searchPlaces, showLocationError } from './geocoding.ts';

/** Waits this long after the last keystroke before asking the server. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
const MIN_QUERY_LENGTH = 2;

type Status = 'idle' | 'loading' | 'done' | 'error';

export type AddressAutocompleteProps = {
  label: string;
  value: PlaceResult | null;
  onChange: (place: PlaceResult | null) => void;
  placeholder?: string;
  description?: string;
  error?: string | undefined;
  required?: boolean;
  /** ranks places near this point first (e.g. the user's default address) */
  near?: LatLng | undefined;
  /** shows the "Use my location" button (default true) */
  withMyLocation?: boolean;
  /** shows the dropdown in a portal (default false: it stays in the form's stacking context) */
  withinPortal?: boolean;
  /** text typed before this field replaced its stand-in (live-address-autocomplete.tsx) */
  initialText?: string;
  /** the stand-in had the focus: keep it in the field */
  autoFocus?: boolean;
  /** "Use my location" was tapped on the stand-in: do it now */
  locateOnMount?: boolean;
};

/**
 * Type a city, pick it from the list (mouse, touch or arrow keys and Enter), or use the browser's
 * position. Searches /api/location/search as the user types, 200 ms after the last key, and
 * abandons answers to text that has since changed.
 */
export function AddressAutocomplete({
  label,
  value,
  onChange,
  placeholder = 'City or town, e.g. Austin, TX',
  description,
  error,
  required,
  near,
  withMyLocation = true,
  withinPortal = false,
  initialText,
  autoFocus = false,
  locateOnMount = false,
}: AddressAutocompleteProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text, setText] = useState(initialText ?? value?.description ?? '');
  const [results, setResults] = useState<GeocodeResult[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [locating, setLocating] = useState(false);
  const statusId = useId();
  const nearKey = near ? `${near.lat},${near.lng}` : '';
  const comboboxRef = useRef(combobox);
  comboboxRef.current = combobox;

  // A value chosen elsewhere (the default address, "Use my location") shows in the box; text typed
  // into the stand-in before this field loaded stays until then.
  const shownDescription = useRef(value?.description);
  useEffect(() => {
    if (shownDescription.current === value?.description) return;
    shownDescription.current = value?.description;
    setText(value?.description ?? '');
  }, [value?.description]);

  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_QUERY_LENGTH || query === value?.description) {
      setStatus('idle');
      setResults([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      const [nearLat, nearLng] = nearKey.split(',').map(Number);
      const nearPoint = nearKey ? { lat: nearLat as number, lng: nearLng as number } : undefined;
      searchPlaces({ text: query, near: nearPoint }, controller.signal)
        .then((found) => {
          setResults(found);
          setStatus('done');
          comboboxRef.current.updateSelectedOptionIndex();
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setResults([]);
          setStatus('error');
        });
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, value?.description, nearKey]);

  function choose(placeId: string) {
    const result = results.find((candidate) => candidate.place_id === placeId);
    if (!result) return;
    const place = placeFromGeocodeResult(result);
    setText(place.description);
    combobox.closeDropdown();
    onChange(place);
  }

  async function fillFromMyLocation() {
    setLocating(true);
    try {
      const place = await locateMe();
      setText(place.description);
      onChange(place);
    } catch (locateError) {
      showLocationError(locateError);
    } finally {
      setLocating(false);
    }
  }

  const locateRef = useRef(fillFromMyLocation);
  locateRef.current = fillFromMyLocation;
  const locatedOnMount = useRef(false);
  useEffect(() => {
    if (locateOnMount && !locatedOnMount.current) {
      locatedOnMount.current = true;
      void locateRef.current();
    }
  }, [locateOnMount]);

  const query = text.trim();
  const showDropdown = query.length >= MIN_QUERY_LENGTH && query !== value?.description && status !== 'idle';
  const statusText =
    status === 'loading'
      ? 'Searching places…'
      : status === 'error'
        ? 'We could not search places just now. Check your connection and try again.'
        : status === 'done' && results.length === 0
          ? 'No places found. Try the city name, like "Austin" or "Austin, TX".'
          : status === 'done'
            ? `${results.length} ${results.length === 1 ? 'place' : 'places'} found`
            : '';

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={choose} withinPortal={withinPortal}>
        <Combobox.Target withExpandedAttribute>
          <TextInput
            label={label}
            placeholder={placeholder}
            description={description}
            error={error}
            required={required ?? false}
            value={text}
            autoComplete="off"
            leftSection={<IconMapPin size={18} aria-hidden />}
            rightSection={status === 'loading' ? <Loader size={16} aria-hidden /> : null}
            aria-describedby={statusId}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setText(next);
              combobox.openDropdown();
              // Editing the text un-chooses the place until a new one is picked.
              if (value && next !== value.description) onChange(null);
            }}
            autoFocus={autoFocus}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              if (event.key === 'Escape') combobox.closeDropdown();
            }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showDropdown}>
          <Combobox.Options aria-label={`${label} suggestions`}>
            {results.map((result) => (
              <Combobox.Option value={result.place_id} key={result.place_id}>
                {result.formatted_address}
              </Combobox.Option>
            ))}
            {status === 'done' && results.length === 0 ? (
              <Combobox.Empty>No places found</Combobox.Empty>
            ) : null}
            {status === 'error' ? (
              <Combobox.Empty c="red.8">
                We could not search places just now. Please try again.
              </Combobox.Empty>
            ) : null}
            {status === 'loading' && results.length === 0 ? (
              <Combobox.Empty>Searching…</Combobox.Empty>
            ) : null}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden id={statusId} aria-live="polite">
        {statusText}
      </VisuallyHidden>
      {withMyLocation ? (
        <Group mt={6}>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconCurrentLocation size={16} aria-hidden />}
            loading={locating}
            onClick={fillFromMyLocation}
          >
            Use my location
          </Button>
        </Group>
      ) : null}
    </div>
  );
}
