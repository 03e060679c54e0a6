import {
  Button,
  Checkbox,
  Drawer,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ACCESSIBILITY_FEATURES, AMENITIES } from '../../../common/property-features.ts';
import { BOOKING_DURATIONS } from '../../../common/search-options.ts';
import { AddressAutocomplete } from '../places/address-autocomplete.tsx';
import {
  activeFilterCount,
  placeFromState,
  RADIUS_SELECT,
  type SearchState,
  withPlace,
} from './search-url.ts';

const DURATION_SELECT = BOOKING_DURATIONS.map((minutes) => ({
  value: String(minutes),
  label: minutes < 60 ? `${minutes} minutes` : minutes === 60 ? '1 hour' : `${minutes / 60} hours`,
}));
const RATING_SELECT = [
  { value: '3', label: '3 stars and up' },
  { value: '4', label: '4 stars and up' },
  { value: '4.5', label: '4.5 stars and up' },
];
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
  const toggle = (key: 'accessibility' | 'amenities', id: string, checked: boolean) =>
    set({ [key]: checked ? [...state[key], id] : state[key].filter((item) => item !== id) });

  return (
    <form onSubmit={onSubmit} aria-label="Search bathrooms">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AddressAutocomplete
            label="Where"
            value={placeFromState(state)}
            onChange={(place) => setState((current) => withPlace(current, place))}
            error={addressError ?? errors.lat ?? errors.lng}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <Select
            label="Within"
            data={RADIUS_SELECT}
            value={state.radius}
            onChange={(value) => set({ radius: value ?? '5' })}
            allowDeselect={false}
            error={errors.radius}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <TextInput
            type="date"
            label="Date"
            value={state.date}
            onChange={(event) => set({ date: event.currentTarget.value })}
            error={errors.date}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <TextInput
            type="time"
            label="Time"
            step={900}
            value={state.time}
            onChange={(event) => set({ time: event.currentTarget.value })}
            error={errors.time}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 1.5 }}>
          <Select
            label="For"
            placeholder="Any"
            data={DURATION_SELECT}
            value={state.duration || null}
            onChange={(value) => set({ duration: value ?? '' })}
            clearable
            error={errors.duration}
          />
        </Grid.Col>
      </Grid>
      <Group mt="sm" justify="space-between">
        <Group gap="sm">
          <Button type="submit" leftSection={<IconSearch size={18} aria-hidden />}>
            Search
          </Button>
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
            onClick={() => setFiltersOpen(true)}
          >
            {filters ? `Filters (${filters})` : 'Filters'}
          </Button>
        </Group>
        <Select
          aria-label="Sort results"
          data={SORT_SELECT}
          value={state.sort}
          allowDeselect={false}
          w={210}
          onChange={(value) => {
            const next = { ...state, sort: (value ?? 'distance') as SearchState['sort'] };
            setState(next);
            if (next.lat && next.lng) submit(next);
          }}
        />
      </Group>
      <Drawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title="Filters"
        position="right"
        size="md"
      >
        <Stack gap="lg">
          <SimpleGrid cols={2}>
            <NumberInput
              label="Lowest price ($/hour)"
              min={0}
              max={200}
              value={state.min_price}
              onChange={(value) => set({ min_price: String(value) })}
              error={errors.min_price}
            />
            <NumberInput
              label="Highest price ($/hour)"
              min={1}
              max={200}
              value={state.max_price}
              onChange={(value) => set({ max_price: String(value) })}
              error={errors.max_price}
            />
          </SimpleGrid>
          <Select
            label="Rating"
            placeholder="Any rating"
            data={RATING_SELECT}
            value={state.min_rating || null}
            onChange={(value) => set({ min_rating: value ?? '' })}
            clearable
          />
          <Stack gap="xs">
            <Title order={3} fz="md">
              Accessibility (all of)
            </Title>
            {ACCESSIBILITY_FEATURES.map((feature) => (
              <Checkbox
                key={feature.id}
                label={feature.label}
                checked={state.accessibility.includes(feature.id)}
                onChange={(event) => toggle('accessibility', feature.id, event.currentTarget.checked)}
              />
            ))}
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="md">
              Amenities (all of)
            </Title>
            {AMENITIES.map((feature) => (
              <Checkbox
                key={feature.id}
                label={feature.label}
                checked={state.amenities.includes(feature.id)}
                onChange={(event) => toggle('amenities', feature.id, event.currentTarget.checked)}
              />
            ))}
          </Stack>
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={() =>
                set({ min_price: '', max_price: '', min_rating: '', accessibility: [], amenities: [] })
              }
            >
              Clear filters
            </Button>
            <Button
              onClick={() => {
                setFiltersOpen(false);
                submit(state);
              }}
            >
              Show results
            </Button>
          </Group>
        </Stack>
      </Drawer>
    </form>
  );
}
