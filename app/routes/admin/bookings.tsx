import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { data, Form, useFetcher, useLoaderData, useNavigate } from 'react-router';
import { type AdminBookingsQuery, adminBookingsQuerySchema } from '../../../common/schemas/admin.ts';
import { HOST_FILTERS } from '../../../common/schemas/booking-pages.ts';
import { bookingIdParamsSchema } from '../../../common/schemas/bookings.ts';
import { AdminBookingsTable } from '../../features/bookings/admin-bookings-table.tsx';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/bookings';

/** /admin/bookings: every booking on Privy, where the admin reservation notifications lead. */

export function meta() {
  return [{ title: 'Bookings · Privy admin' }];
}

const DEFAULT_QUERY: AdminBookingsQuery = { status: 'all', page: 1 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = adminBookingsQuerySchema.safeParse(routeQuery(request));
  const query = parsed.success ? parsed.data : DEFAULT_QUERY;
  const actor = { userId: admin.userId, isAdmin: true };
  const listed = await context.get(servicesContext).bookings.listForAdmin(actor, query);
  return { ...listed, query, adminId: admin.userId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const id = bookingIdParamsSchema.safeParse({ id: form.get('bookingId') });
  if (!id.success)
    return data({ ok: false as const, message: 'Choose a booking to cancel.' }, { status: 400 });
  try {
    await context
      .get(servicesContext)
      .bookings.cancel({ userId: admin.userId, isAdmin: true }, id.data.id, 'Cancelled by Privy');
    return { ok: true as const, message: 'Cancelled. The guest gets a full refund; both sides were told.' };
  } catch (error) {
    const known = asAppError(error);
    if (known) return data({ ok: false as const, message: known.message }, { status: known.status });
    throw error;
  }
}

const STATUS_LABELS: Record<(typeof HOST_FILTERS)[number], string> = {
  all: 'Any status',
  upcoming: 'Upcoming',
  confirmed: 'Confirmed',
  checked_in: 'Checked in',
  completed: 'Completed',
  cancelled: 'Cancelled or expired',
};

function hrefFor(query: AdminBookingsQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status !== 'all') params.set('status', query.status);
  if (page > 1) params.set('page', String(page));
  return `/admin/bookings${params.size ? `?${params}` : ''}`;
}

export default function AdminBookings() {
  const { bookings, total, page, page_size, query, adminId } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  // Admins hear of bookings through their ADMIN_* notifications: each one refreshes the list.
  useLiveLoaderData(`user:${adminId}`, (event) => event === 'notification');
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) toast.success({ title: 'Done', message: fetcher.data.message });
    else toast.error({ title: 'Error', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const busyId = fetcher.state !== 'idle' ? String(fetcher.formData?.get('bookingId') ?? '') : null;
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Bookings</Title>
        <Text c="dimmed">
          Every booking on Privy, the most recently made first. New ones appear as they come.
        </Text>
      </div>
      <Form method="get" role="search">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            name="q"
            label="Search"
            placeholder="Bathroom, guest, host or booking id"
            defaultValue={query.q ?? ''}
            leftSection={<IconSearch size={16} />}
            maxLength={100}
            w={320}
          />
          <Select
            label="Status"
            data={HOST_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={query.status}
            onChange={(value) =>
              navigate(hrefFor({ ...query, status: (value ?? 'all') as AdminBookingsQuery['status'] }, 1))
            }
            allowDeselect={false}
          />
          {query.status !== 'all' && <input type="hidden" name="status" value={query.status} />}
          <Button type="submit" variant="light">
            Search
          </Button>
        </Group>
      </Form>
      <Paper withBorder radius="lg" p="lg">
        {bookings.length === 0 ? (
          <Text c="dimmed" data-testid="admin-bookings-empty">
            {query.q || query.status !== 'all'
              ? 'No booking matches. Try other words or “Any status”.'
              : 'Nobody has booked yet. Bookings appear here as soon as guests hold a time.'}
          </Text>
        ) : (
          <Stack gap="md">
            <AdminBookingsTable
              bookings={bookings}
              busyId={busyId}
              onCancel={(booking) => fetcher.submit({ bookingId: booking.id }, { method: 'post' })}
            />
            <ListPager page={page} pageSize={page_size} total={total} hrefFor={(n) => hrefFor(query, n)} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
