import { Container, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import { toSearchInput } from '../../../common/schemas/search.ts';
import { LiveGoNowButton } from '../../features/booking-panel/live-go-now-button.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { CollapsibleSearch } from '../../features/search/collapsible-search.tsx';
import { SearchForm } from '../../features/search/search-form.tsx';
import { InvalidSearch, SearchResults } from '../../features/search/search-results.tsx';
import { searchSummary } from '../../features/search/search-summary.ts';
import { parseSearch } from '../../features/search/search-url.server.ts';
import { searchHref, stateFromParams } from '../../features/search/search-url.ts';
import { servicesContext } from '../../lib/context.ts';
import { useRootData } from '../../root.tsx';
import type { Route } from './+types/bathrooms';

export function meta({ loaderData: data }: Route.MetaArgs) {
  const place = data?.state.q;
  return pageMeta(
    place ? `Private bathrooms near ${place}` : 'Find a private bathroom nearby',
    'Search clean, private bathrooms from local hosts by place, distance, time and accessibility. See the price and distance before you book.',
  );
}

/** Runs the search on the server, so the results are in the first HTML and the URL is the whole state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const params = new URL(request.url).searchParams;
  const state = stateFromParams(params);
  const parsed = parseSearch(params);
  const tileUrl = services.config.mapTileUrl;
  if (parsed.kind !== 'ok') {
    return {
      state,
      tileUrl,
      results: null,
      total: 0,
      totalIsCapped: false,
      pageSize: DEFAULT_PAGE_SIZE,
      invalid: parsed.kind === 'invalid' ? parsed.fields : [],
    };
  }
  const input = toSearchInput(parsed.query);
  const { results, total, totalIsCapped } = await services.availability.search(input, { record: 'search' });
  return { state, tileUrl, results, total, totalIsCapped, pageSize: input.limit, invalid: [] };
}

export default function BathroomsPage({ loaderData }: Route.ComponentProps) {
  const { state, results, total, totalIsCapped, pageSize, tileUrl, invalid } = loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  // Admins may switch Go now off (ADR 140): the root loader says so.
  const goNow = useRootData()?.goNowEnabled !== false;
  const searchedPoint =
    results && state.lat && state.lng ? { latitude: Number(state.lat), longitude: Number(state.lng) } : null;
  const errors = Object.fromEntries(
    invalid.map((issue) => [issue.field.split('.')[0] ?? issue.field, issue.message]),
  );
  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {state.q ? `Bathrooms near ${state.q}` : 'Find a bathroom'}
        </Title>
        {/* On a phone the form folds into one line once there are results, so the first one shows
            on the first screen (ADR 116). */}
        <CollapsibleSearch
          summary={results && !invalid.length ? searchSummary(state) : null}
          search={location.search}
        >
          <SearchForm
            search={location.search}
            initial={state}
            errors={errors}
            onSearch={(next) => navigate(searchHref(next))}
          />
        </CollapsibleSearch>
        {/* In a hurry: the nearest bathrooms free within 15 minutes, around the searched place (or,
            before any search, the browser's location). */}
        {goNow && <LiveGoNowButton point={searchedPoint} geolocate />}
        {invalid.length ? <InvalidSearch fields={invalid} /> : null}
        {results ? (
          <SearchResults
            state={state}
            results={results}
            total={total}
            totalIsCapped={totalIsCapped}
            pageSize={pageSize}
            tileUrl={tileUrl}
          />
        ) : invalid.length ? null : (
          <Text c="dimmed" py="xl" ta="center">
            Type a city or address above, or use your location, to see private bathrooms nearby.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
