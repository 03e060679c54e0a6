import { Select } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import { SubmitButton } from '../../ui/static-button.tsx';
import { ClosedSelect, StaticTextInput } from '../../ui/static-input.tsx';
import { AddressAutocomplete } from '../places/address-autocomplete.tsx';
import classes from './hero-search.module.css';
import { RADIUS_SELECT, withPlace } from './search-form.tsx';
import { EMPTY_SEARCH, searchHref } from './search-url.ts';

/**
 * The home search state (spec §3): an address, a radius (5 miles unless changed), an optional date
 * and time. Searching opens /bathrooms with all of it in the URL.
 */
export function HeroSearch({
  address,
  onAddressChange,
  addressLoading,
}: {
  address: PlaceResult | null;
  onAddressChange: (place: PlaceResult | null) => void;
  addressLoading: boolean;
}) {
  const navigate = useNavigate();
  const [radius, setRadius] = useState(EMPTY_SEARCH.radius);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  // The server and the first paint draw the closed Select as plain markup (static-input.tsx); the
  // real one, which looks the same, takes its place once the page is live and can open its list.
  const mounted = useMounted();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!address) {
      setError('Choose a place from the list, or use your location.');
      return;
    }
    navigate(searchHref({ ...withPlace(EMPTY_SEARCH, address), radius, date, time }));
  };
  return (
    <form onSubmit={onSubmit} aria-label="Find a bathroom" className={classes.card}>
      <div className={classes.grid}>
        <div className={classes.full}>
          <AddressAutocomplete
            label="Where are you?"
            value={address}
            onChange={(place) => {
              setError(undefined);
              onAddressChange(place);
            }}
            description={addressLoading ? 'Finding your location…' : undefined}
            error={error}
          />
        </div>
        <div className={classes.radius}>
          {mounted ? (
            <Select
              label="Within"
              data={RADIUS_SELECT}
              value={radius}
              onChange={(value) => setRadius(value ?? '5')}
              allowDeselect={false}
            />
          ) : (
            <ClosedSelect
              label="Within"
              value={radius}
              valueLabel={RADIUS_SELECT.find((option) => option.value === radius)?.label ?? ''}
            />
          )}
        </div>
        <div>
          <StaticTextInput
            type="date"
            label="Date"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
        </div>
        <div>
          <StaticTextInput
            type="time"
            label="Time"
            step={900}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
          />
        </div>
        <div className={classes.full}>
          <SubmitButton size="md" fullWidth leftSection={<IconSearch size={18} aria-hidden />}>
            Find a bathroom
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
