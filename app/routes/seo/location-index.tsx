import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CityGroups } from '../../features/seo/city-groups.tsx';
import { seoMeta } from '../../features/seo/location-meta.ts';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/location-index';

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Private bathrooms by city · Privy' }];
  const cities = loaderData.index.withBathrooms.reduce((sum, group) => sum + group.cities.length, 0);
  return seoMeta({
    title: 'Private bathrooms by city',
    description: cities
      ? `Browse ${loaderData.index.bathrooms.toLocaleString('en-US')} private bathrooms in ${cities.toLocaleString('en-US')} ${cities === 1 ? 'city' : 'cities'}, by state. Book by the quarter hour, or list your own.`
      : 'Browse private bathrooms by city and state. Book by the quarter hour, or list your own bathroom on Privy.',
    canonicalUrl: `${loaderData.origin}/dynamic-seo-pages`,
    indexable: true,
  });
}

/** Every location page worth a link: the cities with listings, then the largest US cities. */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return { index: await services.seo.locationIndex(), origin: services.config.appUrl };
}

export default function LocationIndexPage({ loaderData }: Route.ComponentProps) {
  const { index } = loaderData;
  return (
    <Stack gap={48}>
      <Stack gap="sm" maw={760}>
        <Title order={1} fz={{ base: 30, sm: 40 }} lh={1.15}>
          Private bathrooms by city
        </Title>
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
          Every city where local hosts list a private bathroom, by state. Each page shows what is listed in
          the city and, one tap away, everything within 25 miles.
        </Text>
      </Stack>

      <Stack gap="lg" component="section" aria-labelledby="cities-with-bathrooms">
        <Title order={2} fz="xl" id="cities-with-bathrooms">
          Cities with bathrooms
        </Title>
        {index.withBathrooms.length ? (
          <CityGroups groups={index.withBathrooms} kind="bathrooms-in" />
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm" align="flex-start">
              <Text>No bathroom is listed in any city yet. Search near you, or be the first host.</Text>
              <Group gap="sm">
                <Button component={Link} to="/bathrooms">
                  Find a bathroom
                </Button>
                <Button component={Link} to="/become-a-provider" variant="default">
                  List your bathroom
                </Button>
              </Group>
            </Stack>
          </Paper>
        )}
      </Stack>

      {index.more.length ? (
        <Stack gap="lg" component="section" aria-labelledby="more-cities">
          <Stack gap={4}>
            <Title order={2} fz="xl" id="more-cities">
              More cities
            </Title>
            <Text c="dimmed" size="sm">
              Large US cities with no bathroom listed in the city itself yet: their pages show what is nearby.{' '}
              <Anchor component={Link} to="/become-a-provider" size="sm">
                Host one
              </Anchor>
            </Text>
          </Stack>
          <CityGroups groups={index.more} kind="bathrooms-near" />
        </Stack>
      ) : null}
    </Stack>
  );
}
