import { Badge } from '@mantine/core';
import { dateTimeFormat } from '../../../common/date-format.ts';
import type { BookingStatusName } from '../../../common/schemas/bookings.ts';

/** How each status reads to people, and its colour. */
export const STATUS_LABELS: Record<BookingStatusName, { label: string; color: string }> = {
  pending_payment: { label: 'Awaiting payment', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  checked_in: { label: 'Checked in', color: 'blue' },
  completed: { label: 'Completed', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
  expired: { label: 'Hold expired', color: 'gray' },
};

export function BookingStatusBadge({ status, className }: { status: BookingStatusName; className?: string }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge color={color} variant="light" data-testid="booking-status" className={className}>
      {label}
    </Badge>
  );
}

/** "Tue, Dec 1, 10:00 – 10:30 AM EST" in the bathroom's zone. */
export function bookingSpan(booking: { starts_at: string; ends_at: string; timezone: string }): string {
  const format = dateTimeFormat('en-US', {
    timeZone: booking.timezone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const end = dateTimeFormat('en-US', {
    timeZone: booking.timezone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return `${format.format(new Date(booking.starts_at))} – ${end.format(new Date(booking.ends_at))}`;
}
