import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams, useSubmit } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import {
  REFUND_REQUEST_EVENT,
  REFUND_REQUEST_STATUSES,
  REFUND_STATUS_LABELS,
  type RefundRequestView,
  refundQueueQuerySchema,
} from '../../../common/schemas/refund-requests.ts';
import { useLiveLoaderData } from '../../features/realtime/use-live-loader-data.ts';
import { refundApi } from '../../features/refund-requests/refund-api.ts';
import { RefundRequestBody } from '../../features/refund-requests/request-cards.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { servicesContext } from '../../lib/context.ts';
import { requireAdmin } from '../../lib/guards.server.ts';
import { routeQuery } from '../../lib/route-query.ts';
import { toast } from '../../ui/toasts.tsx';
import type { Route } from './+types/refund-requests';

/** /admin/refund-requests: the queue of refund requests, decided here (ADR 126). */

export function meta() {
  return [{ title: 'Refund requests · Privy admin' }];
}

type ThreadLine = { id: string; who: string; content: string; at: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const services = context.get(servicesContext);
  const query = routeQuery(request);
  const parsed = refundQueueQuerySchema.safeParse(query);
  const status =
    query.status === 'all' ? undefined : parsed.success ? (parsed.data.status ?? 'open') : 'open';
  const actor = { userId: admin.userId, isAdmin: true };
  const requests = await services.refunds.queue(actor, { ...(status ? { status } : {}), limit: 50 });
  // The booking's conversation, read-only for admins (ADR 119): the last messages of each.
  const threads: Record<string, ThreadLine[]> = {};
  await Promise.all(
    requests.map(async (row) => {
      const page = await services.messaging.read(actor, row.booking_id, { limit: 20 }).catch(() => null);
      threads[row.id] = (page?.messages ?? []).map((message) => ({
        id: message.id,
        who:
          message.senderId === row.guest_id ? row.guest_first_name || 'Guest' : row.host_first_name || 'Host',
        content: message.deletedAt ? 'Message deleted' : message.content,
        at: message.createdAt,
      }));
    }),
  );
  return { status: status ?? 'all', requests, threads };
}

function Decision({ request }: { request: RefundRequestView }) {
  const revalidator = useRevalidator();
  const [amount, setAmount] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const left = request.booking_paid_cents - request.booking_refunded_cents;
  // Straight to the API (which enforces admin rights): the toast is shown before the reload
  // takes a decided request out of a filtered list.
  async function run(call: () => Promise<{ request: RefundRequestView }>) {
    setBusy(true);
    try {
      const after = (await call()).request;
      if (after.status === 'failed') {
        toast.error({
          title: 'Refund not sent',
          message: 'The payment provider did not take the refund. Retry it.',
        });
      } else if (after.status === 'denied') {
        toast.success({ title: 'Denied', message: 'The guest has been told.' });
      } else toast.success({ title: 'Done', message: `Refunded ${formatUsd(after.approved_cents ?? 0)}.` });
    } catch (caught) {
      toast.error({
        title: 'Not done',
        message: caught instanceof ApiError ? caught.message : 'Please try again.',
      });
    } finally {
      setBusy(false);
      void revalidator.revalidate();
    }
  }
  const send = (fields: {
    intent: 'approve' | 'approve-part' | 'deny' | 'retry';
    amount?: string;
    reason?: string;
  }) =>
    run(() =>
      fields.intent === 'retry'
        ? refundApi.retry(request.id)
        : fields.intent === 'deny'
          ? refundApi.deny(request.id, fields.reason ?? '')
          : refundApi.approve(
              request.id,
              fields.intent === 'approve-part' ? Math.round(Number(fields.amount) * 100) : undefined,
            ),
    );
  if (request.status === 'failed') {
    return (
      <Button onClick={() => send({ intent: 'retry' })} loading={busy} data-testid="retry-refund">
        Retry refund
      </Button>
    );
  }
  if (request.status !== 'open') return null;
  return (
    <Stack gap="sm" data-testid="refund-decision">
      <Text size="sm" c="dimmed">
        Paid {formatUsd(request.booking_paid_cents)}; {formatUsd(left)} left to refund.
      </Text>
      <Group gap="xs" align="flex-end">
        <Button
          onClick={() => send({ intent: 'approve' })}
          loading={busy}
          disabled={request.amount_cents > left}
        >
          Approve {formatUsd(request.amount_cents)}
        </Button>
        <NumberInput
          label="Part"
          aria-label="Amount to approve"
          prefix="$"
          decimalScale={2}
          min={0.01}
          max={Math.min(request.amount_cents, left) / 100}
          value={amount}
          onChange={setAmount}
          w={120}
        />
        <Button
          variant="light"
          onClick={() => send({ intent: 'approve-part', amount: String(amount) })}
          disabled={busy || amount === ''}
        >
          Approve part
        </Button>
      </Group>
      <Group gap="xs" align="flex-end">
        <Textarea
          label="Reason for denying"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={1}
          style={{ flex: 1, minWidth: 200 }}
        />
        <Button
          variant="default"
          color="red"
          onClick={() => send({ intent: 'deny', reason })}
          disabled={busy || !reason.trim()}
        >
          Deny
        </Button>
      </Group>
    </Stack>
  );
}

export default function RefundRequestsPage() {
  const { status, requests, threads } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const submit = useSubmit();
  // A request filed, answered or decided anywhere shows up here without a reload.
  useLiveLoaderData('admins', (event) => event === REFUND_REQUEST_EVENT);
  const filters = [
    ...REFUND_REQUEST_STATUSES.map((value) => ({ value, label: REFUND_STATUS_LABELS[value] })),
    { value: 'all', label: 'All' },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>Refund requests</Title>
      <SegmentedControl
        value={status}
        data={filters}
        onChange={(value) => {
          const next = new URLSearchParams(searchParams);
          next.set('status', value);
          void submit(next, { method: 'get', replace: true });
        }}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        aria-label="Show requests"
      />
      {requests.length === 0 && (
        <Text c="dimmed">
          No{' '}
          {status === 'all'
            ? ''
            : `${REFUND_STATUS_LABELS[status as keyof typeof REFUND_STATUS_LABELS].toLowerCase()} `}
          refund requests. New ones appear here as guests file them.
        </Text>
      )}
      {requests.map((request) => (
        <Card key={request.id} withBorder radius="md" p="md" data-testid="refund-request">
          <Stack gap="sm">
            <Group justify="space-between">
              <Anchor component={Link} to={`/bookings/${request.booking_id}`} fw={600}>
                {request.bathroom_title}
              </Anchor>
              <Text size="sm" c="dimmed">
                Filed{' '}
                {new Date(request.created_at).toLocaleString('en-US', {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                  timeZone: 'UTC',
                })}{' '}
                UTC
              </Text>
            </Group>
            <RefundRequestBody request={request} />
            {(threads[request.id] ?? []).length > 0 && (
              <details>
                <summary>Messages ({threads[request.id]?.length})</summary>
                <Stack gap={4} mt="xs" data-testid="refund-thread">
                  {threads[request.id]?.map((line) => (
                    <Text key={line.id} size="sm">
                      <Text span fw={600}>
                        {line.who}:
                      </Text>{' '}
                      {line.content}
                    </Text>
                  ))}
                </Stack>
              </details>
            )}
            <Decision request={request} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
