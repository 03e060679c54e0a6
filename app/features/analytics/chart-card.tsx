import { Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AnalyticsChart, AnalyticsPeriod } from '../../../common/schemas/analytics.ts';
import { CsvLink } from './csv-link.tsx';

/** A titled panel with its CSV download, the frame every analytics chart sits in. */
export function ChartCard({
  chart,
  title,
  description,
  period,
  children,
}: {
  chart: AnalyticsChart;
  title: string;
  description: string;
  period: AnalyticsPeriod;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={`${chart}-title`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div>
          <Title order={2} fz="h4" id={`${chart}-title`}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        <CsvLink chart={chart} period={period} />
      </Group>
      {children}
    </Paper>
  );
}
