import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { CalendarFeedPanel } from '../../features/calendar/calendar-feed-panel.tsx';
import { asRouteError, requireHost } from '../../features/listings/guards.server.ts';
import { PropertyEditor } from '../../features/listings/property-editor.tsx';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/property';
import { addressSlots } from './address-slots.tsx';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  if (!/^[0-9a-f-]{36}$/i.test(params.id)) throw new Response('Not found', { status: 404 });
  const services = context.get(servicesContext);
  const property = await services.properties.get(actor, params.id).catch(asRouteError);
  const calendarFeed = await services.calendar.status(actor, params.id).catch(asRouteError);
  return {
    property,
    tileUrl: services.config.mapTileUrl,
    calendarFeed,
    isHost: property.host_id === actor.userId,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.property.title ?? 'Listing'} · Manage · Privy` }];
}

export default function ManageProperty() {
  const { property, tileUrl, calendarFeed, isHost } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Breadcrumbs>
        <Anchor component={Link} to="/manage">
          Hosting
        </Anchor>
        <Anchor component={Link} to="/manage/properties">
          My bathrooms
        </Anchor>
        <Text>{property.title}</Text>
      </Breadcrumbs>
      <div>
        <Title order={1}>Edit listing</Title>
        <Text c="dimmed">
          {[property.city, property.state_code].filter(Boolean).join(', ')} · times in {property.timezone}
        </Text>
      </div>
      <PropertyEditor key={property.id} initial={property} slots={addressSlots(property.location, tileUrl)} />
      <CalendarFeedPanel
        key={`calendar-${property.id}`}
        bathroomId={property.id}
        timezone={property.timezone}
        initial={calendarFeed}
        canCreate={isHost}
      />
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
