import { Anchor, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react';
import { Link, useLoaderData } from 'react-router';
import { requireHost } from '../../features/listings/guards.server.ts';
import { hostChecklist } from '../../features/listings/host-checklist.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/onboarding';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, actor } = await requireHost(request, context);
  const overview = await context.get(servicesContext).properties.hostOverview(actor);
  return {
    firstName: viewer.profile.first_name,
    items: hostChecklist({
      hasPhoto: Boolean(viewer.profile.profile_picture_url),
      listings: overview.total,
      draftId: overview.drafts[0]?.id ?? null,
      withPhotos: overview.withPhotos,
      withHours: overview.withHours,
      published: overview.published,
      payoutsLinked: viewer.profile.is_stripe_connected && Boolean(viewer.profile.stripe_connect_id),
    }),
  };
}

export function meta() {
  return [{ title: 'Get started as a host · Privy' }];
}

/** The first-time host checklist. */
export default function Onboarding() {
  const { firstName, items } = useLoaderData<typeof loader>();
  const done = items.filter((item) => item.done).length;
  return (
    <Stack gap="lg" maw={720} mx="auto">
      <div>
        <Title order={1}>{firstName ? `Welcome, ${firstName}` : 'Welcome, host'}</Title>
        <Text c="dimmed">Six steps from signing up to your first guest.</Text>
      </div>
      <Paper withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{done === items.length ? 'You are all set' : 'Your progress'}</Text>
          <Text size="sm" c="dimmed" data-testid="onboarding-progress">
            {done} of {items.length} done
          </Text>
        </Group>
        <Progress value={(done / items.length) * 100} mb="md" aria-label="Host setup progress" />
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <Group
              key={item.id}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              data-testid={`onboarding-${item.id}`}
            >
              {item.done ? (
                <IconCircleCheckFilled size={22} color="var(--mantine-color-teal-6)" aria-label="Done" />
              ) : (
                <IconCircle size={22} color="var(--mantine-color-gray-5)" aria-label="To do" />
              )}
              <Stack gap={0} style={{ flex: 1 }}>
                {item.done ? (
                  <Text fw={500} c="dimmed">
                    {item.label}
                  </Text>
                ) : (
                  <Anchor component={Link} to={item.to} fw={600}>
                    {item.label}
                  </Anchor>
                )}
                <Text size="sm" c="dimmed">
                  {item.hint}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
