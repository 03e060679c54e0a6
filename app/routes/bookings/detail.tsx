import { Alert, Button, Card, Grid, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Form, Link, redirect, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { formatUsd } from '../../../common/money.ts';
import { bookingIdParamsSchema, cancelBookingSchema } from '../../../common/schemas/bookings.ts';
import { BookingStatusBadge, bookingSpan } from '../../features/bookings/booking-status.tsx';
import { bookingTimeline } from '../../features/bookings/booking-timeline.ts';
import { GuestHoldCard } from '../../features/bookings/hold-cards.tsx';
import { hostHoldText, isLiveHold } from '../../features/bookings/holds.ts';
import { refundSummary } from '../../features/bookings/refund-summary.ts';
import { checkInOpen, StartCountdown } from '../../features/bookings/start-countdown.tsx';
import { TouchMap } from '../../features/map/touch-map.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { useLive } from '../../ui/use-live.ts';
import type { Route } from './+types/detail';

/** /bookings/{id}: one booking for its guest, its host or an admin (ADR 092). */

// The refund requests and reviews fetch their own data once the page is live and draw nothing
// before, and the cancel dialog waits for its button: their code stays out of the page's first
// load (ADR 141).
const BookingRefundPanel = lazyPart(() =>
  import('../../features/refund-requests/booking-refund-panel.tsx').then((module) => ({
    default: module.BookingRefundPanel,
  })),
);
const BookingReview = lazyPart(() =>
  import('../../features/reviews/booking-review.tsx').then((module) => ({ default: module.BookingReview })),
);
const CancelBookingDialog = lazyPart(() => import('../../features/bookings/cancel-booking-dialog.tsx'));

async function actorAndId(args: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = await requireViewer(args.request, args.context);
  const params = bookingIdParamsSchema.safeParse(args.params);
  if (!params.success) throw new Response('Not found', { status: 404 });
  const actor = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  return { actor, id: params.data.id, services: args.context.get(servicesContext) };
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, id, services } = await actorAndId(args);
  try {
    const booking = await services.bookings.detail(actor, id);
    const terms = await services.bookings.cancellationTerms(actor, id);
    return { booking, terms, tileUrl: services.config.mapTileUrl, loadedAt: Date.now() };
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

const intentSchema = z.enum(['cancel', 'check-in', 'pay']);

export async function action(args: Route.ActionArgs) {
  const { actor, id, services } = await actorAndId(args);
  const form = await args.request.formData();
  const intent = intentSchema.safeParse(form.get('intent'));
  if (!intent.success) return { ok: false, message: 'Choose to cancel or to check in.' };
  try {
    // Pay now resumes the hold's checkout the way "Pay again" does (ADR 091, ADR 115); the service
    // lets only the hold's guest pay (403 for its host, 404 for anyone else).
    if (intent.data === 'pay')
      return redirect((await services.bookings.retryCheckout(actor, id)).checkoutUrl);
    if (intent.data === 'check-in') {
      await services.bookings.checkIn(actor, id);
      return { ok: true, message: 'You are checked in. Enjoy!' };
    }
    const input = cancelBookingSchema.safeParse({ reason: String(form.get('reason') ?? '') || undefined });
    if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? 'Check the reason.' };
    await services.bookings.cancel(actor, id, input.data.reason ?? '');
    return { ok: true, message: 'The booking is cancelled.' };
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status !== 500) return { ok: false, message: known.message };
    throw error;
  }
}

/** A booking has a conversation once it is paid for (ADR 119): unpaid or lapsed holds have none. */
const hasConversation = (booking: { status: string; confirmed_at: string | null }) =>
  ['confirmed', 'checked_in', 'completed'].includes(booking.status) ||
  (booking.status === 'cancelled' && booking.confirmed_at !== null);

