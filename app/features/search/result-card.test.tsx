import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../common/schemas/search.ts';
import { theme } from '../../ui/theme.ts';
import { ResultCard } from './result-card.tsx';

const result: SearchResult = {
  id: 'b1',
  title: 'Sunny Loft Bathroom',
  cover: null,
  hourly_price_cents: 1200,
  rating_average: null,
  rating_count: 0,
  accessibility: [],
  amenities: [],
  public_latitude: 30.27,
  public_longitude: -97.74,
  distance_miles: 2.345,
  city: 'Austin',
  state_code: 'TX',
  timezone: 'America/Chicago',
};

function card(distanceMiles: number): string {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <ResultCard result={{ ...result, distance_miles: distanceMiles }} href="/b1" />,
    },
  ]);
  return renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <Stub />
    </MantineProvider>,
  );
}

describe('a search result card', () => {
  it('gives the distance in miles, and in feet when it is under a tenth of a mile', () => {
    expect(card(2.345)).toContain('2.3 mi away · Austin');
    expect(card(0.05)).toContain('260 ft away · Austin');
  });
});
