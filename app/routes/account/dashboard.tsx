import { Alert, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { isRouteErrorResponse, useLoaderData } from 'react-router';
import { TodaysBookings } from '../../features/bookings/todays-bookings.tsx';
import { accountChecklist } from '../../features/dashboard/checklist.ts';
import { AdminCard, ChecklistCard, GuestCard, HostCard } from '../../features/dashboard/dashboard-cards.tsx';
import { dashboardGreeting } from '../../features/dashboard/greeting.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { ErrorPage } from '../../ui/error-page.tsx';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const { profile } = viewer;
  const listings = profile.is_provider
    ? await context
        .get(servicesContext)
        .properties.listMine({ userId: viewer.userId, isProvider: true, isAdmin: profile.is_admin })
    : [];
  // Hosts see today's bookings of their bathrooms (ADR 092).
  const todaysBookings = profile.is_provider
    ? await context
        .get(servicesContext)
        .bookings.todayForHost({ userId: viewer.userId, isAdmin: profile.is_admin })
    : null;
  // Providers see their ledger totals (ADR 128) with a way to /earnings.
  const earnings = profile.is_provider
    ? await context.get(servicesContext).earnings.totals(viewer.userId)
    : null;
  // The first load uses up the first visit, so a reload says "Welcome back" (ADR 115).
  const firstVisit = await context.get(servicesContext).auth.claimFirstVisit(viewer);
  const justVerified = new URL(request.url).searchParams.get('verified') === '1' && viewer.emailVerified;
  return {
    greeting: dashboardGreeting(profile.first_name, firstVisit),
    isProvider: profile.is_provider,
    isAdmin: profile.is_admin,
    listingCount: listings.length,
    publishedCount: listings.filter((listing) => listing.status === 'published').length,
    stripeConnected: profile.is_stripe_connected && Boolean(profile.stripe_connect_id),
    justVerified,
    todaysBookings,
    earnings,
    checklist: accountChecklist({
      email: viewer.email,
      emailVerified: viewer.emailVerified,
      phoneNumber: viewer.phoneNumber,
      phoneNumberVerified: viewer.phoneNumberVerified,
      twoFactorEnabled: viewer.twoFactorEnabled,
      hasPhoto: Boolean(profile.profile_picture_url),
      locationCount: profile.locations.length,
    }),
  };
}

export function meta() {
  return [{ title: 'Dashboard · Privy' }];
}

/** The signed-in hub: what to do next, and a section for each role the user holds. */
export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} data-testid="dashboard-greeting">
          {data.greeting}
        </Title>
        <Text c="dimmed">Everything about your account, in one place.</Text>
      </div>
      {data.justVerified && (
        <Alert color="teal" icon={<IconCircleCheck />} title="Email verified">
          Thank you: your email address is confirmed.
        </Alert>
      )}
      <ChecklistCard items={data.checklist} />
      {data.todaysBookings && <TodaysBookings bookings={data.todaysBookings} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {data.isProvider ? (
          <HostCard
            stripeConnected={data.stripeConnected}
            listingCount={data.listingCount}
            publishedCount={data.publishedCount}
            earnings={data.earnings}
          />
        ) : (
          <GuestCard />
        )}
        {data.isAdmin && <AdminCard />}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * Errors stay inside the page, under the root's account gate: a disabled or under-review member
 * whose request was refused (403) sees the gate's overlay rather than an error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
