import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { formatResultCount } from '../../../common/result-count.ts';
import {
  LOCATION_PAGE_KINDS,
  type LocationPageKind,
  locationPageKind,
  locationPath,
  NEAR_RADIUS_MILES,
  parseLocationPageKind,
} from '../../../common/schemas/seo.ts';
import type { CityLink } from '../../../server/domains/seo/seo-service.ts';
import { ResultCard } from '../../features/search/result-card.tsx';
import { EMPTY_SEARCH, searchHref } from '../../features/search/search-url.ts';
import { JsonLd } from '../../features/seo/json-ld.tsx';
import { locationCopy, siblingPath } from '../../features/seo/location-copy.ts';
import { locationMeta, placeNotFoundMeta } from '../../features/seo/location-meta.ts';
import { MarketSummary } from '../../features/seo/market-summary.tsx';
import { NearbyCities } from '../../features/seo/nearby-cities.tsx';
import { PlaceNotFound } from '../../features/seo/place-not-found.tsx';
import { absoluteUrl, itemListJsonLd } from '../../features/seo/structured-data.ts';
import { servicesContext } from '../../lib/context.ts';
import { useRootData } from '../../root.tsx';
import { ErrorPage } from '../../ui/error-page.tsx';
import type { Route } from './+types/location';

type NotFoundData = { path: string; kind: LocationPageKind; suggestions: CityLink[] };

/** The four location routes share this module (app/routes.ts); the first path segment says which. */
function kindOf(pathname: string): LocationPageKind | null {
  const segment = pathname.split('/')[1] ?? '';
  return (LOCATION_PAGE_KINDS as readonly string[]).includes(segment) ? (segment as LocationPageKind) : null;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? locationMeta(loaderData.page, loaderData.origin) : placeNotFoundMeta();
}

/** Lean on purpose (ADR 077): one search query and one index-only count, the rest in memory. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  if (!kind) throw data({ path: url.pathname }, { status: 404 });
  const page = await services.seo.locationPage(params.location, kind);
  // One URL per page: other spellings of the slug move for good, and the query string is dropped.
  if (page.status === 'redirect') throw redirect(locationPath(kind, page.slug), 301);
  if (page.status === 'not-found') {
    throw data({ path: url.pathname, kind, suggestions: page.suggestions } satisfies NotFoundData, {
      status: 404,
    });
  }
  return { page, origin: services.config.appUrl };
}

function ScopeSwitch({ kind, slug, name }: { kind: LocationPageKind; slug: string; name: string }) {
  const { audience, scope } = parseLocationPageKind(kind);
  const tabs = [
    { scope: 'in' as const, label: `In ${name}` },
    { scope: 'near' as const, label: `Within ${NEAR_RADIUS_MILES} miles` },
  ];
  return (
    <Group gap="xs" component="nav" aria-label="Where to look">
      {tabs.map((tab) => (
        <Button
          key={tab.scope}
          component={Link}
          to={locationPath(locationPageKind(audience, tab.scope), slug)}
          variant={tab.scope === scope ? 'filled' : 'default'}
          aria-current={tab.scope === scope ? 'page' : undefined}
          size="sm"
          radius="xl"
        >
          {tab.label}
        </Button>
      ))}
      <Anchor component={Link} to={siblingPath(kind, slug, 'audience')} size="sm" ml="xs">
        {audience === 'bathrooms' ? `Host a bathroom in ${name}` : `Book a bathroom in ${name}`}
      </Anchor>
    </Group>
  );
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { page, origin } = loaderData;
  const nonce = useRootData()?.nonce || undefined;
  const copy = locationCopy(page);
  const { audience, scope } = parseLocationPageKind(page.kind);
  const { city, results, total, totalIsCapped } = page;
  const fullSearch = searchHref({ ...EMPTY_SEARCH, ...page.search });
  return (
    <Stack gap="xl">
      <Breadcrumbs separator="›" aria-label="Breadcrumb">
        <Anchor component={Link} to="/" size="sm">
          Home
        </Anchor>
        <Anchor component={Link} to="/dynamic-seo-pages" size="sm">
          Cities
        </Anchor>
        <Text size="sm" c="dimmed" aria-current="page">
          {city.label}
        </Text>
      </Breadcrumbs>
      <Stack gap="sm">
        <Title order={1} fz={{ base: 28, sm: 38 }} lh={1.15}>
          {copy.heading}
        </Title>
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={760}>
          {copy.description}
        </Text>
        <ScopeSwitch kind={page.kind} slug={city.slug} name={city.name} />
      </Stack>

      {audience === 'properties' ? (
        <MarketSummary place={city.label} total={total} totalIsCapped={totalIsCapped} results={results} />
      ) : null}

      {results.length ? (
        <Stack gap="md">
          {audience === 'properties' ? (
            <Title order={2} fz="xl">
              Listed {scope === 'in' ? 'in' : 'near'} {city.name}
            </Title>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" data-testid="location-results">
            {results.map((result) => (
              <ResultCard
                key={result.id}
                result={result}
                href={`/bathrooms/${result.id}`}
                showDistance={scope === 'near'}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button component={Link} to={fullSearch} variant="light">
              {total > results.length
                ? `See all ${formatResultCount(total, totalIsCapped)} on the map`
                : 'Search with dates, filters and the map'}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="lg">
              Nothing listed {scope === 'in' ? `in ${city.name}` : 'around here'} yet
            </Title>
            <Text c="dimmed">
              {scope === 'in'
                ? `Look a little further out, or if you have a private bathroom in ${city.name}, be the first to list it.`
                : 'Try a city below or search another place; if you have a private bathroom here, be the first to list it.'}
            </Text>
            <Group gap="sm">
              <Button
                component={Link}
                to={scope === 'in' ? siblingPath(page.kind, city.slug, 'scope') : '/bathrooms'}
              >
                {scope === 'in' ? `See bathrooms near ${city.name}` : 'Search another place'}
              </Button>
              <Button component={Link} to="/become-a-provider" variant="default">
                List your bathroom
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <NearbyCities kind={page.kind} cities={page.nearby} city={city.name} />
      <JsonLd
        nonce={nonce}
        data={itemListJsonLd({
          origin,
          name: copy.heading,
          url: absoluteUrl(origin, copy.canonicalPath),
          ordered: scope === 'near',
          results,
        })}
      />
    </Stack>
  );
}

function isNotFoundData(value: unknown): value is NotFoundData {
  return typeof value === 'object' && value !== null && 'suggestions' in value && 'kind' in value;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404 && isNotFoundData(error.data)) {
    return (
      <PlaceNotFound kind={error.data.kind} path={error.data.path} suggestions={error.data.suggestions} />
    );
  }
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
