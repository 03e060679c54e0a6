import { SimpleGrid, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type LocationPageKind, locationPath } from '../../../common/schemas/seo.ts';
import type { StateGroup } from '../../../server/domains/seo/seo-service.ts';
import classes from './seo.module.css';

/** Cities by state, each a link to one of its location pages; the count when there are listings. */
export function CityGroups({ groups, kind }: { groups: StateGroup[]; kind: LocationPageKind }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
      {groups.map((group) => (
        <Stack key={group.key} gap={4}>
          <Title order={3} fz="md">
            {group.name}
          </Title>
          <ul className={classes.cityList}>
            {group.cities.map((city) => (
              <li key={city.slug}>
                <Link className={classes.cityLink} to={locationPath(kind, city.slug)}>
                  {city.name}
                </Link>
                {city.bathrooms > 0 ? (
                  <span className={classes.count}>
                    {' '}
                    · {city.bathrooms} {city.bathrooms === 1 ? 'bathroom' : 'bathrooms'}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
