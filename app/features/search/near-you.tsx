import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatResultCount } from '../../../common/result-count.ts';
import type { PlaceResult } from '../../../common/schemas/places.ts';
import type { SearchResponse } from '../../../common/schemas/search.ts';
import { apiFetch } from '../../lib/api-fetch.ts';
import { ResultCard } from './result-card.tsx';
import { EMPTY_SEARCH, listingHref, searchHref, withPlace } from './search-url.ts';

const NEAR_YOU_RADIUS_MILES = 25;
const NEAR_YOU_COUNT = 6;

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; data: SearchResponse }
  | { kind: 'error' };

/** "Bathrooms near you" on the home page, from the default address (spec §4) or the one typed above. */
export function NearYou({ address }: { address: PlaceResult | null }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const key = address ? `${address.latitude.toFixed(5)},${address.longitude.toFixed(5)}` : '';
  useEffect(() => {
    if (!key) return;
    const [lat, lng] = key.split(',');
    const controller = new AbortController();
    setStatus({ kind: 'loading' });
    apiFetch(
      `/api/bathrooms/search?lat=${lat}&lng=${lng}&radius=${NEAR_YOU_RADIUS_MILES}&limit=${NEAR_YOU_COUNT}`,
      {
        signal: controller.signal,
      },
    )
      .then(async (response) => {
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        setStatus({ kind: 'done', data: (await response.json()) as SearchResponse });
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ kind: 'error' });
      });
    return () => controller.abort();
  }, [key]);

  if (!address || status.kind === 'idle') return null;
  const state = { ...withPlace(EMPTY_SEARCH, address), radius: String(NEAR_YOU_RADIUS_MILES) };
  return (
    <Container size="lg" py={{ base: 40, sm: 56 }} component="section" aria-labelledby="near-you-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={2} id="near-you-title">
              Bathrooms near you
            </Title>
            <Text c="dimmed">
              Within {NEAR_YOU_RADIUS_MILES} miles of {address.description}
            </Text>
          </Stack>
          {status.kind === 'done' && status.data.total > 0 ? (
            <Button component={Link} to={searchHref(state)} variant="light">
              See all {formatResultCount(status.data.total, status.data.totalIsCapped)}
            </Button>
          ) : null}
        </Group>
        {status.kind === 'loading' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((slot) => (
              <Skeleton key={slot} h={260} radius="md" />
            ))}
          </SimpleGrid>
        ) : status.kind === 'error' ? (
          <Text c="dimmed">We could not load nearby bathrooms just now. Search above to try again.</Text>
        ) : status.data.results.length ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {status.data.results.map((result) => (
              <ResultCard key={result.id} result={result} href={listingHref(result.id, state)} />
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">
            No hosts within {NEAR_YOU_RADIUS_MILES} miles yet. Try another city above, or list your own
            bathroom and be the first.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
