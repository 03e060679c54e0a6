import { Alert, Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData, useNavigate, useNavigation } from 'react-router';
import { isHostBookingNotice } from '../../../common/notification-types.ts';
import {
  HOST_FILTERS,
  type HostFilter,
  hostBookingsQuerySchema,
} from '../../../common/schemas/booking-pages.ts';
import { bookingIdParamsSchema } from '../../../common/schemas/bookings.ts';
import { CountTabs } from '../../features/bookings/count-tabs.tsx';
import { HostHolds } from '../../features/bookings/hold-cards.tsx';
import { splitHolds } from '../../features/bookings/holds.ts';
import { HostBookingCards } from '../../features/bookings/host-booking-cards.tsx';
import { WeekCalendar } from '../../features/bookings/week-calendar.tsx';
import { requireHost } from '../../features/listings/guards.server.ts';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { routeQuery } from '../../lib/route-query.ts';
import type { Route } from './+types/bookings';

/** /manage/bookings: the host's bookings by bathroom and status, live (ADR 092). */

const FILTER_LABELS: Record<HostFilter, string> = {
  upcoming: 'Upcoming',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  completed: 'Completed',
  cancelled: 'Cancelled or expired',
  all: 'All',
};

type View = 'list' | 'week';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, actor } = await requireHost(request, context);
  const services = context.get(servicesContext);
  // `view` is the page's own (list or week); the rest is the API's query.
  const { view: rawView, ...query } = routeQuery(request);
  const view: View = rawView === 'week' ? 'week' : 'list';
  const parsed = hostBookingsQuerySchema.safeParse(query);
  const { week: askedWeek, ...filter } = parsed.success ? parsed.data : { status: 'upcoming' as const };
  const who = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
  // "This week" starts today on the wall clock of the host's newest bathroom (UTC without one).
  const [bathrooms, today] = await Promise.all([
    services.properties.listMine(actor),
    services.bookings.hostToday(who),
  ]);
  const week = view === 'week' ? (askedWeek ?? today) : undefined;
  const [listed, counts] = await Promise.all([
    services.bookings.listForHost(who, week ? { ...filter, week } : filter),
    services.bookings.countsForHost(who, { bathroomId: filter.bathroomId, week }),
  ]);
  // Unpaid holds are not bookings yet: shown apart, with their expiry; ones that ran out not at all (ADR 115).
  const { holds, bookings } = splitHolds(listed, Date.now());
  return {
    viewerId: viewer.userId,
    filter,
    counts,
    view,
    week: week ?? today,
    today,
    bookings,
    holds,
    bathrooms: bathrooms.map((bathroom) => ({ value: bathroom.id, label: bathroom.title })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer } = await requireHost(request, context);
  const form = await request.formData();
  const id = bookingIdParamsSchema.safeParse({ id: form.get('bookingId') });
  if (!id.success) return { ok: false, message: 'Choose a booking to cancel.' };
  try {
    const who = { userId: viewer.userId, isAdmin: viewer.profile.is_admin };
    await context.get(servicesContext).bookings.cancel(who, id.data.id, 'Cancelled by the host');
    return { ok: true, message: 'Cancelled. The guest gets a full refund and has been told.' };
  } catch (error) {
    const known = asAppError(error);
    if (known && known.status !== 500) return { ok: false, message: known.message };
    throw error;
  }
}

export function meta() {
  return [{ title: 'Bookings · Manage · Privy' }, { name: 'robots', content: 'noindex' }];
}

export default function ManageBookings({ actionData }: Route.ComponentProps) {
  const { viewerId, filter, counts, view, week, today, bookings, holds, bathrooms } =
    useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  // A booking made, cancelled (a blackout's too) or checked in elsewhere reaches the host as a
  // notification: reload.
  useLiveLoaderData(`user:${viewerId}`, (event, payload) => {
    const type = (payload as { notification_type?: string } | null)?.notification_type ?? '';
    return event === 'notification' && isHostBookingNotice(type);
  });
  const href = (next: { status?: string | null; bathroomId?: string | null; view?: View; week?: string }) => {
    const params = new URLSearchParams();
    const status = next.status ?? filter.status;
    const bathroomId = next.bathroomId === undefined ? filter.bathroomId : next.bathroomId;
    const nextView = next.view ?? view;
    if (status !== 'upcoming') params.set('status', status);
    if (bathroomId) params.set('bathroomId', bathroomId);
    if (nextView === 'week') params.set('view', 'week');
    const nextWeek = next.week ?? week;
    if (nextView === 'week' && nextWeek !== today) params.set('week', nextWeek);
    return `/manage/bookings${params.size ? `?${params}` : ''}`;
  };
  const go = (next: Parameters<typeof href>[0]) => navigate(href(next));
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <div>
        <Title order={1}>Bookings</Title>
        <Text c="dimmed">
          Bookings of your bathrooms, soonest first. New ones appear here as they are paid.
        </Text>
      </div>
      <CountTabs
        label="Bookings by status"
        value={filter.status}
        tabs={HOST_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value], count: counts[value] }))}
        onChange={(status) => go({ status })}
      />
      <Group>
        <Select
          label="Bathroom"
          placeholder="All bathrooms"
          data={bathrooms}
          value={filter.bathroomId ?? null}
          onChange={(value) => go({ bathroomId: value })}
          clearable
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="bookings-view-label">
            Show
          </Text>
          <SegmentedControl
            aria-labelledby="bookings-view-label"
            data={[
              { value: 'list', label: 'List' },
              { value: 'week', label: 'Week' },
            ]}
            value={view}
            onChange={(value) => go({ view: value === 'week' ? 'week' : 'list' })}
          />
        </Stack>
      </Group>
      {actionData?.message && (
        <Alert color={actionData.ok ? 'teal' : 'red'} role={actionData.ok ? 'status' : 'alert'}>
          {actionData.message}
        </Alert>
      )}
      <HostHolds holds={holds} />
      {view === 'week' ? (
        <WeekCalendar
          bookings={bookings}
          week={week}
          today={today}
          bathrooms={
            filter.bathroomId ? bathrooms.filter((item) => item.value === filter.bathroomId) : bathrooms
          }
          weekHref={(nextWeek) => href({ week: nextWeek })}
        />
      ) : bookings.length === 0 ? (
        <Card withBorder radius="md" p="lg">
          <Stack gap="sm" align="flex-start">
            <Text>
              No bookings here yet. Guests find published bathrooms in search; make sure yours has photos,
              hours and a fair price.
            </Text>
            <Button component={Link} to="/manage/properties" variant="light">
              Your bathrooms
            </Button>
          </Stack>
        </Card>
      ) : (
        <HostBookingCards bookings={bookings} busy={busy} />
      )}
    </Stack>
  );
}
