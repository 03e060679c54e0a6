import { Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { Form, Link } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import classes from './booking-lists.module.css';
import { BookingStatusBadge, bookingSpan } from './booking-status.tsx';

/**
 * /manage/bookings' list: one card per booking (time, bathroom, guest, price, status), the same
 * on a 360 px phone as on a desktop, where a table had to scroll sideways to show the status
 * (ADR 114). Confirmed bookings carry "Cancel with full refund", asked once more in the browser.
 */
/** Paid bookings have a conversation (ADR 119); a hold has none until it is paid (null expiry once paid). */
const paidFor = (booking: BookingListItem) =>
  ['confirmed', 'checked_in', 'completed'].includes(booking.status) ||
  (booking.status === 'cancelled' && booking.hold_expires_at === null);

export function HostBookingCards({ bookings, busy }: { bookings: BookingListItem[]; busy: boolean }) {
  return (
    <Stack gap="sm" data-testid="host-bookings">
      {bookings.map((booking) => (
        <Card key={booking.id} withBorder radius="md" p="md" data-testid="host-booking-row">
          <div className={classes.card}>
            <div className={classes.status}>
              <BookingStatusBadge status={booking.status} className={classes.badge} />
            </div>
            <Stack gap={4} className={classes.details}>
              <Anchor component={Link} to={`/bookings/${booking.id}`} fw={600}>
                {bookingSpan(booking)}
              </Anchor>
              <Text size="sm">{booking.bathroom_title}</Text>
              <Text size="sm" c="dimmed">
                {booking.guest_first_name ?? 'Guest'} · {formatUsd(booking.price_cents)}
              </Text>
              {paidFor(booking) && (
                <Button
                  component={Link}
                  to={`/messages/${booking.id}`}
                  size="sm"
                  variant="light"
                  mt={4}
                  h={44}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="message-guest"
                >
                  Message guest
                </Button>
              )}
              {booking.status === 'confirmed' && (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm('Cancel this booking? The guest gets a full refund.'))
                      event.preventDefault();
                  }}
                >
                  <input type="hidden" name="bookingId" value={booking.id} />
                  <Button type="submit" size="xs" variant="default" color="red" disabled={busy} mt={4}>
                    Cancel with full refund
                  </Button>
                </Form>
              )}
            </Stack>
          </div>
        </Card>
      ))}
    </Stack>
  );
}
