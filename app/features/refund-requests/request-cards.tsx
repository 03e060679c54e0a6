import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import {
  REFUND_REASON_LABELS,
  REFUND_STATUS_LABELS,
  type RefundRequestStatus,
  type RefundRequestView,
} from '../../../common/schemas/refund-requests.ts';

/** How one refund request reads, on the booking page and in the admin queue (ADR 126). */

const STATUS_COLOR: Record<RefundRequestStatus, string> = {
  open: 'blue',
  approved: 'teal',
  partially_approved: 'teal',
  denied: 'gray',
  failed: 'red',
};

export function RefundStatusBadge({ status }: { status: RefundRequestStatus }) {
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="refund-request-status"
    >
      {REFUND_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RefundPhotos({ photos, who }: { photos: RefundRequestView['photos']; who: string }) {
  if (!photos.length) return null;
  return (
    <SimpleGrid cols={3} spacing="xs" data-testid="refund-photos">
      {photos.map((photo, index) => (
        <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer">
          <img
            src={photo.url}
            srcSet={photo.srcset}
            alt={`Evidence ${index + 1} from ${who}`}
            loading="lazy"
            width={800}
            height={600}
            style={{ width: '100%', height: 'auto', borderRadius: 6, display: 'block' }}
          />
        </a>
      ))}
    </SimpleGrid>
  );
}

/** The words of both parties and the decision, in the order they happened. */
export function RefundRequestBody({ request }: { request: RefundRequestView }) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={600}>
          {formatUsd(request.amount_cents)} asked · {REFUND_REASON_LABELS[request.reason]}
        </Text>
        <RefundStatusBadge status={request.status} />
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        <Text span fw={600}>
          {request.guest_first_name || 'The guest'}:{' '}
        </Text>
        {request.description}
      </Text>
      <RefundPhotos photos={request.photos} who={request.guest_first_name || 'the guest'} />
      {request.host_response && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="host-response">
          <Text span fw={600}>
            {request.host_first_name || 'The host'}:{' '}
          </Text>
          {request.host_response}
        </Text>
      )}
      {/* Teal 8 is 4.0:1 on white; teal 9 (5.0:1) in light and teal 4 (8.6:1) in dark meet AA. */}
      {request.approved_cents !== null && request.status !== 'failed' && (
        <Text
          size="sm"
          c="light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))"
          data-testid="refund-approved"
        >
          {formatUsd(request.approved_cents)} refunded.
        </Text>
      )}
      {request.status === 'failed' && (
        <Text size="sm" c="red.8">
          Approved for {formatUsd(request.approved_cents ?? 0)}; the payment provider has not taken the refund
          yet.
          {request.refund_last_error ? ` (${request.refund_last_error})` : ''}
        </Text>
      )}
      {request.denial_reason && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          Denied: {request.denial_reason}
        </Text>
      )}
      {request.appeal_message && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          <Text span fw={600}>
            Appeal:{' '}
          </Text>
          {request.appeal_message}
        </Text>
      )}
    </Stack>
  );
}
