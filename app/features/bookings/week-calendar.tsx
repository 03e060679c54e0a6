import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import { STATUS_LABELS } from './booking-status.tsx';
import { dayHeading, shiftWeek, startTime, weekGrid } from './week-grid.ts';

/**
 * The host's week at a glance: bathrooms down, the bathroom's local days across, each booking a
 * link to its page (ADR 092). The week is in the URL, so previous and next are plain links.
 */
export function WeekCalendar({
  bookings,
  week,
  today,
  bathrooms,
  weekHref,
}: {
  bookings: readonly BookingListItem[];
  /** The first day shown, 'YYYY-MM-DD'. */
  week: string;
  today: string;
  bathrooms: readonly { value: string; label: string }[];
  weekHref: (week: string) => string;
}) {
  const { dates, rows } = weekGrid(bookings, week, bathrooms);
  const range = `${dayHeading(dates[0] ?? week)} – ${dayHeading(dates[6] ?? week)}`;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} data-testid="week-range">
          {range}
        </Text>
        <Group gap="xs">
          <Button component={Link} to={weekHref(shiftWeek(week, -1))} variant="default" size="xs">
            Previous week
          </Button>
          <Button component={Link} to={weekHref(today)} variant="default" size="xs" disabled={week === today}>
            This week
          </Button>
          <Button component={Link} to={weekHref(shiftWeek(week, 1))} variant="default" size="xs">
            Next week
          </Button>
        </Group>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No bookings this week. Try the previous or next week, or another status.</Text>
      ) : (
        <Table.ScrollContainer minWidth={840}>
          <Table withColumnBorders layout="fixed" verticalSpacing="xs" data-testid="week-calendar">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={200}>
                  Bathroom
                </Table.Th>
                {dates.map((date) => (
                  <Table.Th key={date} scope="col" aria-current={date === today ? 'date' : undefined}>
                    {date === today ? `Today, ${dayHeading(date)}` : dayHeading(date)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.bathroomId}>
                  <Table.Th scope="row">{row.title}</Table.Th>
                  {row.days.map((day, index) => (
                    <Table.Td key={dates[index]} valign="top">
                      <Stack gap={4}>
                        {day.map((booking) => (
                          <Anchor
                            key={booking.id}
                            component={Link}
                            to={`/bookings/${booking.id}`}
                            size="sm"
                            data-testid="week-booking"
                          >
                            {startTime(booking)} · {booking.guest_first_name ?? 'Guest'}{' '}
                            <Badge size="xs" variant="light" color={STATUS_LABELS[booking.status].color}>
                              {STATUS_LABELS[booking.status].label}
                            </Badge>
                          </Anchor>
                        ))}
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
