import { Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDistance } from '../../../common/distance.ts';
import {
  type LocationPageKind,
  locationPageKind,
  locationPath,
  parseLocationPageKind,
} from '../../../common/schemas/seo.ts';
import type { NearbyCityLink } from '../../../server/domains/seo/seo-service.ts';
import classes from './seo.module.css';

/**
 * Links to the neighbours' pages (a plain list: it is on every location page) in the same audience. A city with listings of its own gets its
 * "in" page; one without gets its "near" page, which shows what is around it rather than nothing.
 */
export function NearbyCities({
  kind,
  cities,
  city,
}: {
  kind: LocationPageKind;
  cities: NearbyCityLink[];
  city: string;
}) {
  if (!cities.length) return null;
  const { audience } = parseLocationPageKind(kind);
  const noun = audience === 'bathrooms' ? 'Bathrooms' : 'Bathroom properties';
  return (
    <Stack gap="sm" component="nav" aria-labelledby="nearby-cities-heading">
      <Title order={2} fz="xl" id="nearby-cities-heading">
        {noun} in cities near {city}
      </Title>
      <ul className={classes.nearbyGrid}>
        {cities.map((neighbour) => {
          const scope = neighbour.bathrooms > 0 ? 'in' : 'near';
          return (
            <li key={neighbour.slug}>
              <Link
                className={`mantine-focus-auto ${classes.cityLink}`}
                to={locationPath(locationPageKind(audience, scope), neighbour.slug)}
              >
                {scope === 'in' ? neighbour.label : `Near ${neighbour.label}`}
              </Link>
              <span className={classes.count}>
                {' · '}
                {neighbour.bathrooms > 0
                  ? `${neighbour.bathrooms} listed, ${formatDistance(neighbour.distance_miles)}`
                  : formatDistance(neighbour.distance_miles)}
              </span>
            </li>
          );
        })}
      </ul>
    </Stack>
  );
}
