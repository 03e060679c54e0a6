import { Anchor, Badge, Box, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import {
  EARNINGS_STATUS_LABELS,
  type EarningBooking,
  type EarningsStatus,
} from '../../../common/schemas/earnings.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import { ListPager } from '../../ui/list-pager.tsx';

export const STATUS_COLORS: Record<EarningsStatus, string> = {
  pending: 'gray',
  payable: 'blue',
  in_transit: 'yellow',
  paid: 'teal',
};

/** A row's second line, as plain markup: 25 rows of Mantine Text cost the server render more. */
const SUB = { fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' } as const;

/** The host's paid bookings with what each earned, newest first, a page at a time. */
export function EarningsBookings({
  rows,
  page,
  pageSize,
  total,
  timeZone,
  hrefFor,
}: {
  rows: EarningBooking[];
  page: number;
  pageSize: number;
  total: number;
  timeZone: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="bookings-title">
      <Title order={2} fz="h4" id="bookings-title" mb={4}>
        Bookings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Gross is what the guest paid; Privy’s commission is taken at the rate in force when the booking was
        made; refunds reduce your share in proportion. Times are in {timeZone.replaceAll('_', ' ')}.
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">
          No paid bookings yet.{' '}
          <Anchor component={Link} to="/manage/properties">
            Check that your bathrooms are published
          </Anchor>{' '}
          so guests can book them.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="earnings-bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Booking</Table.Th>
                  <Table.Th ta="right">Gross</Table.Th>
                  <Table.Th ta="right">Commission</Table.Th>
                  <Table.Th ta="right">Refunds</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="earnings-booking" data-status={row.earningsStatus}>
                    <Table.Td>
                      <Anchor component={Link} to={`/bookings/${row.id}`} fw={500} size="sm">
                        {row.bathroomTitle}
                      </Anchor>
                      <div style={SUB}>{formatWallClock(row.startsAt, timeZone)}</div>
                      {/* On a phone the amounts sit off to the right: the net and status show here too. */}
                      <Box hiddenFrom="sm" fz="sm" fw={600} mt={2}>
                        {formatUsd(row.netCents)} net · {EARNINGS_STATUS_LABELS[row.earningsStatus]}
                      </Box>
                    </Table.Td>
                    <Table.Td ta="right">{formatUsd(row.grossCents)}</Table.Td>
                    <Table.Td ta="right">
                      {formatUsd(row.commissionCents)}
                      <div style={SUB}>{row.commissionPercent}%</div>
                    </Table.Td>
                    <Table.Td ta="right">{row.refundedCents ? formatUsd(row.refundedCents) : '—'}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatUsd(row.netCents)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[row.earningsStatus]}>
                        {EARNINGS_STATUS_LABELS[row.earningsStatus]}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListPager page={page} pageSize={pageSize} total={total} hrefFor={hrefFor} />
        </>
      )}
    </Paper>
  );
}