export function meta() {
  return [{ title: 'Booking · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function BookingPage({ actionData }: Route.ComponentProps) {
  const { booking, terms, tileUrl, loadedAt } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [confirming, setConfirming] = useState(false);
  const [cancelAsked, setCancelAsked] = useState(false);
  const pageLive = useLive();
  const live = booking.status === 'confirmed' || booking.status === 'checked_in';
  const canCheckIn =
    booking.role === 'guest' && booking.status === 'confirmed' && checkInOpen(booking, loadedAt);
  const place = booking.address ?? { ...booking.area, formatted: `${booking.city}, ${booking.state_code}` };
  const refunds = refundSummary(booking);
  const liveHold = isLiveHold(booking, loadedAt);
  return (
    <Stack gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1}>{booking.bathroom_title}</Title>
          <Text>{bookingSpan(booking)}</Text>
          {booking.status === 'confirmed' && <StartCountdown startsAt={booking.starts_at} />}
        </Stack>
        <BookingStatusBadge status={booking.status} />
      </Group>
      {/* First on a phone: a guest with an unpaid hold has minutes to pay (ADR 115). */}
      {liveHold && booking.role === 'guest' && <GuestHoldCard booking={booking} compact />}
      {actionData?.message && (
        <Alert
          color={actionData.ok ? 'teal' : 'red'}
          role={actionData.ok ? 'status' : 'alert'}
          data-testid="booking-message"
        >
          {actionData.message}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {booking.address ? (
              <Card withBorder radius="md" p="md" data-testid="booking-address">
                <Text fw={600}>Address</Text>
                <Text>{booking.address.formatted}</Text>
                {booking.access_instructions && (
                  <>
                    <Text fw={600} mt="sm">
                      How to get in
                    </Text>
                    <Text style={{ whiteSpace: 'pre-line' }} data-testid="access-instructions">
                      {booking.access_instructions}
                    </Text>
                  </>
                )}
              </Card>
            ) : (
              <Text c="dimmed">
                {booking.role === 'guest'
                  ? 'The exact address and how to get in show here once the booking is paid and confirmed.'
                  : `In ${booking.city}, ${booking.state_code}.`}
              </Text>
            )}
            <TouchMap
              height={260}
              tileUrl={tileUrl}
              center={{ latitude: place.latitude, longitude: place.longitude }}
              markers={[
                {
                  id: booking.bathroom_id,
                  latitude: place.latitude,
                  longitude: place.longitude,
                  label: booking.bathroom_title,
                },
              ]}
              label={`Map of ${place.formatted}`}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {liveHold && booking.role !== 'guest' && (
              <Alert color="yellow" data-testid="host-hold-note">
                {hostHoldText(booking)}. It becomes a booking once the guest pays.
              </Alert>
            )}
            <Card withBorder radius="md" p="md">
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text c="dimmed">{booking.duration_minutes} minutes</Text>
                  <Text fw={700}>{formatUsd(booking.price_cents)}</Text>
                </Group>
                {refunds.settledCents > 0 && (
                  <Group justify="space-between" data-testid="refunded">
                    <Text c="dimmed">Refunded</Text>
                    <Text fw={600}>{formatUsd(refunds.settledCents)}</Text>
                  </Group>
                )}
                {refunds.pendingCents > 0 && (
                  <Text size="sm" data-testid="refund-pending">
                    Refund of {formatUsd(refunds.pendingCents)} pending: the payment provider is still
                    processing it.
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  {booking.role === 'guest'
                    ? `Hosted by ${booking.host_first_name ?? 'your host'}`
                    : `Guest: ${booking.guest_first_name ?? 'a guest'}`}
                </Text>
              </Stack>
            </Card>
            {canCheckIn && (
              <Form method="post">
                <Button type="submit" name="intent" value="check-in" size="lg" fullWidth loading={busy}>
                  Check in
                </Button>
              </Form>
            )}
            {booking.role === 'guest' && booking.status === 'confirmed' && !canCheckIn && (
              <Text size="sm" c="dimmed">
                Check-in opens 10 minutes before the start.
              </Text>
            )}
            {booking.role !== 'admin' && hasConversation(booking) && (
              <Button
                component={Link}
                to={`/messages/${booking.id}`}
                variant="light"
                size="md"
                data-testid="message-party"
              >
                {booking.role === 'guest' ? 'Message host' : 'Message guest'}
              </Button>
            )}
            {terms.can_cancel && live && (
              <Button
                variant="default"
                color="red"
                onClick={() => {
                  setCancelAsked(true);
                  setConfirming(true);
                }}
              >
                Cancel booking
              </Button>
            )}
            {pageLive && (
              <Suspense fallback={null}>
                <BookingRefundPanel bookingId={booking.id} role={booking.role} />
              </Suspense>
            )}
            <Card withBorder radius="md" p="md">
              <Text fw={600} mb="sm">
                Timeline
              </Text>
              <Timeline bulletSize={14} lineWidth={2} active={-1} data-testid="booking-timeline">
                {bookingTimeline(booking).map((step) => (
                  <Timeline.Item
                    key={`${step.label}-${step.at}`}
                    title={step.label}
                    color={step.done ? 'teal' : 'gray'}
                  >
                    <Text size="xs" c="dimmed">
                      {step.at && step.done
                        ? new Date(step.at).toLocaleString('en-US', {
                            timeZone: booking.timezone,
                            month: 'short',
                            day: 'numeric',
                            hour: 'numeric',
                            minute: '2-digit',
                          })
                        : 'Not yet'}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Card>
            <Button
              component={Link}
              to={booking.role === 'guest' ? '/bookings' : '/manage/bookings'}
              variant="subtle"
            >
              All bookings
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
      {pageLive && (
        <Suspense fallback={null}>
          <BookingReview bookingId={booking.id} />
        </Suspense>
      )}
      {cancelAsked && (
        <Suspense fallback={null}>
          <CancelBookingDialog
            opened={confirming}
            onClose={() => setConfirming(false)}
            terms={terms.message}
          />
        </Suspense>
      )}
    </Stack>
  );
}
