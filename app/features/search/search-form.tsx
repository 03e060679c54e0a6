import { Grid, Group } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type FormEvent, lazy, useState } from 'react';
import { BOOKING_DURATIONS } from '../../../common/search-options.ts';
import { StaticButton, SubmitButton } from '../../ui/static-button.tsx';
import { ClosedSelect, StaticTextInput } from '../../ui/static-input.tsx';
import { useLive } from '../../ui/use-live.ts';
import { LiveAddressAutocomplete } from '../places/live-address-autocomplete.tsx';
import {
  activeFilterCount,
  placeFromState,
  RADIUS_SELECT,
  type SearchState,
  withPlace,
} from './search-url.ts';

// The selects and the filters drawer load once the page is live; until then the server's markup
// of the closed selects stands in (static-input.tsx), so the first load carries none of them (ADR 098).
const Select = lazy(() =>
  import('../../ui/mantine-controls.ts').then((module) => ({ default: module.Select })),
);
const SearchFilters = lazy(() => import('./search-filters.tsx'));

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
  initial: SearchState;
  errors: Record<string, string>;
  onSearch: (state: SearchState) => void;
};

/** Where, how far and when, plus a drawer of filters. Every change lands in the URL on submit. */
export function SearchForm({ initial, errors, onSearch }: Props) {
  const [state, setState] = useState(initial);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [addressError, setAddressError] = useState<string | undefined>();
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
  const live = useLive();
  const optionLabel = (options: { value: string; label: string }[], value: string) =>
    options.find((option) => option.value === value)?.label ?? '';

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
          {live ? (
            <Select
              label="Within"
              data={RADIUS_SELECT}
              value={state.radius}
              onChange={(value) => set({ radius: value == null ? '5' : String(value) })}
              allowDeselect={false}
              error={errors.radius}
            />
          ) : (
            <ClosedSelect
              label="Within"
              value={state.radius}
              valueLabel={optionLabel(RADIUS_SELECT, state.radius)}
              error={errors.radius}
            />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <StaticTextInput
            type="date"
            label="Date"
            value={state.date}
            onChange={(event) => set({ date: event.currentTarget.value })}
            error={errors.date}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <StaticTextInput
            type="time"
            label="Time"
            step={900}
            value={state.time}
            onChange={(event) => set({ time: event.currentTarget.value })}
            error={errors.time}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          {live ? (
            <Select
              label="For"
              placeholder="Any"
              data={DURATION_SELECT}
              value={state.duration || null}
              onChange={(value) => set({ duration: value == null ? '' : String(value) })}
              clearable
              error={errors.duration}
            />
          ) : (
            <ClosedSelect
              label="For"
              placeholder="Any"
              value={state.duration}
              valueLabel={optionLabel(DURATION_SELECT, state.duration)}
              clearable
              error={errors.duration}
            />
          )}
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
        {live ? (
          <Select
            aria-label="Sort results"
            data={SORT_SELECT}
            value={state.sort}
            allowDeselect={false}
            w={210}
            onChange={(value) => {
              const next = { ...state, sort: String(value ?? 'distance') as SearchState['sort'] };
              setState(next);
              if (next.lat && next.lng) submit(next);
            }}
          />
        ) : (
          <ClosedSelect
            aria-label="Sort results"
            value={state.sort}
            valueLabel={optionLabel(SORT_SELECT, state.sort)}
            width={210}
          />
        )}
      </Group>
      {live ? (
        <SearchFilters
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
      ) : null}
    </form>
  );
}
