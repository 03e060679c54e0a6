import { Button, Card, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBath, IconPlus } from '@tabler/icons-react';
import { Link, useLoaderData } from 'react-router';
import { firstOpenStep, LISTING_STEPS } from '../../../common/listing-steps.ts';
import { formatPrice } from '../../../common/money.ts';
import type { PropertySummary } from '../../../common/schemas/properties.ts';
import { requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { StatusBadge } from '../../features/listings/status-badge.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/properties';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  return {
    properties: await context.get(servicesContext).properties.listMine(actor),
    canCreate: actor.isProvider,
  };
}

/** A draft with add-a-bathroom steps left reopens in those steps, at the first one left (ADR 117). */
function unfinished(property: PropertySummary): boolean {
  return (
    property.status === 'draft' && firstOpenStep(property.completed_steps) < LISTING_STEPS.indexOf('review')
  );
}

export function meta() {
  return [{ title: 'My bathrooms · Privy' }];
}

export default function MyProperties() {
  const { properties, canCreate } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>My bathrooms</Title>
          <Text c="dimmed">Your listings, drafts included. Open one to edit, publish or unpublish it.</Text>
        </div>
        {canCreate && (
          <Button component={Link} to="/manage/add-property" leftSection={<IconPlus size={18} />} size="md">
            Add a bathroom
          </Button>
        )}
      </Group>
      {properties.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" mx="auto" mb="md">
            <IconBath size={30} />
          </ThemeIcon>
          <Title order={2} fz="h3">
            No bathrooms yet
          </Title>
          <Text c="dimmed" maw={480} mx="auto" mt="xs">
            List your first one in a few minutes: a title, the address, a photo or two and your opening hours.
            You can save a draft and finish later.
          </Text>
          {canCreate && (
            <Button component={Link} to="/manage/add-property" mt="lg" size="md">
              List your first bathroom
            </Button>
          )}
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {properties.map((property) => (
            <Card key={property.id} withBorder radius="lg" padding="md" data-testid="property-card">
              <Card.Section>
                {property.cover ? (
                  <Image
                    src={property.cover.url}
                    srcSet={property.cover.srcset}
                    alt={property.cover.alt}
                    style={{ aspectRatio: '4 / 3' }}
                  />
                ) : (
                  <Stack
                    align="center"
                    justify="center"
                    bg="gray.1"
                    style={{ aspectRatio: '4 / 3' }}
                    c="dimmed"
                  >
                    <IconBath size={40} aria-hidden />
                    <Text size="sm">No photo yet</Text>
                  </Stack>
                )}
              </Card.Section>
              <Group justify="space-between" mt="md" wrap="nowrap" align="flex-start">
                <Text fw={600} lineClamp={2}>
                  {property.title}
                </Text>
                <StatusBadge status={property.status} held={property.admin_hold} />
              </Group>
              <Text size="sm" c="dimmed">
                {[property.city, property.state_code].filter(Boolean).join(', ') || 'No address yet'} ·{' '}
                {formatPrice(property.hourly_price_cents)} an hour
              </Text>
              <Button
                component={Link}
                to={
                  unfinished(property)
                    ? `/manage/add-property?draft=${property.id}`
                    : `/manage/properties/${property.id}`
                }
                variant="light"
                mt="md"
                aria-label={`Edit ${property.title}`}
              >
                {unfinished(property) ? 'Finish this draft' : 'Edit'}
              </Button>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
