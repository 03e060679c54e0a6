import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import type { AnalyticsReport, DailyPoint } from '../../../common/schemas/analytics.ts';
import { ChartCard } from './chart-card.tsx';

/*
 * The per-day charts of /admin/analytics (ADR 138), loaded lazily by the page so Recharts stays out
 * of every other page. The previous period is drawn as a dashed grey line, day for day: its first
 * day sits under the current period's first day.
 */

const HEIGHT = 220;
const label = (day: string) => day.slice(5);

function rows<K extends string>(
  report: AnalyticsReport,
  pick: (point: DailyPoint) => Record<K, number>,
  previous?: (point: DailyPoint) => number,
) {
  return report.daily.map((point, index) => {
    const before = report.previousDaily[index];
    return {
      day: label(point.day),
      ...pick(point),
      ...(previous ? { previous: before ? previous(before) : 0 } : {}),
    };
  });
}

const PREVIOUS = { name: 'previous', label: 'Previous period', color: 'gray.5', strokeDasharray: '5 5' };

export default function DailyCharts({ report }: { report: AnalyticsReport }) {
  const period = report.current;
  const anySearch = report.totals.searches + report.previousTotals.searches > 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        chart="bookings-revenue"
        title="Bookings per day"
        description="Paid bookings by the UTC day they were confirmed."
        period={period}
      >
        <LineChart
          h={HEIGHT}
          data={rows(
            report,
            (p) => ({ bookings: p.bookings }),
            (p) => p.bookings,
          )}
          dataKey="day"
          withLegend
          curveType="monotone"
          series={[{ name: 'bookings', label: 'Bookings', color: 'teal.6' }, PREVIOUS]}
          aria-label="Line chart of bookings per day, with the previous period"
        />
      </ChartCard>
      <ChartCard
        chart="bookings-revenue"
        title="Revenue per day"
        description="Payments captured and the commission kept (after refunds), from the ledger."
        period={period}
      >
        <LineChart
          h={HEIGHT}
          data={rows(
            report,
            (p) => ({ revenue: p.revenueCents / 100, commission: p.commissionCents / 100 }),
            (p) => p.revenueCents / 100,
          )}
          dataKey="day"
          withLegend
          curveType="monotone"
          valueFormatter={(value) => formatUsd(Math.round(value * 100))}
          series={[
            { name: 'revenue', label: 'Revenue', color: 'blue.6' },
            { name: 'commission', label: 'Commission', color: 'grape.6' },
            { ...PREVIOUS, label: 'Revenue, previous period' },
          ]}
          aria-label="Line chart of revenue and commission per day, with the previous period's revenue"
        />
      </ChartCard>
      <ChartCard
        chart="conversion"
        title="Searches and bookings"
        description="Searches recorded (anonymously) against bookings, per day."
        period={period}
      >
        {anySearch ? (
          <LineChart
            h={HEIGHT}
            data={rows(
              report,
              (p) => ({ searches: p.searches, bookings: p.bookings }),
              (p) => p.searches,
            )}
            dataKey="day"
            withLegend
            curveType="monotone"
            series={[
              { name: 'searches', label: 'Searches', color: 'cyan.7' },
              { name: 'bookings', label: 'Bookings', color: 'teal.6' },
              { ...PREVIOUS, label: 'Searches, previous period' },
            ]}
            aria-label="Line chart of searches and bookings per day"
          />
        ) : (
          <Text c="dimmed" py="xl" ta="center">
            No searches recorded in these periods yet. Searches on /bathrooms and Go now count from now on.
          </Text>
        )}
      </ChartCard>
      <ChartCard
        chart="cancellations-refunds"
        title="Cancellations and refunds"
        description="Paid bookings cancelled, and refunds sent, per day."
        period={period}
      >
        <BarChart
          h={HEIGHT}
          data={rows(report, (p) => ({ cancellations: p.cancellations, refunds: p.refunds }))}
          dataKey="day"
          withLegend
          series={[
            { name: 'cancellations', label: 'Cancellations', color: 'orange.6' },
            { name: 'refunds', label: 'Refunds', color: 'red.6' },
          ]}
          aria-label="Bar chart of cancellations and refunds per day"
        />
      </ChartCard>
      <ChartCard
        chart="signups"
        title="New guests and hosts"
        description="Accounts created, and provider requests approved, per day."
        period={period}
      >
        <BarChart
          h={HEIGHT}
          data={rows(report, (p) => ({ guests: p.newGuests, hosts: p.newHosts }))}
          dataKey="day"
          withLegend
          series={[
            { name: 'guests', label: 'New guests', color: 'indigo.6' },
            { name: 'hosts', label: 'New hosts', color: 'lime.7' },
          ]}
          aria-label="Bar chart of new guests and new hosts per day"
        />
      </ChartCard>
    </SimpleGrid>
  );
}
