import { Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import {
  GUEST_TABS,
  type GuestTabName,
  guestBookingsQuerySchema,
} from '../../../common/schemas/booking-pages.ts';
import { BookingStatusBadge, bookingSpan } from '../../features/bookings/booking-status.tsx';
import { GuestHoldCard } from '../../features/bookings/hold-cards.tsx';
import { isLiveHold } from '../../features/bookings/holds.ts';
import { refundNote } from '../../features/bookings/refund-summary.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import type { Route } from './+types/list';

/** /bookings: the guest's bookings, upcoming first (ADR 092). */

const TAB_LABELS: Record<GuestTabName, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};
const EMPTY: Record<GuestTabName, string> = {
  upcoming: 'No upcoming bookings. Find a bathroom near you and book it in a few taps.',
  past: 'No past bookings yet. Once a booking is over, it shows here.',
  cancelled: 'Nothing cancelled. Cancelled bookings and expired holds show here.',
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = guestBookingsQuerySchema.safeParse(routeQuery(request));
  const tab = parsed.success ? parsed.data.tab : 'upcoming';
  const bookings = await context
    .get(servicesContext)
    .bookings.listForGuest({ userId: viewer.userId, isAdmin: viewer.profile.is_admin }, tab);
  return { tab, bookings, loadedAt: Date.now() };
}

export function meta() {
  return [{ title: 'Your bookings · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function Bookings() {
  const { tab, bookings, loadedAt } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Title order={1}>Your bookings</Title>
      <Tabs
        value={tab}
        onChange={(next) => next && navigate(next === 'upcoming' ? '/bookings' : `/bookings?tab=${next}`)}
      >
        <Tabs.List>
          {GUEST_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {TAB_LABELS[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {bookings.length === 0 ? (
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>{EMPTY[tab]}</Text>
            <Button component={Link} to="/bathrooms">
              Find a bathroom
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="booking-list">
          {bookings.map((booking) =>
            // An unpaid hold leads with what the guest can do about it (ADR 115).
            isLiveHold(booking, loadedAt) ? (
              <GuestHoldCard key={booking.id} booking={booking} />
            ) : (
              <Card key={booking.id} withBorder radius="md" p="md" data-testid="booking-row">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Anchor component={Link} to={`/bookings/${booking.id}`} fw={600}>
                      {booking.bathroom_title}
                    </Anchor>
                    <Text size="sm">{bookingSpan(booking)}</Text>
                    <Text size="sm" c="dimmed">
                      {booking.city}, {booking.state_code} · {formatUsd(booking.price_cents)}
                      {refundNote(booking)}
                    </Text>
                  </Stack>
                  <BookingStatusBadge status={booking.status} />
                </Group>
              </Card>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
