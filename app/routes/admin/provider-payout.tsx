import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import {
  PAYOUT_EVENT,
  type PayableHostView,
  type PayoutOutcome,
  type PayoutView,
  SKIP_REASON_TEXT,
} from '../../../common/schemas/payouts.ts';
import { payoutApi } from '../../features/payouts/payout-api.ts';
import { OUTCOME_COLORS, outcomeText, PayoutResults } from '../../features/payouts/payout-results.tsx';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { ApiError } from '../../lib/api-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/provider-payout';

/** /admin/provider-payout: every host's payable balance, paid through Stripe Connect (ADR 129). */

export function meta() {
  return [{ title: 'Provider payouts · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return context.get(servicesContext).payouts.overview();
}

const CONNECT_LABELS: Record<PayableHostView['connect'], { label: string; color: string }> = {
  connected: { label: 'Stripe connected', color: 'teal' },
  not_connected: { label: 'Stripe not connected', color: 'yellow' },
  unlinked: { label: 'No Stripe account', color: 'gray' },
};

const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/** Why "Pay" cannot pay this host now, or null when it can. */
function blocker(host: PayableHostView): string | null {
  // A payout in flight is asked about again with its key ("Resume"), whatever the balance now.
  if (host.pending_payout_id) return null;
  if (host.payable_cents === 0) return SKIP_REASON_TEXT.nothing_payable;
  if (host.connect === 'unlinked') return SKIP_REASON_TEXT.unlinked;
  if (host.connect === 'not_connected') return SKIP_REASON_TEXT.not_connected;
  if (host.payable_cents < 0) return SKIP_REASON_TEXT.negative_balance;
  return null;
}

function HostCard({
  host,
  busy,
  onPay,
}: {
  host: PayableHostView;
  busy: boolean;
  onPay: (host: PayableHostView) => void;
}) {
  const connect = CONNECT_LABELS[host.connect];
  const blocked = blocker(host);
  return (
    <Card withBorder radius="md" p="md" data-testid="payable-host" data-host-id={host.host_id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{host.name}</Text>
            {host.email && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {host.email}
              </Text>
            )}
          </div>
          <Text fw={700} size="lg" c={host.payable_cents < 0 ? 'red' : undefined}>
            {formatUsd(host.payable_cents)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={connect.color} variant="light">
            {connect.label}
          </Badge>
          {host.pending_payout_id && (
            <Badge color={OUTCOME_COLORS.pending} variant="light">
              Payout in flight
            </Badge>
          )}
        </Group>
        {host.bookings.length > 0 && (
          <details>
            <summary>
              {host.bookings.length} booking{host.bookings.length === 1 ? '' : 's'}
            </summary>
            <Stack gap={2} mt="xs">
              {host.bookings.map((booking) => (
                <Group key={booking.booking_id} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ minWidth: 0 }} truncate>
                    {booking.bathroom_title} · {when(booking.starts_at)}
                  </Text>
                  <Text size="sm">{formatUsd(booking.amount_cents)}</Text>
                </Group>
              ))}
            </Stack>
          </details>
        )}
        <Group gap="xs" justify="space-between">
          {blocked ? (
            <Text size="sm" c="dimmed" data-testid="pay-blocked">
              {blocked}
            </Text>
          ) : (
            <span />
          )}
          <Button size="xs" onClick={() => onPay(host)} loading={busy} disabled={Boolean(blocked)}>
            {host.pending_payout_id ? 'Resume' : `Pay ${host.name}`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function HistoryRow({ payout, onRetry }: { payout: PayoutView; onRetry: (payout: PayoutView) => void }) {
  return (
    <Group justify="space-between" gap="xs" data-testid="payout-row" wrap="wrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Badge color={OUTCOME_COLORS[payout.status]} variant="light">
            {payout.status}
          </Badge>
          <Text fw={600}>{formatUsd(payout.amount_cents)}</Text>
          <Text size="sm">{payout.host_name}</Text>
        </Group>
        <Text size="xs" c="dimmed">
          {when(payout.created_at)} · {payout.booking_count} booking{payout.booking_count === 1 ? '' : 's'}
          {payout.transfer_id ? ` · ${payout.transfer_id}` : ''}
        </Text>
        {payout.last_error && (
          <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
            {payout.last_error}
          </Text>
        )}
      </Stack>
      {payout.retryable && (
        <Button size="xs" variant="light" onClick={() => onRetry(payout)}>
          Retry
        </Button>
      )}
    </Group>
  );
}

export default function ProviderPayoutPage() {
  const { hosts, payouts, total_payable_cents } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);
  const [results, setResults] = useState<PayoutOutcome[]>([]);
  const [names, setNames] = useState<Record<string, string>>({});
  useLiveLoaderData('admins', (event) => event === PAYOUT_EVENT);

  async function run(key: string, call: () => Promise<PayoutOutcome[]>) {
    setBusy(key);
    setNames((known) => ({
      ...known,
      ...Object.fromEntries(hosts.map((host) => [host.host_id, host.name])),
      ...Object.fromEntries(payouts.map((payout) => [payout.host_id, payout.host_name])),
    }));
    try {
      const done = await call();
      setResults(done);
      const paid = done.filter((row) => row.outcome === 'paid');
      const failed = done.filter((row) => row.outcome === 'failed').length;
      if (failed)
        toast.error({ title: 'Some payouts failed', message: `${failed} failed; retry them below.` });
      else if (done.length === 1 && done[0]) toast.success({ title: 'Done', message: outcomeText(done[0]) });
      else
        toast.success({ title: 'Done', message: `${paid.length} host${paid.length === 1 ? '' : 's'} paid.` });
    } catch (caught) {
      toast.error({
        title: 'Not done',
        message: caught instanceof ApiError ? caught.message : 'Please try again.',
      });
    } finally {
      setBusy(null);
      void revalidator.revalidate();
    }
  }

  const payable = hosts.filter((host) => !blocker(host));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Provider payouts</Title>
          <Text c="dimmed">
            {formatUsd(total_payable_cents)} payable to{' '}
            {hosts.filter((host) => host.payable_cents > 0).length} host{hosts.length === 1 ? '' : 's'}
          </Text>
        </div>
        <Button
          onClick={() => run('all', async () => (await payoutApi.payAll()).results)}
          loading={busy === 'all'}
          disabled={busy !== null || payable.length === 0}
        >
          Pay all
        </Button>
      </Group>
      <PayoutResults results={results} names={names} />
      {hosts.length === 0 && (
        <Alert color="gray" variant="light">
          No host has a payable balance. Earnings become payable when a booking is over.
        </Alert>
      )}
      {hosts.map((host) => (
        <HostCard
          key={host.host_id}
          host={host}
          busy={busy === host.host_id}
          onPay={(one) => run(one.host_id, async () => [await payoutApi.payHost(one.host_id)])}
        />
      ))}
      <Title order={2} size="h3">
        Payouts
      </Title>
      {payouts.length === 0 ? (
        <Text c="dimmed">No payouts yet.</Text>
      ) : (
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            {payouts.map((payout) => (
              <HistoryRow
                key={payout.id}
                payout={payout}
                onRetry={(one) => run(one.id, async () => [await payoutApi.retry(one.id)])}
              />
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
