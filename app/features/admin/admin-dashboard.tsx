import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import { notificationActions } from '../../../common/notification-actions.ts';
import { notificationTitle } from '../../../common/notification-titles.ts';
import type { DashboardFigures, DashboardNotice } from '../../../common/schemas/admin-dashboard.ts';
import type { AuditEntry } from '../../../common/schemas/audit.ts';
import { useChannelRestored, useRealtimeChannel } from '../realtime/realtime-provider.tsx';

/** Times on the dashboard read in UTC, like its days and weeks, and render the same on server and client. */
export function utcTime(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} UTC`;
}

type Figure = { id: string; label: string; value: string; to: string; hint?: string; alert?: boolean };

function figuresOf(figures: DashboardFigures, days: number): Figure[] {
  const refundHint = figures.failed_refund_requests
    ? `${figures.failed_refund_requests} failed, waiting for a retry`
    : undefined;
  return [
    {
      id: 'bookings-today',
      label: 'Bookings today',
      value: String(figures.bookings_today),
      to: '/admin/bookings',
    },
    {
      id: 'active-now',
      label: 'Active now',
      value: String(figures.active_now),
      to: '/admin/bookings?status=checked_in',
    },
    {
      id: 'revenue-week',
      label: 'Revenue this week',
      value: formatUsd(figures.revenue_week_cents),
      to: '/admin/analytics',
      hint: 'Paid by guests, less refunds',
    },
    {
      id: 'commission-week',
      label: 'Commission this week',
      value: formatUsd(figures.commission_week_cents),
      to: '/admin/analytics',
    },
    {
      id: 'open-refunds',
      label: 'Open refund requests',
      value: String(figures.open_refund_requests),
      to: '/admin/refund-requests?status=open',
      alert: figures.open_refund_requests + figures.failed_refund_requests > 0,
      ...(refundHint ? { hint: refundHint } : {}),
    },
    {
      id: 'pending-providers',
      label: 'Pending provider requests',
      value: String(figures.pending_provider_requests),
      to: '/admin/provider-requests?status=pending',
      alert: figures.pending_provider_requests > 0,
    },
    {
      id: 'new-users',
      label: `New users, last ${days} days`,
      value: String(figures.new_users),
      to: '/admin/users',
    },
  ];
}

export function DashboardFigureCards({ figures, days }: { figures: DashboardFigures; days: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} component="section" aria-label="Live figures">
      {figuresOf(figures, days).map((figure) => (
        <UnstyledButton key={figure.id} component={Link} to={figure.to} data-testid={`figure-${figure.id}`}>
          <Paper withBorder p="md" radius="lg" h="100%">
            <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                {figure.label}
              </Text>
              {figure.alert ? (
                <Badge size="xs" color="orange" variant="light">
                  To do
                </Badge>
              ) : null}
            </Group>
            <Text fz={28} fw={750} lh={1.25} data-testid={`figure-${figure.id}-value`}>
              {figure.value}
            </Text>
            {figure.hint ? (
              <Text size="xs" c="dimmed">
                {figure.hint}
              </Text>
            ) : null}
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

export function RecentNotices({ notices }: { notices: DashboardNotice[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="notices-title">
      <Title order={2} fz="h4" id="notices-title" mb="sm">
        Recent notices
      </Title>
      {notices.length === 0 ? (
        <Text c="dimmed">No admin notices yet. New bookings, requests and sign-ups show here.</Text>
      ) : (
        <Stack gap="sm" data-testid="recent-notices">
          {notices.map((notice) => {
            const action = notificationActions(notice.notification_type, notice.meta)[0];
            return (
              <div key={notice.id}>
                <Text size="sm" fw={600}>
                  {notificationTitle(notice.notification_type)}
                </Text>
                <Text size="sm">{notice.message}</Text>
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {utcTime(notice.created_at)}
                  </Text>
                  {action ? (
                    <Anchor component={Link} to={action.to} size="xs">
                      {action.label}
                    </Anchor>
                  ) : null}
                </Group>
              </div>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

export function RecentActions({ actions }: { actions: AuditEntry[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="actions-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="actions-title">
          Recent admin actions
        </Title>
        <Anchor component={Link} to="/admin/audit" size="sm">
          All admin actions
        </Anchor>
      </Group>
      {actions.length === 0 ? (
        <Text c="dimmed">No admin has acted yet. Every decision, change and payout is recorded here.</Text>
      ) : (
        <Stack gap="sm" data-testid="recent-actions">
          {actions.map((entry) => (
            <div key={entry.id}>
              <Text size="sm">{entry.summary}</Text>
              <Text size="xs" c="dimmed">
                {entry.actor_name} · {utcTime(entry.created_at)}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Reloads the dashboard when something it counts may have changed: the admins' channel (provider
 * and refund requests, payouts) or a notice to this admin (bookings, sign-ups, refunds). Bursts
 * (a Pay all, a blackout cancelling many bookings) coalesce into one reload a second later.
 */
export function useLiveDashboard(adminId: string) {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const schedule = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      revalidator.revalidate();
    }, 1000);
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useRealtimeChannel('admins', schedule);
  useRealtimeChannel(`user:${adminId}`, (event) => {
    if (event === 'notification') schedule();
  });
  // What either channel carried while the socket was down is not replayed (ADR 162).
  useChannelRestored('admins', schedule);
  useChannelRestored(`user:${adminId}`, schedule);
}
