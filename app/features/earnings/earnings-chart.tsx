import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatUsd } from '../../../common/money.ts';
import type { EarningsChart as Chart, EarningsUnit } from '../../../common/schemas/earnings.ts';

const COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.7', 'pink.6', 'lime.7', 'indigo.6'];
const colorOf = (index: number) => COLORS[index % COLORS.length] as string;

/** Net earnings per bathroom, stacked, by week or month on the host's wall clock (ADR 132). */
export function EarningsChart({
  chart,
  onUnitChange,
}: {
  chart: Chart;
  onUnitChange: (unit: EarningsUnit) => void;
}) {
  // Recharts measures its box in the browser: the server renders the frame, the bars follow.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const data = chart.periods.map((period) => ({
    label: period.label,
    ...Object.fromEntries(chart.series.map((series) => [series.key, (period.cents[series.key] ?? 0) / 100])),
  }));
  const totalCents = chart.periods.reduce(
    (sum, period) => sum + Object.values(period.cents).reduce((a, b) => a + b, 0),
    0,
  );
  const span = chart.unit === 'week' ? 'last 12 weeks' : 'last 12 months';
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="chart-title">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <div>
          <Title order={2} fz="h4" id="chart-title">
            Earnings by {chart.unit}
          </Title>
          <Text size="sm" c="dimmed" data-testid="chart-summary">
            {formatUsd(totalCents)} net in the {span}, by when each booking starts
          </Text>
        </div>
        <SegmentedControl
          value={chart.unit}
          onChange={(value) => onUnitChange(value as EarningsUnit)}
          data={[
            { value: 'week', label: 'Weeks' },
            { value: 'month', label: 'Months' },
          ]}
          aria-label="Group earnings by"
        />
      </Group>
      {chart.series.length === 0 ? (
        <Text c="dimmed" py="xl" ta="center">
          No earnings in the {span} yet. Bookings show here once guests pay.
        </Text>
      ) : (
        <>
          <div
            style={{ height: 240 }}
            role="img"
            aria-label={`Bar chart of net earnings per bathroom, ${span}`}
          >
            {mounted && (
              <BarChart
                h={240}
                data={data}
                dataKey="label"
                type="stacked"
                valueFormatter={(value) => formatUsd(Math.round(value * 100))}
                series={chart.series.map((series, index) => ({
                  name: series.key,
                  label: series.title,
                  color: colorOf(index),
                }))}
              />
            )}
          </div>
          {/* The legend wraps under the bars, so long bathroom titles never squeeze the chart. */}
          <Stack
            gap={4}
            mt="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Bathrooms"
          >
            {chart.series.map((series, index) => (
              <Group key={series.key} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <span
                  aria-hidden
                  style={{
                    flex: 'none',
                    width: 12,
                    height: 12,
                    marginTop: 4,
                    borderRadius: 3,
                    background: `var(--mantine-color-${colorOf(index).replace('.', '-')})`,
                  }}
                />
                <Text size="sm" lh={1.4}>
                  {series.title}
                </Text>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
