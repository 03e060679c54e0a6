import { Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import { getAdminDashboard } from '../../../server/domains/admin/admin-dashboard.ts';
import {
  DashboardFigureCards,
  RecentActions,
  RecentNotices,
  useLiveDashboard,
  utcTime,
} from '../../features/admin/admin-dashboard.tsx';
import { NewestAccounts, OverviewStats } from '../../features/admin/admin-overview.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import type { Route } from './+types/overview';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const dashboard = await getAdminDashboard(context.get(servicesContext), admin);
  return { ...dashboard, adminId: admin.userId };
}

export function meta() {
  return [{ title: 'Admin dashboard · Privy' }];
}

export default function AdminDashboard() {
  const dashboard = useLoaderData<typeof loader>();
  useLiveDashboard(dashboard.adminId);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Dashboard</Title>
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            Live: updates as bookings, requests and sign-ups happen. Days and weeks in UTC; the week starts on
            Monday.
          </Text>
          <Text c="dimmed" size="sm" data-testid="dashboard-as-of">
            As of {utcTime(dashboard.as_of)}.
          </Text>
        </Group>
      </div>
      <DashboardFigureCards figures={dashboard.figures} days={dashboard.recent_signup_days} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RecentNotices notices={dashboard.recent_notices} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <RecentActions actions={dashboard.recent_actions} />
        </Grid.Col>
      </Grid>
      <Title order={2} fz="h3">
        Accounts
      </Title>
      <OverviewStats counts={dashboard.counts} days={dashboard.recent_signup_days} />
      <NewestAccounts accounts={dashboard.newest_accounts} />
    </Stack>
  );
}
