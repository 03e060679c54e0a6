import { Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Form, useLoaderData } from 'react-router';
import {
  ADMIN_LISTING_STATUS_FILTERS,
  ADMIN_LISTING_STATUS_LABELS,
  type AdminListingsFilters,
  adminListingsQuerySchema,
} from '../../../common/schemas/listing-moderation.ts';
import { AdminListingsTable } from '../../features/admin-listings/listings-table.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ListPager } from '../../ui/list-pager.tsx';
import type { Route } from './+types/properties';

/** /admin/properties (ADR 136): every listing, to review, hold, feature, and answer reports. */

export function meta() {
  return [{ title: 'Properties · Privy admin' }];
}

const DEFAULT_FILTERS: AdminListingsFilters = {
  status: 'all',
  page: 1,
  reported: undefined,
  featured: undefined,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = adminListingsQuerySchema.safeParse(routeQuery(request));
  const filters = parsed.success ? parsed.data : DEFAULT_FILTERS;
  const page = await context.get(servicesContext).properties.moderation.list(filters);
  return { ...page, filters, invalid: !parsed.success };
}

const yesNo = (value: boolean | undefined) => (value === undefined ? '' : value ? 'yes' : 'no');

function hrefFor(filters: AdminListingsFilters, page: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.host) params.set('host', filters.host);
  if (filters.city) params.set('city', filters.city);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.reported !== undefined) params.set('reported', yesNo(filters.reported));
  if (filters.featured !== undefined) params.set('featured', yesNo(filters.featured));
  if (page > 1) params.set('page', String(page));
  return `/admin/properties${params.size ? `?${params}` : ''}`;
}

const isFiltered = (filters: AdminListingsFilters) =>
  Boolean(
    filters.q ||
      filters.host ||
      filters.city ||
      filters.status !== 'all' ||
      filters.reported !== undefined ||
      filters.featured !== undefined,
  );

export default function AdminProperties() {
  const { listings, total, page, page_size, filters, invalid } = useLoaderData<typeof loader>();
  // The form is keyed by its query so a Back navigation shows the filters of the list it shows.
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Properties</Title>
        <Text c="dimmed">
          Every listing on Privy, the newest first. Open one to see its reports, unpublish it with a reason,
          or feature it on the home page.
        </Text>
      </div>
      <Form method="get" role="search" key={hrefFor(filters, 1)}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            name="q"
            label="Title"
            placeholder="Words of the title"
            defaultValue={filters.q ?? ''}
            leftSection={<IconSearch size={16} />}
            maxLength={100}
            w={{ base: '100%', xs: 220 }}
          />
          <TextInput
            name="host"
            label="Host"
            placeholder="Name or email"
            defaultValue={filters.host ?? ''}
            maxLength={100}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            name="city"
            label="City"
            defaultValue={filters.city ?? ''}
            maxLength={80}
            w={{ base: '100%', xs: 160 }}
          />
          <NativeSelect
            name="status"
            label="Status"
            defaultValue={filters.status}
            data={ADMIN_LISTING_STATUS_FILTERS.map((value) => ({
              value,
              label: ADMIN_LISTING_STATUS_LABELS[value],
            }))}
          />
          <NativeSelect
            name="reported"
            label="Reports"
            defaultValue={yesNo(filters.reported)}
            data={[
              { value: '', label: 'Any' },
              { value: 'yes', label: 'Has open reports' },
              { value: 'no', label: 'No open reports' },
            ]}
          />
          <NativeSelect
            name="featured"
            label="Home page"
            defaultValue={yesNo(filters.featured)}
            data={[
              { value: '', label: 'Any' },
              { value: 'yes', label: 'Featured' },
              { value: 'no', label: 'Not featured' },
            ]}
          />
          <Button type="submit" variant="light">
            Filter
          </Button>
        </Group>
      </Form>
      {invalid ? (
        <Text c="red" size="sm" role="alert">
          Some filters in the address were not understood, so every listing is shown.
        </Text>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        {listings.length === 0 ? (
          <Text c="dimmed" data-testid="admin-listings-empty">
            {isFiltered(filters)
              ? 'No listing matches these filters. Clear a filter or try other words.'
              : 'No host has listed a bathroom yet. Listings appear here as soon as a host starts one.'}
          </Text>
        ) : (
          <Stack gap="md">
            <AdminListingsTable listings={listings} />
            <ListPager page={page} pageSize={page_size} total={total} hrefFor={(n) => hrefFor(filters, n)} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
