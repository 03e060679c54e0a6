import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { DatePickerField, TimePickerField, useBookableDays } from '../../ui/date-time-picker.tsx';
import { LiveSelect } from '../../ui/live-select.tsx';
import { SubmitButton } from '../../ui/static-button.tsx';
import { LiveAddressAutocomplete } from '../places/live-address-autocomplete.tsx';
import classes from './hero-search.module.css';
import { EMPTY_SEARCH, RADIUS_SELECT, SEARCH_TIMES, searchHref, withPlace } from './search-url.ts';

const Select = lazyPart(() => import('../../ui/mantine-select.ts'));

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
  const bookableDays = useBookableDays();
  // The server and the first paint draw the closed Select and the address field as plain markup
  // (live-select.tsx, address-stand-in.tsx); the real ones, which look the same, take their place
  // once the page is live and their code has loaded, and can open their lists.
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
          <LiveAddressAutocomplete
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
          <LiveSelect
            select={Select}
            label="Within"
            data={RADIUS_SELECT}
            value={radius}
            onChange={(value) => setRadius(value ?? '5')}
            allowDeselect={false}
          />
        </div>
        <div>
          <DatePickerField label="Date" value={date} options={bookableDays} onChange={setDate} />
        </div>
        <div>
          <TimePickerField
            label="Time"
            placeholder="Any time"
            value={time}
            options={SEARCH_TIMES}
            onChange={setTime}
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
