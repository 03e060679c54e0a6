import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import { type DailyTotals, percentChange } from '../../../common/schemas/analytics.ts';

type Stat = {
  key: string;
  label: string;
  value: number;
  before: number;
  money?: boolean;
  lowerIsBetter?: boolean;
};

function Change({ stat }: { stat: Stat }) {
  const change = percentChange(stat.value, stat.before);
  if (change === null)
    return (
      <Badge variant="light" color="gray">
        new
      </Badge>
    );
  const good = stat.lowerIsBetter ? change <= 0 : change >= 0;
  return (
    <Badge variant="light" color={change === 0 ? 'gray' : good ? 'teal' : 'red'}>
      {change > 0 ? '+' : ''}
      {change}%
    </Badge>
  );
}

/** The period's totals beside the previous period's, with the change in percent. */
export function AnalyticsTotals({ totals, previous }: { totals: DailyTotals; previous: DailyTotals }) {
  const conversion = (t: DailyTotals) => (t.searches ? Math.round((t.bookings / t.searches) * 1000) / 10 : 0);
  const stats: Stat[] = [
    { key: 'bookings', label: 'Bookings', value: totals.bookings, before: previous.bookings },
    {
      key: 'revenue',
      label: 'Revenue',
      value: totals.revenueCents,
      before: previous.revenueCents,
      money: true,
    },
    {
      key: 'commission',
      label: 'Commission',
      value: totals.commissionCents,
      before: previous.commissionCents,
      money: true,
    },
    { key: 'searches', label: 'Searches', value: totals.searches, before: previous.searches },
    {
      key: 'conversion',
      label: 'Bookings per 100 searches',
      value: conversion(totals),
      before: conversion(previous),
    },
    {
      key: 'cancellations',
      label: 'Cancellations',
      value: totals.cancellations,
      before: previous.cancellations,
      lowerIsBetter: true,
    },
    {
      key: 'refunded',
      label: 'Refunded',
      value: totals.refundedCents,
      before: previous.refundedCents,
      money: true,
      lowerIsBetter: true,
    },
    { key: 'guests', label: 'New guests', value: totals.newGuests, before: previous.newGuests },
    { key: 'hosts', label: 'New hosts', value: totals.newHosts, before: previous.newHosts },
  ];
  const show = (stat: Stat, value: number) => (stat.money ? formatUsd(value) : value.toLocaleString('en-US'));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {stats.map((stat) => (
        <Paper key={stat.key} withBorder radius="md" p="sm" data-testid={`total-${stat.key}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {stat.label}
          </Text>
          <Group gap={6} align="baseline" wrap="wrap">
            <Text fz="lg" fw={700}>
              {show(stat, stat.value)}
            </Text>
            <Change stat={stat} />
          </Group>
          <Text size="xs" c="dimmed">
            was {show(stat, stat.before)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
