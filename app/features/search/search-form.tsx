import { Grid, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type ComponentProps, type FormEvent, useState } from 'react';
import { BOOKING_DURATIONS } from '../../../common/search-options.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { DatePickerField, TimePickerField, useBookableDays } from '../../ui/date-time-picker.tsx';
import { LiveSelect } from '../../ui/live-select.tsx';
import { StaticButton, SubmitButton } from '../../ui/static-button.tsx';
import { useLive } from '../../ui/use-live.ts';
import { LiveAddressAutocomplete } from '../places/live-address-autocomplete.tsx';
import {
  activeFilterCount,
  placeFromState,
  RADIUS_SELECT,
  SEARCH_TIMES,
  type SearchState,
  withPlace,
} from './search-url.ts';

// The selects and the filters drawer load once the page is live, each on its own turn; until then
// the server's markup of the closed selects stands in (live-select.tsx), so the first load carries
// none of them (ADR 098).
const Select = lazyPart(() =>
  import('../../ui/mantine-controls.ts').then((module) => ({ default: module.Select })),
);
const SearchFilters = lazyPart(() => import('./search-filters.tsx'));

const DURATION_SELECT = BOOKING_DURATIONS.map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} minutes` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`,
}));
export const SORT_SELECT = [
  { value: 'distance', label: 'Nearest first' },
  { value: 'price', label: 'Lowest price first' },
  { value: 'rating', label: 'Highest rated first' },
];

type Props = {
  /** The URL's search the form shows (`initial` is it, parsed). */
  search: string;
  initial: SearchState;
  errors: Record<string, string>;
  onSearch: (state: SearchState) => void;
};

/** Where, how far and when, plus a drawer of filters. Every change lands in the URL on submit. */
export function SearchForm({ search, initial, errors, onSearch }: Props) {
  const [state, setState] = useState(initial);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [addressError, setAddressError] = useState<string | undefined>();
  // A new search in the URL (submitted here, Back, a shared link) resets the form to it. Not by
  // remounting (a `key`): that would put every live part back to its stand-in, closing a list the
  // guest opened while the results were loading.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setState(initial);
    setAddressError(undefined);
  }
  const set = (patch: Partial<SearchState>) => setState((current) => ({ ...current, ...patch }));
  const submit = (next: SearchState) => {
    if (!next.lat || !next.lng) {
      setAddressError('Choose a place from the list, or use your location.');
      return;
    }
    setAddressError(undefined);
    onSearch({ ...next, page: '' });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(state);
  };
  const filters = activeFilterCount(state);
  const bookableDays = useBookableDays();

  return (
    <form onSubmit={onSubmit} aria-label="Search bathrooms">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <LiveAddressAutocomplete
            label="Where"
            value={placeFromState(state)}
            onChange={(place) => setState((current) => withPlace(current, place))}
            error={addressError ?? errors.lat ?? errors.lng}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <LiveSelect
            select={Select}
            label="Within"
            data={RADIUS_SELECT}
            value={state.radius}
            onChange={(value) => set({ radius: value ?? '5' })}
            allowDeselect={false}
            error={errors.radius}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <DatePickerField
            label="Date"
            value={state.date}
            options={bookableDays}
            onChange={(date) => set({ date })}
            error={errors.date}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <TimePickerField
            label="Time"
            placeholder="Any time"
            value={state.time}
            options={SEARCH_TIMES}
            onChange={(time) => set({ time })}
            error={errors.time}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <LiveSelect
            select={Select}
            label="For"
            placeholder="Any"
            data={DURATION_SELECT}
            value={state.duration}
            onChange={(value) => set({ duration: value ?? '' })}
            clearable
            error={errors.duration}
          />
        </Grid.Col>
      </Grid>
      <Group mt="sm" justify="space-between">
        <Group gap="sm">
          <SubmitButton leftSection={<IconSearch size={18} aria-hidden />}>Search</SubmitButton>
          <StaticButton
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={() => setFiltersOpen(true)}
          >
            {filters ? `Filters (${filters})` : 'Filters'}
          </StaticButton>
        </Group>
        <LiveSelect
          select={Select}
          aria-label="Sort results"
          data={SORT_SELECT}
          value={state.sort}
          allowDeselect={false}
          width={210}
          onChange={(value) => {
            const next = { ...state, sort: (value ?? 'distance') as SearchState['sort'] };
            setState(next);
            if (next.lat && next.lng) submit(next);
          }}
        />
      </Group>
      <LiveSearchFilters
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        state={state}
        set={set}
        errors={errors}
        onShow={() => {
          setFiltersOpen(false);
          submit(state);
        }}
      />
    </form>
  );
}

/** The filters drawer (closed, it draws nothing) mounts on its own turn once the page is live. */
function LiveSearchFilters(props: ComponentProps<typeof SearchFilters>) {
  return useLive() ? <SearchFilters {...props} /> : null;
}
