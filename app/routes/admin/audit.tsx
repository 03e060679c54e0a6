import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useLoaderData } from 'react-router';
import {
  ADMIN_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditQuery,
  auditQuerySchema,
} from '../../../common/schemas/audit.ts';
import { AuditList } from '../../features/admin/audit-list.tsx';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import type { Route } from './+types/audit';

/** /admin/audit: every admin action, newest first, by action, target or admin (ADR 133). */

export function meta() {
  return [{ title: 'Audit log · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const parsed = auditQuerySchema.safeParse(routeQuery(request));
  const query: AuditQuery = parsed.success ? parsed.data : {};
  const page = await context.get(servicesContext).audit.list(query);
  return { ...page, query, invalid: !parsed.success };
}

function olderHref(query: AuditQuery, before: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value && key !== 'before') params.set(key, value);
  params.set('before', before);
  return `/admin/audit?${params}`;
}

const TARGET_LABELS: Record<(typeof AUDIT_TARGET_TYPES)[number], string> = {
  user: 'Accounts',
  provider_request: 'Provider requests',
  property: 'Listings',
  review: 'Reviews',
  refund_request: 'Refund requests',
  booking: 'Bookings',
  payout: 'Payouts',
  settings: 'Settings',
  database: 'Database',
  job: 'Jobs',
};

export default function AdminAudit() {
  const { entries, next_before, query, invalid } = useLoaderData<typeof loader>();
  const filtered = Boolean(query.action || query.target_type || query.target_id || query.actor_id);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">
          Every admin action with who took it, when, and what it changed. Entries are written with the action
          itself and can never be edited or removed.
        </Text>
      </div>
      <Form method="get" role="search">
        <Group align="flex-end" wrap="wrap">
          <Select
            name="action"
            label="Action"
            placeholder="Any action"
            data={ADMIN_ACTIONS.map((value) => ({ value, label: value }))}
            defaultValue={query.action ?? null}
            clearable
            searchable
            w={260}
          />
          <Select
            name="target_type"
            label="About"
            placeholder="Anything"
            data={AUDIT_TARGET_TYPES.map((value) => ({ value, label: TARGET_LABELS[value] }))}
            defaultValue={query.target_type ?? null}
            clearable
            w={200}
          />
          <TextInput
            name="target_id"
            label="Target id"
            placeholder="An account, listing or booking id"
            defaultValue={query.target_id ?? ''}
            maxLength={200}
            w={280}
          />
          <Button type="submit" variant="light">
            Filter
          </Button>
          {filtered ? (
            <Button component={Link} to="/admin/audit" variant="subtle">
              Clear
            </Button>
          ) : null}
        </Group>
      </Form>
      {invalid ? (
        <Text c="red" size="sm" role="alert">
          Those filters are not valid; showing every action.
        </Text>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        {entries.length === 0 ? (
          <Text c="dimmed" data-testid="audit-empty">
            {filtered ? 'No admin action matches these filters.' : 'No admin has acted yet.'}
          </Text>
        ) : (
          <Stack gap="lg">
            <AuditList entries={entries} />
            {next_before ? (
              <Button component={Link} to={olderHref(query, next_before)} variant="light" w="fit-content">
                Older entries
              </Button>
            ) : null}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
