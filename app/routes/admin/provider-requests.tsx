import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { data, Form, useFetcher, useLoaderData, useSearchParams, useSubmit } from 'react-router';
import {
  providerDecisionSchema,
  providerRequestFilterSchema,
  providerRequestIdParamsSchema,
} from '../../../common/schemas/provider-requests.ts';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { asAppError } from '../../lib/app-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/provider-requests';

export function meta() {
  return [{ title: 'Provider requests · Privy admin' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filter = providerRequestFilterSchema.safeParse(routeQuery(request));
  const applied = filter.success ? filter.data : { status: 'pending' as const };
  const requests = await context.get(servicesContext).providerRequests.list(applied);
  return {
    filter: applied,
    requests: requests.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      decided_at: row.decided_at?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const decision = providerDecisionSchema.safeParse(form.get('decision'));
  const id = providerRequestIdParamsSchema.safeParse({ id: form.get('id') });
  if (!decision.success || !id.success)
    return data({ ok: false as const, message: 'Choose a request and a decision.' }, { status: 400 });
  try {
    const row = await context.get(servicesContext).providerRequests.decide(admin, id.data.id, decision.data);
    return { ok: true as const, message: `${row.first_name} ${row.last_name}: ${row.status}.` };
  } catch (error) {
    const known = asAppError(error);
    if (known) return data({ ok: false as const, message: known.message }, { status: known.status });
    throw error;
  }
}

const STATUS_COLORS = { pending: 'blue', approved: 'teal', rejected: 'gray', revoked: 'red' } as const;

function DecisionButtons({ id, status }: { id: string; status: keyof typeof STATUS_COLORS }) {
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return;
    if (fetcher.data.ok) toast.success({ title: 'Done', message: fetcher.data.message });
    else toast.error({ title: 'Error', message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== 'idle';
  const decide = (decision: 'approve' | 'reject' | 'revoke') =>
    fetcher.submit({ id, decision }, { method: 'post' });
  if (status === 'pending') {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => decide('approve')} loading={busy}>
          Approve
        </Button>
        <Button size="xs" variant="default" onClick={() => decide('reject')} disabled={busy}>
          Reject
        </Button>
      </Group>
    );
  }
  if (status === 'approved') {
    // Revoking undoes a host's business (listings, bookings ahead), so it asks once more.
    return (
      <ConfirmButton
        label="Revoke"
        question="Their bathrooms are unlisted, and their bookings still ahead are cancelled with full refunds to the guests."
        keepLabel="Keep host"
        confirmLabel="Revoke and cancel bookings"
        loading={busy}
        onConfirm={() => decide('revoke')}
      />
    );
  }
  return (
    <Text size="xs" c="dimmed">
      No action
    </Text>
  );
}

export default function ProviderRequestsPage() {
  const { filter, requests } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();

  // A request arriving or decided anywhere shows up here without a reload.
  useLiveLoaderData('admins', (event) => event === 'provider_request');

  return (
    <Stack gap="md">
      <Title order={1}>Provider requests</Title>
      {/* Typing filters as you go; the status control navigates by itself (a second, form-wide
          submit on its change would race it with the hidden field's old status). */}
      <Form
        method="get"
        onChange={(event) => {
          const field = event.target as unknown as { name?: string };
          if (field.name === 'q') submit(event.currentTarget, { replace: true });
        }}
      >
        <Group align="flex-end" wrap="wrap">
          <SegmentedControl
            value={filter.status}
            onChange={(value) => {
              const next = new URLSearchParams(searchParams);
              next.set('status', value);
              submit(next, { replace: true });
            }}
            data={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
              { value: 'rejected', label: 'Rejected' },
              { value: 'revoked', label: 'Revoked' },
              { value: 'all', label: 'All' },
            ]}
          />
          <input type="hidden" name="status" value={filter.status} />
        </Group>
        {/* Its own row at the left, clear of the top-right toasts (ADR 114). */}
        <TextInput
          name="q"
          defaultValue={filter.q ?? ''}
          placeholder="Search name or email"
          aria-label="Search name or email"
          leftSection={<IconSearch size={16} />}
          maw={360}
          mt="sm"
          data-testid="provider-requests-search"
        />
      </Form>
      <Card withBorder padding={0} radius="md">
        {requests.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl" data-testid="provider-requests-empty">
            {filter.status === 'pending'
              ? 'No requests are waiting. New ones appear here the moment they arrive.'
              : 'No requests match these filters.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="provider-requests-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Asked</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Decision</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((row) => (
                  <Table.Tr key={row.id} data-testid="provider-request-row">
                    <Table.Td>
                      {row.first_name} {row.last_name}
                    </Table.Td>
                    <Table.Td>{row.email}</Table.Td>
                    <Table.Td>
                      {new Date(row.created_at).toLocaleString('en-US', {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[row.status]} variant="light">
                        {row.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <DecisionButtons id={row.id} status={row.status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
