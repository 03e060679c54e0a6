import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useLoaderData } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import { EARNINGS_STATUS_LABELS, statementMonthSchema } from '../../../common/schemas/earnings.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import { earningsViewerOf } from '../../../server/domains/payouts/earnings-service.ts';
import { monthLabel } from '../../features/earnings/months.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { ErrorPage } from '../../ui/error-page.tsx';
import type { Route } from './+types/earnings-statement';
import classes from './earnings-statement.module.css';

/** /earnings/statements/:month (ADR 132): one month's statement, laid out to print or save as PDF. */

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Statement ${loaderData ? monthLabel(loaderData.month) : ''} · Privy` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const month = statementMonthSchema.safeParse(params.month);
  if (!month.success) throw new Response('Not a month', { status: 404 });
  try {
    return await context.get(servicesContext).earnings.statement(earningsViewerOf(viewer), month.data);
  } catch (error) {
    const known = asAppError(error);
    if (known) throw new Response(known.message, { status: known.status });
    throw error;
  }
}

export default function EarningsStatement() {
  const statement = useLoaderData<typeof loader>();
  const { totals, timeZone } = statement;
  const lines: [string, number][] = [
    ['Guests paid (gross)', totals.grossCents],
    ['Refunded to guests', -totals.refundedCents],
    ['Privy commission', -totals.commissionCents],
  ];
  return (
    <Stack gap="lg" maw={860} mx="auto" className={classes.sheet} data-testid="statement">
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to="/earnings" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} /> Earnings
          </Group>
        </Anchor>
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} variant="light">
          Print or save as PDF
        </Button>
      </Group>
      <div>
        <Text size="sm" c="dimmed">
          Privy · Earnings statement
        </Text>
        <Title order={1}>{monthLabel(statement.month)}</Title>
        <Text>
          {statement.host.name}
          {statement.host.email ? ` · ${statement.host.email}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          Bookings that started this month, times in {timeZone.replaceAll('_', ' ')}. Amounts in US dollars.
        </Text>
      </div>
      <Table withTableBorder maw={480} data-testid="statement-summary">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>Paid bookings</Table.Td>
            <Table.Td ta="right">{totals.bookings}</Table.Td>
          </Table.Tr>
          {lines.map(([label, cents]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatUsd(cents === 0 ? 0 : cents)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Your earnings (net)</Table.Td>
            <Table.Td ta="right" data-testid="statement-net">
              {formatUsd(totals.netCents)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>Paid out to you this month</Table.Td>
            <Table.Td ta="right">{formatUsd(totals.paidOutCents)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <section aria-labelledby="statement-bookings">
        <Title order={2} fz="h4" id="statement-bookings" mb="xs">
          Bookings
        </Title>
        {statement.bookings.length === 0 ? (
          <Text c="dimmed">No paid bookings started this month.</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Bathroom</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Refunds</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {statement.bookings.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatWallClock(row.startsAt, timeZone)}</Table.Td>
                    <Table.Td>{row.bathroomTitle}</Table.Td>
                    <Table.Td ta="right">{formatUsd(row.grossCents)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(row.commissionCents)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(row.refundedCents)}</Table.Td>
                    <Table.Td ta="right">{formatUsd(row.netCents)}</Table.Td>
                    <Table.Td>{EARNINGS_STATUS_LABELS[row.earningsStatus]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
      {statement.payouts.length > 0 && (
        <section aria-labelledby="statement-payouts">
          <Title order={2} fz="h4" id="statement-payouts" mb="xs">
            Payouts this month
          </Title>
          <Table fz="sm" maw={480}>
            <Table.Tbody>
              {statement.payouts.map((payout) => (
                <Table.Tr key={payout.id}>
                  <Table.Td>{formatWallClock(payout.sentAt ?? payout.createdAt, timeZone)}</Table.Td>
                  <Table.Td>{payout.status}</Table.Td>
                  <Table.Td ta="right">{formatUsd(payout.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
