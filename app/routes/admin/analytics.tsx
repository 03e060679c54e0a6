import { Alert, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useLoaderData, useNavigate, useNavigation } from 'react-router';
import { analyticsQuerySchema } from '../../../common/schemas/analytics.ts';
import { AnalyticsTotals } from '../../features/analytics/analytics-totals.tsx';
import { ChartCard } from '../../features/analytics/chart-card.tsx';
import { EmptySpotsTable } from '../../features/analytics/empty-spots-table.tsx';
import { OccupancyHeatmap } from '../../features/analytics/occupancy-heatmap.tsx';
import { PeriodPicker } from '../../features/analytics/period-picker.tsx';
import { TopBathrooms, TopCities } from '../../features/analytics/top-lists.tsx';
import { LazyMap } from '../../features/map/lazy-map.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import type { Route } from './+types/analytics';

/** /admin/analytics (ADR 138): admins only (server-checked); every figure is by UTC day. */

const DailyCharts = lazyPart(() => import('../../features/analytics/daily-charts.tsx'));

export function meta() {
  return [{ title: 'Analytics · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const url = new URL(request.url);
  const asked = Object.fromEntries(
    ['from', 'to'].flatMap((key) => (url.searchParams.get(key) ? [[key, url.searchParams.get(key)]] : [])),
  );
  const parsed = analyticsQuerySchema.safeParse(asked);
  // A mistyped period shows the last 30 days with the reason, rather than an error page.
  const report = await services.analytics.report(parsed.success ? parsed.data : {});
  return {
    report,
    today: new Date().toISOString().slice(0, 10),
    tileUrl: services.config.mapTileUrl,
    periodError: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the period.'),
  };
}

function ChartsFallback() {
  return (
    <Center h={240}>
      <Loader size="sm" role="status" aria-label="Loading the charts" />
    </Center>
  );
}

export default function AdminAnalyticsPage() {
  const { report, today, tileUrl, periodError } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Recharts and Leaflet measure their box in the browser: the server renders the frames.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const maxSearches = Math.max(1, ...report.emptySpots.map((spot) => spot.searches));
  const firstSpot = report.emptySpots[0];
  return (
    <Stack gap="lg" data-loading={navigation.state !== 'idle' ? 'true' : undefined}>
      <div>
        <Title order={1}>Analytics</Title>
        <Text c="dimmed">
          How the marketplace is doing, compared with the period before. Days are UTC days; searches are
          counted anonymously.
        </Text>
      </div>
      <PeriodPicker
        key={`${report.current.from}-${report.current.to}`}
        current={report.current}
        previous={report.previous}
        today={today}
        error={periodError ?? undefined}
        onChange={(period) => navigate(`?from=${period.from}&to=${period.to}`)}
      />
      {periodError ? (
        <Alert color="red" title="That period could not be shown">
          {periodError} Showing the last 30 days instead.
        </Alert>
      ) : null}
      <AnalyticsTotals totals={report.totals} previous={report.previousTotals} />
      {mounted ? (
        <Suspense fallback={<ChartsFallback />}>
          <DailyCharts report={report} />
        </Suspense>
      ) : (
        <ChartsFallback />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          chart="top-cities"
          title="Top cities"
          description="By bookings confirmed in the period, then revenue."
          period={report.current}
        >
          <TopCities cities={report.topCities} />
        </ChartCard>
        <ChartCard
          chart="top-bathrooms"
          title="Top bathrooms"
          description="By bookings confirmed in the period, then revenue."
          period={report.current}
        >
          <TopBathrooms bathrooms={report.topBathrooms} />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        chart="occupancy"
        title="Busy hours"
        description="Bookings started per hour of the week, on each bathroom's own clock."
        period={report.current}
      >
        <OccupancyHeatmap cells={report.occupancy} />
      </ChartCard>
      <ChartCard
        chart="empty-searches"
        title="Searches that found nothing"
        description="Where guests looked and no bathroom was near: places to find hosts. Rounded to about 1 km."
        period={report.current}
      >
        <Stack gap="md">
          {firstSpot ? (
            <LazyMap
              height={320}
              tileUrl={tileUrl}
              center={{ latitude: firstSpot.latitude, longitude: firstSpot.longitude }}
              label="Map of searches that found no bathroom nearby"
              markers={report.emptySpots.map((spot) => ({
                id: `${spot.latitude},${spot.longitude}`,
                latitude: spot.latitude,
                longitude: spot.longitude,
                label: `${spot.searches} searches with no results`,
                radius: Math.round(5 + 13 * Math.sqrt(spot.searches / maxSearches)),
              }))}
            />
          ) : null}
          <EmptySpotsTable spots={report.emptySpots} />
        </Stack>
      </ChartCard>
      {report.rolledUpThrough ? (
        <Text size="xs" c="dimmed">
          Days up to {report.rolledUpThrough} come from the daily totals; later days are counted live.
        </Text>
      ) : null}
    </Stack>
  );
}
