import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { requireHost } from '../../features/listings/guards.server.ts';
import { ManageErrorBoundary } from '../../features/listings/route-error.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/hub';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireHost(request, context);
  const overview = await context.get(servicesContext).properties.hostOverview(actor);
  return {
    total: overview.total,
    published: overview.published,
    drafts: overview.drafts.map((draft) => ({ id: draft.id, title: draft.title, photos: draft.photo_count })),
    canCreate: actor.isProvider,
  };
}

export function meta() {
  return [{ title: 'Hosting · Privy' }];
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The host hub: how many listings, which drafts to finish, and where to go next. */
export default function ManageHub() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1}>Hosting</Title>
        <Text c="dimmed">Your bathrooms at a glance.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label="Listings" value={data.total} testId="listing-count" />
        <Figure label="Published" value={data.published} testId="published-count" />
        <Figure label="Drafts" value={data.drafts.length} testId="draft-count" />
      </SimpleGrid>
      {data.drafts.length > 0 && (
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="drafts-title">
          <Title order={2} fz="h4" id="drafts-title" mb="sm">
            Drafts to finish
          </Title>
          <List spacing="xs">
            {data.drafts.map((draft) => (
              <List.Item key={draft.id}>
                <Anchor
                  component={Link}
                  to={
                    draft.photos ? `/manage/properties/${draft.id}` : `/manage/add-property?draft=${draft.id}`
                  }
                >
                  {draft.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Paper>
      )}
      <Group>
        <Button component={Link} to="/manage/properties" size="md">
          My bathrooms
        </Button>
        <Button component={Link} to="/manage/bookings" variant="light" size="md">
          Bookings
        </Button>
        <Button component={Link} to="/manage/reviews" variant="light" size="md">
          Reviews
        </Button>
        <Button component={Link} to="/manage/blackout-dates" variant="light" size="md">
          Blackout dates
        </Button>
        <Button component={Link} to="/earnings" variant="light" size="md">
          Earnings
        </Button>
        {data.canCreate && (
          <Button component={Link} to="/manage/add-property" variant="light" size="md">
            Add a bathroom
          </Button>
        )}
        <Button component={Link} to="/onboarding" variant="default" size="md">
          Host checklist
        </Button>
      </Group>
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ManageErrorBoundary error={error} />;
}
