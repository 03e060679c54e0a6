import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Pagination,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconList, IconMap, IconMapSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RADIUS_OPTIONS_MILES } from '../../../common/constants.ts';
import { bathroomCount } from '../../../common/result-count.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';
import { LazyMap } from '../map/lazy-map.tsx';
import { ResultCard } from './result-card.tsx';
import { activeFilterCount, listingHref, type SearchState, searchHref } from './search-url.ts';

function EmptyResults({ state }: { state: SearchState }) {
  const wider = RADIUS_OPTIONS_MILES.find((miles) => miles > Number(state.radius));
  const filters = activeFilterCount(state);
  const timed = Boolean(state.date || state.time);
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <IconMapSearch size={40} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={2} fz="lg">
        No bathrooms match yet
      </Title>
      <Text c="dimmed" maw={420}>
        {wider
          ? `Nothing within ${state.radius} miles${filters ? ' with these filters' : ''}${timed ? ' at that time' : ''}. Try a wider radius${filters ? ', fewer filters' : ''}${timed ? ' or another time' : ''}.`
          : 'Nothing within 25 miles. Try fewer filters, another time, or a nearby city.'}
      </Text>
      <Group justify="center">
        {wider ? (
          <Button component={Link} to={searchHref({ ...state, radius: String(wider), page: '' })}>
            Search within {wider} miles
          </Button>
        ) : null}
        {filters ? (
          <Button
            variant="default"
            component={Link}
            to={searchHref({
              ...state,
              min_price: '',
              max_price: '',
              min_rating: '',
              accessibility: [],
              amenities: [],
              page: '',
            })}
          >
            Clear filters
          </Button>
        ) : null}
        {timed ? (
          <Button
            variant="default"
            component={Link}
            to={searchHref({ ...state, date: '', time: '', duration: '', page: '' })}
          >
            Any time
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

type Props = {
  state: SearchState;
  results: SearchResult[];
  total: number;
  /** The search stopped counting at `total` ("1,000+"). */
  totalIsCapped: boolean;
  pageSize: number;
  tileUrl: string;
};

/** The list and the map side by side on desktop; on a phone, the list with a map toggle. */
export function SearchResults({ state, results, total, totalIsCapped, pageSize, tileUrl }: Props) {
  const navigate = useNavigate();
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [view, setView] = useState<'list' | 'map'>('list');
  const desktop = useMediaQuery('(min-width: 62em)', false);
  const page = Math.max(1, Number(state.page) || 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const center = { latitude: Number(state.lat), longitude: Number(state.lng) };

  if (!results.length) return <EmptyResults state={state} />;

  const list = (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {results.map((result, index) => (
          <ResultCard
            key={result.id}
            first={index === 0}
            result={result}
            href={listingHref(result.id, state)}
            highlighted={highlighted === result.id}
            onHighlight={setHighlighted}
          />
        ))}
      </SimpleGrid>
      {pages > 1 ? (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={(next) => navigate(searchHref({ ...state, page: String(next) }))}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      ) : null}
    </Stack>
  );
  const map = (
    <LazyMap
      height={desktop ? 'calc(100vh - 120px)' : 480}
      tileUrl={tileUrl}
      center={center}
      label={`Map of ${results.length} bathrooms near ${state.q || 'the chosen place'}`}
      markers={results.map((result) => ({
        id: result.id,
        latitude: result.public_latitude,
        longitude: result.public_longitude,
        label: result.title,
      }))}
      highlightedId={highlighted}
      onHighlight={setHighlighted}
      onSelect={(id) => navigate(listingHref(id, state))}
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} aria-live="polite">
          {bathroomCount(total, totalIsCapped)} within {state.radius} miles
          {state.q ? ` of ${state.q}` : ''}
        </Text>
        {desktop ? null : (
          <SegmentedControl
            aria-label="Show results as"
            value={view}
            onChange={(value) => setView(value as 'list' | 'map')}
            data={[
              {
                value: 'list',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconList size={16} aria-hidden />
                    List
                  </Group>
                ),
              },
              {
                value: 'map',
                label: (
                  <Group gap={4} wrap="nowrap">
                    <IconMap size={16} aria-hidden />
                    Map
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Group>
      {desktop ? (
        <Grid gap="lg">
          <Grid.Col span={7}>{list}</Grid.Col>
          <Grid.Col span={5}>
            <Box pos="sticky" top={80}>
              {map}
            </Box>
          </Grid.Col>
        </Grid>
      ) : view === 'list' ? (
        list
      ) : (
        map
      )}
    </Stack>
  );
}

export function InvalidSearch({ fields }: { fields: { field: string; message: string }[] }) {
  return (
    <Alert color="red" title="We could not run that search" mt="md">
      {fields.map((issue) => `${issue.field}: ${issue.message}`).join(' ')} Check the highlighted fields and
      search again.
    </Alert>
  );
}
