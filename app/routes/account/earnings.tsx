import { Grid, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { type EarningsUnit, earningsOverviewQuerySchema } from '../../../common/schemas/earnings.ts';
import { earningsViewerOf } from '../../../server/domains/payouts/earnings-service.ts';
import { EarningsBookings } from '../../features/earnings/earnings-bookings.tsx';
import { EarningsChart } from '../../features/earnings/earnings-chart.tsx';
import { EarningsPayouts } from '../../features/earnings/earnings-payouts.tsx';
import { BecomeHostCard, ConnectCard, ExportsCard } from '../../features/earnings/earnings-side.tsx';
import { EarningsTotalsGrid } from '../../features/earnings/earnings-totals.tsx';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireViewer } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ErrorPage } from '../../ui/error-page.tsx';
import type { Route } from './+types/earnings';

/** /earnings (spec §2; ADR 132): a host's money from the ledger. Others see how to become a host. */

export function meta() {
  return [{ title: 'Earnings · Privy' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const services = context.get(servicesContext);
  const who = earningsViewerOf(viewer);
  if (!(await services.earnings.canSee(who))) return { kind: 'not_host' as const };
  const parsed = earningsOverviewQuerySchema.safeParse(routeQuery(request));
  const query = parsed.success ? parsed.data : { unit: 'week' as const, page: 1 };
  return { kind: 'host' as const, userId: viewer.userId, ...(await services.earnings.overview(who, query)) };
}

export default function EarningsPage() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'not_host') return <BecomeHostCard />;
  return <HostEarnings data={data} />;
}

function HostEarnings({
  data,
}: {
  data: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: 'host' }>;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hrefWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    return `/earnings?${next.toString()}`;
  };
  // Payout and refund notices arrive on the host's own channel: the figures are read again.
  useLiveLoaderData(`user:${data.userId}`, (event) => event === 'notification');
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1}>Earnings</Title>
        <Text c="dimmed">What your bathrooms earned, what is on its way, and what has been paid to you.</Text>
      </div>
      <EarningsTotalsGrid totals={data.totals} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <EarningsChart
            chart={data.chart}
            onUnitChange={(unit: EarningsUnit) =>
              navigate(hrefWith({ unit }), { replace: true, preventScrollReset: true })
            }
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ConnectCard linked={data.connect.linked} />
            <ExportsCard months={data.months} />
          </Stack>
        </Grid.Col>
      </Grid>
      <EarningsBookings
        rows={data.bookings.rows}
        page={data.bookings.page}
        pageSize={data.bookings.pageSize}
        total={data.bookings.total}
        timeZone={data.timeZone}
        hrefFor={(page) => hrefWith({ page: String(page) })}
      />
      <EarningsPayouts payouts={data.payouts} timeZone={data.timeZone} />
    </Stack>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) && typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
