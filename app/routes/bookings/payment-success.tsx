import { Alert, Anchor, Button, Card, Center, Group, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { z } from 'zod';
import { parseNotificationMeta } from '../../../common/notification-meta.ts';
import { singleLineText } from '../../../common/schemas/text.ts';
import { BookingSummary } from '../../features/bookings/booking-summary.tsx';
import { useRealtimeChannel, useRealtimeClient } from '../../features/realtime/realtime-provider.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import type { Route } from './+types/payment-success';

/** Where checkout sends the guest back after paying (ADR 090, "Payment"). */

const querySchema = z.object({ session_id: singleLineText().min(1).max(255) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = querySchema.safeParse(routeQuery(request));
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  try {
    const booking = await context
      .get(servicesContext)
      .bookings.bySession(
        { userId: viewer.userId, isAdmin: viewer.profile.is_admin },
        parsed.data.session_id,
      );
    return { booking, viewerId: viewer.userId };
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export function meta() {
  return [{ title: 'Payment · Privy' }, { name: 'robots', content: 'noindex' }];
}

/**
 * While the payment is being confirmed, the page follows it live: the confirmation (or the refund of
 * a payment that came too late) reaches the guest as a notification about this booking on their own
 * channel, and the page loads the booking again. So does a (re)connection, which may have missed it.
 */
function useFollowPendingBooking(bookingId: string, pending: boolean, viewerId: string | undefined) {
  const revalidator = useRevalidator();
  const client = useRealtimeClient();
  const channel = pending && viewerId ? `user:${viewerId}` : null;
  useRealtimeChannel(channel, (event, payload) => {
    const meta = parseNotificationMeta((payload as { meta?: unknown } | null)?.meta);
    if (event === 'notification' && meta.booking_id === bookingId) void revalidator.revalidate();
  });
  useEffect(() => {
    if (!client || !channel) return;
    const stopStatus = client.onStatus((name, status) => {
      if (name === channel && status === 'subscribed') void revalidator.revalidate();
    });
    const stopReconnect = client.onReconnect(() => void revalidator.revalidate());
    return () => {
      stopStatus();
      stopReconnect();
    };
  }, [client, channel, revalidator]);
}

export default function PaymentSuccess() {
  const { booking, viewerId } = useLoaderData<typeof loader>();
  const confirmed = ['confirmed', 'checked_in', 'completed'].includes(booking.status);
  useFollowPendingBooking(booking.id, booking.status === 'pending_payment', viewerId);
  return (
    <Center p="md" py="xl">
      <Card withBorder radius="lg" padding="xl" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {confirmed ? 'Your booking is confirmed' : 'Payment received'}
          </Title>
          {booking.status === 'pending_payment' && (
            <Alert color="blue" data-testid="payment-status">
              We are confirming your payment. This takes a few seconds; this page updates by itself.
            </Alert>
          )}
          {(booking.status === 'expired' || booking.status === 'cancelled') && (
            <Alert color="yellow" data-testid="payment-status">
              Your payment arrived after the hold had ended, so this time was not booked. Your payment is
              refunded in full.
            </Alert>
          )}
          {confirmed && (
            <Alert color="teal" data-testid="payment-status">
              Paid and confirmed. The exact address and access instructions are on the booking page.
            </Alert>
          )}
          <BookingSummary booking={booking} />
          <Group>
            <Button component={Link} to={`/bookings/${booking.id}`}>
              View booking
            </Button>
            <Anchor component={Link} to="/bookings">
              All bookings
            </Anchor>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
