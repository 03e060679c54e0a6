import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../../../common/money.ts';
import { formatResultCount } from '../../../common/result-count.ts';
import type { SearchResult } from '../../../common/schemas/search.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/** The host's view of a city: what is listed, what it costs, how it is rated; then how to join. */
export function MarketSummary({
  place,
  total,
  totalIsCapped,
  results,
}: {
  place: string;
  total: number;
  totalIsCapped: boolean;
  results: SearchResult[];
}) {
  const prices = results.map((result) => result.hourly_price_cents);
  const rated = results.filter((result) => result.rating_count > 0 && result.rating_average !== null);
  const stepFree = results.filter((result) => result.accessibility.includes('step_free_entrance')).length;
  // Figures come from the listings on this page; say so when there are more.
  const basis = total > results.length ? ` (the ${results.length} shown)` : '';
  const figures = [
    { label: 'Listed bathrooms', value: formatResultCount(total, totalIsCapped) },
    { label: `Typical price${basis}`, value: prices.length ? `${formatPrice(median(prices))} / hour` : '—' },
    {
      label: `Average rating${basis}`,
      value: rated.length
        ? (rated.reduce((sum, result) => sum + (result.rating_average ?? 0), 0) / rated.length).toFixed(1)
        : 'No reviews yet',
    },
    { label: `Step-free entrance${basis}`, value: results.length ? `${stepFree} of ${results.length}` : '—' },
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Hosting in {place}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          {figures.map((figure) => (
            <Stack key={figure.label} gap={2}>
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
              <Text fw={700} fz="lg">
                {figure.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="sm">
          Have a clean, private bathroom in {place}? Set your own hours and hourly price; guests book by the
          quarter hour and get the address only once their booking is confirmed.
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/become-a-provider">
            List your bathroom
          </Button>
          <Button component={Link} to="/how-it-works" variant="default">
            How hosting works
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
