import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import {
  GUEST_TABS,
  type GuestTabName,
  guestBookingsQuerySchema,
} from '../../../common/schemas/booking-pages.ts';
import classes from '../../features/bookings/booking-lists.module.css';
import { BookingStatusBadge, bookingSpan } from '../../features/bookings/booking-status.tsx';
import { CountTabs } from '../../features/bookings/count-tabs.tsx';
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
  const who = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  const { bookings: service } = context.get(servicesContext);
  const [bookings, counts] = await Promise.all([service.listForGuest(who, tab), service.countsForGuest(who)]);
  return { tab, bookings, counts, loadedAt: Date.now() };
}

export function meta() {
  return [{ title: 'Your bookings · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function Bookings() {
  const { tab, bookings, counts, loadedAt } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <Stack gap="lg" maw={760} mx="auto" w="100%">
      <Title order={1}>Your bookings</Title>
      <CountTabs
        label="Your bookings"
        value={tab}
        tabs={GUEST_TABS.map((name) => ({ value: name, label: TAB_LABELS[name], count: counts[name] }))}
        onChange={(next) => navigate(next === 'upcoming' ? '/bookings' : `/bookings?tab=${next}`)}
      />
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
                <div className={classes.card}>
                  <div className={classes.status}>
                    <BookingStatusBadge status={booking.status} className={classes.badge} />
                  </div>
                  <Stack gap={2} className={classes.details}>
                    <Anchor component={Link} to={`/bookings/${booking.id}`} fw={600}>
                      {booking.bathroom_title}
                    </Anchor>
                    <Text size="sm">{bookingSpan(booking)}</Text>
                    <Text size="sm" c="dimmed">
                      {booking.city}, {booking.state_code} · {formatUsd(booking.price_cents)}
                      {refundNote(booking)}
                    </Text>
                  </Stack>
                </div>
              </Card>
            ),
          )}
        </Stack>
      )}
    </Stack>
  );
}
