import { Alert, Button, Card, Stack, Text, Textarea } from '@mantine/core';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { parseNotificationMeta } from '../../../common/notification-meta.ts';
import type { BookingRefundRequests, RefundRequestView } from '../../../common/schemas/refund-requests.ts';
import { ApiError } from '../../lib/api-error.ts';
import { lazyPart } from '../../lib/patient-import.ts';
import { useRootData } from '../../root.tsx';
import { toast } from '../../ui/toasts.tsx';
import { useChannelRestored, useRealtimeChannel } from '../realtime/realtime-provider.tsx';
import { refundApi } from './refund-api.ts';
import { RefundRequestBody } from './request-cards.tsx';

// The request form (amount, photos) loads when the guest opens it (ADR 141).
const RefundRequestForm = lazyPart(() =>
  import('./refund-request-form.tsx').then((module) => ({ default: module.RefundRequestForm })),
);

type Role = 'guest' | 'host' | 'admin';

/**
 * The booking page's refund requests (ADR 126): the guest asks for a refund and may appeal a
 * denial once; the host adds their side within 48 hours; everyone sees each request and its
 * outcome. A refund notice for this booking reloads it live, and the page with it (the booking's
 * refunded amount).
 */
export function BookingRefundPanel({ bookingId, role }: { bookingId: string; role: Role }) {
  const [data, setData] = useState<BookingRefundRequests | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const revalidator = useRevalidator();
  const userId = useRootData()?.viewer?.id ?? null;

  const load = useCallback(async () => {
    try {
      setData(await refundApi.forBooking(bookingId));
    } catch {
      // The page works without the panel; it shows again on the next load.
    }
  }, [bookingId]);
  useEffect(() => {
    void load();
  }, [load]);

  const channel = userId ? `user:${userId}` : null;
  const refresh = () => {
    void load();
    void revalidator.revalidate();
  };
  useRealtimeChannel(channel, (event, payload) => {
    if (event !== 'notification') return;
    const item = payload as { notification_type?: string; meta?: unknown };
    if (!item.notification_type?.includes('REFUND')) return;
    if (parseNotificationMeta(item.meta).booking_id !== bookingId) return;
    refresh();
  });
  // A decision sent while the socket was down was not replayed (ADR 162).
  useChannelRestored(channel, refresh);

  if (!data) return null;
  const { requests } = data;
  if (!requests.length && !data.can_request) return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="refund-requests">
      <Stack gap="md">
        <Text fw={600}>Refund requests</Text>
        {requests.map((request) => (
          <Stack key={request.id} gap="xs">
            <RefundRequestBody request={request} />
            {role === 'host' && <HostSide request={request} onDone={load} />}
            {role === 'guest' && <Appeal request={request} onDone={load} />}
          </Stack>
        ))}
        {role === 'guest' && data.can_request && (
          <Button variant="light" size="md" onClick={() => setFormOpen(true)} data-testid="request-refund">
            Request a refund
          </Button>
        )}
        {role === 'guest' && !data.can_request && data.cannot_request_reason && requests.length > 0 && (
          <Text size="sm" c="dimmed">
            {data.cannot_request_reason}
          </Text>
        )}
      </Stack>
      {role === 'guest' && formOpen && (
        <Suspense fallback={null}>
          <RefundRequestForm
            bookingId={bookingId}
            refundableCents={data.refundable_cents}
            opened={formOpen}
            onClose={() => setFormOpen(false)}
            onFiled={() => {
              setFormOpen(false);
              toast.success({ title: 'Refund requested', message: 'We will review it and let you know.' });
              void load();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

function ReplyBox(props: {
  label: string;
  button: string;
  testId: string;
  send: (text: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError('Write a few words first.');
    setBusy(true);
    setError(null);
    try {
      await props.send(text);
      setText('');
      props.onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={submit} data-testid={props.testId}>
      <Stack gap="xs">
        <Textarea
          label={props.label}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={2}
          error={error}
        />
        <Button type="submit" variant="light" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {props.button}
        </Button>
      </Stack>
    </form>
  );
}

function HostSide({ request, onDone }: { request: RefundRequestView; onDone: () => void }) {
  const open = request.status === 'open' && Date.now() < new Date(request.host_response_until).getTime();
  if (!open) return null;
  return (
    <ReplyBox
      label={request.host_response ? 'Rewrite your side' : 'Your side (within 48 hours)'}
      button="Send your side"
      testId="host-side"
      send={(text) => refundApi.respond(request.id, text)}
      onDone={onDone}
    />
  );
}

function Appeal({ request, onDone }: { request: RefundRequestView; onDone: () => void }) {
  if (request.status !== 'denied') return null;
  if (request.appealed_at) {
    return <Alert color="gray">This request was appealed once and denied again.</Alert>;
  }
  return (
    <ReplyBox
      label="Appeal (once): tell us what we missed"
      button="Send appeal"
      testId="appeal"
      send={(text) => refundApi.appeal(request.id, text)}
      onDone={onDone}
    />
  );
}
