import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type LocationPageKind, locationPath } from '../../../common/schemas/seo.ts';
import type { CityLink } from '../../../server/domains/seo/seo-service.ts';

/** The 404 of a location page: what went wrong, the places we think were meant, and a way on. */
export function PlaceNotFound({
  kind,
  path,
  suggestions,
}: {
  kind: LocationPageKind;
  path: string;
  suggestions: CityLink[];
}) {
  return (
    <Stack gap="lg" maw={640} mx="auto" py="xl">
      <Stack gap="xs">
        <Text fz={56} fw={800} c="teal.7" lh={1}>
          404
        </Text>
        <Title order={1}>We could not find that place</Title>
        <Text c="dimmed" data-testid="error-detail">
          Page not found: {path}. Place pages are named like austin-tx: the city, then the state code (or the
          country code outside the US).
        </Text>
      </Stack>
      {suggestions.length ? (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Did you mean
          </Title>
          <List spacing={6} aria-label="Suggested places">
            {suggestions.map((place) => (
              <List.Item key={place.slug}>
                <Anchor component={Link} to={locationPath(kind, place.slug)}>
                  {place.label}
                </Anchor>
                {place.state && place.country ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {place.state}, {place.country}
                  </Text>
                ) : null}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      <Group gap="sm">
        <Button component={Link} to="/bathrooms">
          Search for a place
        </Button>
        <Button component={Link} to="/dynamic-seo-pages" variant="default">
          Browse cities
        </Button>
      </Group>
    </Stack>
  );
}
