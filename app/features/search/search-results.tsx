import { Alert, Box, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconList, IconMap, IconMapSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RADIUS_OPTIONS_MILES } from '../../../common/constants.ts';
import { bathroomCount } from '../../../common/result-count.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { LinkButton } from '../../ui/static-button.tsx';
import { StaticSegmentedControl } from '../../ui/static-choice.tsx';
import { StaticPagination } from '../../ui/static-pagination.tsx';
import { useLive } from '../../ui/use-live.ts';
import { LazyMap } from '../map/lazy-map.tsx';
import { ResultCard } from './result-card.tsx';
import classes from './search-results.module.css';
import { activeFilterCount, listingHref, type SearchState, searchHref } from './search-url.ts';

// Drawn by their markup (static-choice.tsx, static-pagination.tsx) until the page is live (ADR 098).
const SegmentedControl = lazyPart(() =>
  import('../../ui/mantine-controls.ts').then((module) => ({ default: module.SegmentedControl })),
);
const Pagination = lazyPart(() =>
  import('../../ui/mantine-controls.ts').then((module) => ({ default: module.Pagination })),
);

const VIEWS = [
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
];

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
          <LinkButton to={searchHref({ ...state, radius: String(wider), page: '' })}>
            Search within {wider} miles
          </LinkButton>
        ) : null}
        {filters ? (
          <LinkButton
            variant="default"
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
          </LinkButton>
        ) : null}
        {timed ? (
          <LinkButton
            variant="default"
            to={searchHref({ ...state, date: '', time: '', duration: '', page: '' })}
          >
            Any time
          </LinkButton>
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
  const live = useLive();
  const page = Math.max(1, Number(state.page) || 1);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const center = { latitude: Number(state.lat), longitude: Number(state.lng) };

  if (!results.length) return <EmptyResults state={state} />;
  const toPage = (next: number) => navigate(searchHref({ ...state, page: String(next) }));
  const onView = (value: unknown) => setView(value === 'map' ? 'map' : 'list');

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
          {live ? (
            <Pagination
              total={pages}
              value={page}
              onChange={toPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          ) : (
            <StaticPagination total={pages} value={page} onChange={toPage} />
          )}
        </Group>
      ) : null}
    </Stack>
  );
  const map = (
    <div className={classes.map}>
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
    </div>
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" className={classes.bar}>
        <Text fw={600} aria-live="polite">
          {bathroomCount(total, totalIsCapped)}
          {/* On a phone the search's one-line summary just above says where (ADR 116). */}
          <span className={classes.where}>
            {' '}
            within {state.radius} miles
            {state.q ? ` of ${state.q}` : ''}
          </span>
        </Text>
        {desktop ? null : live ? (
          <SegmentedControl aria-label="Show results as" value={view} onChange={onView} data={VIEWS} />
        ) : (
          <StaticSegmentedControl aria-label="Show results as" value={view} onChange={onView} data={VIEWS} />
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
