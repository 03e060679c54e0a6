import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { AddPropertyStepper } from '../../features/listings/add-property-stepper.tsx';
import { asRouteError, requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/add-property';
import { addressSlots } from './address-slots.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  const draftId = new URL(request.url).searchParams.get('draft');
  const services = context.get(servicesContext);
  let draft = null;
  if (draftId && /^[0-9a-f-]{36}$/i.test(draftId)) {
    draft = await services.properties.get(actor, draftId).catch(asRouteError);
  }
  return { canCreate: actor.isProvider, draft, tileUrl: services.config.mapTileUrl };
}

export function meta() {
  return [{ title: 'Add a bathroom · Privy' }];
}

export default function AddProperty() {
  const { canCreate, draft, tileUrl } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <div>
        <Title order={1}>{draft ? 'Finish your listing' : 'Add a bathroom'}</Title>
        <Text c="dimmed">
          Seven short steps. Your draft is saved as you go, so you can stop and come back.
        </Text>
      </div>
      {canCreate || draft ? (
        <AddPropertyStepper
          key={draft?.id ?? 'new'}
          draft={draft}
          slots={addressSlots(draft?.location ?? null, tileUrl)}
        />
      ) : (
        <Alert color="yellow" title="Only hosts list bathrooms">
          You are an admin without a host account. Ask to become a host to list a bathroom of your own.
          <Button
            component={Link}
            to="/become-a-provider"
            variant="light"
            mt="sm"
            display="block"
            w="fit-content"
          >
            Become a host
          </Button>
        </Alert>
      )}
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
