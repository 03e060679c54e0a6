import { Alert, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Form, Link, redirect, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { BookingSummary } from '../../features/bookings/booking-summary.tsx';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import type { Route } from './+types/cancel-booking-payment';

/** Where checkout sends the guest who left without paying: pay again, or give the time back. */

const querySchema = z.object({ booking: z.uuid() });

async function bookingOf(args: Route.LoaderArgs | Route.ActionArgs) {
  const viewer = await requireViewer(args.request, args.context);
  const parsed = querySchema.safeParse(routeQuery(args.request));
  if (!parsed.success) throw new Response('Not found', { status: 404 });
  const actor = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  return { actor, bookingId: parsed.data.booking, bookings: args.context.get(servicesContext).bookings };
}

export async function loader(args: Route.LoaderArgs) {
  const { actor, bookingId, bookings } = await bookingOf(args);
  try {
    const booking = await bookings.get(actor, bookingId);
    if (booking.guest_id !== actor.userId) throw new Response('Not found', { status: 404 });
    return { booking };
  } catch (error) {
    if (asAppError(error)?.status === 404) throw new Response('Not found', { status: 404 });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const { actor, bookingId, bookings } = await bookingOf(args);
  const intent = (await args.request.formData()).get('intent');
  try {
    if (intent === 'retry') return redirect((await bookings.retryCheckout(actor, bookingId)).checkoutUrl);
    if (intent === 'release') {
      await bookings.releaseHold(actor, bookingId);
      return { released: true, message: null };
    }
    return { released: false, message: 'Choose to pay again or to release the time.' };
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status !== 500) return { released: false, message: known.message };
    throw error;
  }
}

export function meta() {
  return [{ title: 'Payment not completed · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function CancelBookingPayment({ actionData }: Route.ComponentProps) {
  const { booking } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  const holding = booking.status === 'pending_payment' && !actionData?.released;
  return (
    <Center p="md" py="xl">
      <Card withBorder radius="lg" padding="xl" maw={480} w="100%">
        <Stack gap="md">
          <Title order={1} fz="h2">
            Payment not completed
          </Title>
          <BookingSummary booking={booking} />
          {actionData?.message && (
            <Alert color="red" role="alert">
              {actionData.message}
            </Alert>
          )}
          {holding ? (
            <>
              <Text size="sm" data-testid="hold-status">
                We are holding this time for you until{' '}
                {new Date(booking.hold_expires_at ?? booking.created_at).toLocaleTimeString('en-US', {
                  timeZone: booking.timezone,
                  hour: 'numeric',
                  minute: '2-digit',
                  timeZoneName: 'short',
                })}
                . Pay now to book it, or release it for someone else.
              </Text>
              <Form method="post">
                <Group grow>
                  <Button type="submit" name="intent" value="release" variant="default" disabled={busy}>
                    Release the time
                  </Button>
                  <Button type="submit" name="intent" value="retry" disabled={busy} loading={busy}>
                    Pay again
                  </Button>
                </Group>
              </Form>
            </>
          ) : (
            <Alert color={booking.status === 'confirmed' ? 'teal' : 'gray'} data-testid="hold-status">
              {booking.status === 'confirmed'
                ? 'This booking is already paid and confirmed.'
                : 'This time is no longer held for you. You can pick another time on the bathroom page.'}
            </Alert>
          )}
          <Button component={Link} to={`/bathrooms/${booking.bathroom_id}`} variant="subtle">
            Back to the bathroom
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
