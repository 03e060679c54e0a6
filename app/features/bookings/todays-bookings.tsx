import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import { BookingStatusBadge, bookingSpan } from './booking-status.tsx';

/**
 * The dashboard's "Today's bookings" for hosts (ADR 092): paid bookings of their own bathrooms
 * starting today on each bathroom's wall clock, each a link to its booking page.
 */
export function TodaysBookings({ bookings }: { bookings: readonly BookingListItem[] }) {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="today-title">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconCalendarEvent size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="today-title">
          Today's bookings
        </Title>
      </Group>
      {bookings.length === 0 ? (
        <Text data-testid="today-empty">
          No bookings today. Upcoming ones are in your bookings, by day or as a list.
        </Text>
      ) : (
        <Stack gap="xs" role="list" data-testid="today-bookings">
          {bookings.map((booking) => (
            <Group key={booking.id} role="listitem" gap="sm" justify="space-between" wrap="nowrap">
              <div>
                <Anchor component={Link} to={`/bookings/${booking.id}`} fw={500}>
                  {bookingSpan(booking)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {booking.bathroom_title} · {booking.guest_first_name ?? 'Guest'}
                </Text>
              </div>
              <BookingStatusBadge status={booking.status} />
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="sm" mt="md">
        <Button component={Link} to="/manage/bookings?view=week" variant="light">
          All bookings
        </Button>
      </Group>
    </Paper>
  );
}
