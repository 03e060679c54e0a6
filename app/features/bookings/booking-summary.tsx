import { Group, Stack, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import type { BookingView } from '../../../common/schemas/bookings.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';

/** The booked time in the bathroom's own zone, as the guest picked it. */
export function bookingWhen(booking: Pick<BookingView, 'starts_at' | 'timezone'>): string {
  return formatWallClock(booking.starts_at, booking.timezone, { zoneName: true });
}

/** What was booked: bathroom, time, length and price (payment pages). */
export function BookingSummary({ booking }: { booking: BookingView }) {
  return (
    <Stack gap={4} data-testid="booking-summary">
      <Text fw={600}>{booking.bathroom_title}</Text>
      <Text size="sm">
        {bookingWhen(booking)} · {booking.duration_minutes} minutes
      </Text>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Total
        </Text>
        <Text fw={700}>{formatUsd(booking.price_cents)}</Text>
      </Group>
    </Stack>
  );
}
