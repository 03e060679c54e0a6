import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Form, Link, useNavigation } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import type { BookingListItem } from '../../../common/schemas/booking-pages.ts';
import { useClock } from '../../ui/use-clock.ts';
import { bookingSpan } from './booking-status.tsx';
import { holdExpiryTime, holdLeftText, hostHoldText } from './holds.ts';

/** What a hold card needs of a booking (a list item or a booking page's detail). */
type HeldBooking = Pick<
  BookingListItem,
  'id' | 'bathroom_title' | 'starts_at' | 'ends_at' | 'timezone' | 'price_cents' | 'hold_expires_at'
>;

/** "12:05 left", ticking each second; rendered after hydration so server and browser agree. */
function HoldTimeLeft({ expiresAt }: { expiresAt: string }) {
  const now = useClock();
  if (now === null) return null;
  return (
    <Text fw={700} fz="lg" data-testid="hold-time-left" aria-live="off">
      {holdLeftText(new Date(expiresAt).getTime() - now) ?? 'Time is up'}
    </Text>
  );
}

/**
 * The guest's unpaid hold: how long it is kept, and Pay now. Pay now posts to the booking page,
 * whose action resumes this hold's checkout through the same service call as "Pay again"
 * (`bookings.retryCheckout`, ADR 091): only the hold's guest may, checked on the server.
 */
export function GuestHoldCard({ booking, compact = false }: { booking: HeldBooking; compact?: boolean }) {
  const navigation = useNavigation();
  const action = `/bookings/${booking.id}`;
  const paying = navigation.state !== 'idle' && navigation.formAction === action;
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      data-testid="guest-hold"
      style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
    >
      <Stack gap="xs">
        {compact ? (
          <Text fw={600}>Not paid yet</Text>
        ) : (
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2}>
              <Anchor component={Link} to={`/bookings/${booking.id}`} fw={600}>
                {booking.bathroom_title}
              </Anchor>
              <Text size="sm">{bookingSpan(booking)}</Text>
            </Stack>
            <Badge color="yellow" variant="light" data-testid="booking-status">
              Not paid yet
            </Badge>
          </Group>
        )}
        {/* Side by side on a desktop; on a phone the button wraps under the time, full width. */}
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={0} style={{ flex: '1 1 12rem' }}>
            <Text size="sm" data-testid="hold-until">
              Held for you until {holdExpiryTime(booking)}
            </Text>
            {booking.hold_expires_at && <HoldTimeLeft expiresAt={booking.hold_expires_at} />}
          </Stack>
          <Form method="post" action={action} style={{ flex: '1 1 12rem', maxWidth: '20rem' }}>
            <Button type="submit" name="intent" value="pay" size="md" fullWidth loading={paying}>
              Pay now · {formatUsd(booking.price_cents)}
            </Button>
          </Form>
        </Group>
      </Stack>
    </Card>
  );
}

/** The host's live holds, apart from their bookings: who is paying for what, and until when. */
export function HostHolds({
  holds,
}: {
  holds: readonly (HeldBooking & { guest_first_name?: string | null })[];
}) {
  if (holds.length === 0) return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="host-holds">
      <Title order={2} fz="h4">
        Held, not yet booked
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        A guest is paying for these times. They become bookings once paid, or free up when the hold expires.
      </Text>
      <Stack gap="xs">
        {holds.map((hold) => (
          <Stack key={hold.id} gap={0} data-testid="host-hold" data-booking-id={hold.id}>
            <Text size="sm" fw={600}>
              {bookingSpan(hold)} · {hold.bathroom_title}
            </Text>
            <Text size="sm" c="dimmed">
              {hold.guest_first_name ?? 'A guest'} · {hostHoldText(hold)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
