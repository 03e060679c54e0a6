import {
  Button,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { ACCESSIBILITY_FEATURES, AMENITIES } from '../../../common/property-features.ts';
import type { SearchState } from './search-url.ts';

const RATING_SELECT = [
  { value: '3', label: '3 stars and up' },
  { value: '4', label: '4 stars and up' },
  { value: '4.5', label: '4.5 stars and up' },
];

/**
 * The search's filters drawer (price, rating, accessibility, amenities). Closed on arrival, so its
 * code loads once the page is live rather than with the page (ADR 098).
 */
export default function SearchFilters({
  opened,
  onClose,
  state,
  set,
  errors,
  onShow,
}: {
  opened: boolean;
  onClose: () => void;
  state: SearchState;
  set: (patch: Partial<SearchState>) => void;
  errors: Record<string, string>;
  onShow: () => void;
}) {
  const toggle = (key: 'accessibility' | 'amenities', id: string, checked: boolean) =>
    set({ [key]: checked ? [...state[key], id] : state[key].filter((item) => item !== id) });
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="right" size="md">
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
          <Button onClick={onShow}>Show results</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
