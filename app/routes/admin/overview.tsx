import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { getAdminOverview } from '../../../server/domains/admin/admin-service.ts';
import { NewestAccounts, OverviewStats } from '../../features/admin/admin-overview.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import type { Route } from './+types/overview';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return getAdminOverview(context.get(servicesContext).db);
}

export function meta() {
  return [{ title: 'Admin overview · Privy' }];
}

export default function AdminOverview() {
  const overview = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Overview</Title>
        <Text c="dimmed">Live figures from the database, as of this page load.</Text>
      </div>
      <OverviewStats counts={overview.counts} days={overview.recent_signup_days} />
      <NewestAccounts accounts={overview.newest_accounts} />
    </Stack>
  );
}
