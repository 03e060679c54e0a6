import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import type { AdminBooking } from '../../../common/schemas/admin.ts';
import { ConfirmButton } from '../../ui/confirm-button.tsx';
import { BookingStatusBadge, bookingSpan } from './booking-status.tsx';
import { refundNote } from './refund-summary.ts';

const CANCELLABLE = new Set(['pending_payment', 'confirmed']);

/** Every booking as admins see it: when, where, who, state and money, with a way in and out. */
export function AdminBookingsTable({
  bookings,
  busyId,
  onCancel,
}: {
  bookings: AdminBooking[];
  busyId: string | null;
  onCancel: (booking: AdminBooking) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="admin-bookings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When (bathroom’s time)</Table.Th>
            <Table.Th>Bathroom</Table.Th>
            <Table.Th>Guest</Table.Th>
            <Table.Th>Host</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Money</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((booking) => (
            <Table.Tr key={booking.id} data-testid="admin-booking-row">
              <Table.Td>
                <Text size="sm">{bookingSpan(booking)}</Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/bathrooms/${booking.bathroom_id}`} size="sm">
                  {booking.bathroom_title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {booking.city}, {booking.state_code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/profile/${booking.guest_id}`} size="sm">
                  {booking.guest_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/profile/${booking.host_id}`} size="sm">
                  {booking.host_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <BookingStatusBadge status={booking.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatUsd(booking.price_cents)}</Text>
                <Text size="xs" c="dimmed">
                  paid {formatUsd(booking.amount_paid_cents)}
                  {refundNote(booking)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    component={Link}
                    to={`/bookings/${booking.id}`}
                    size="xs"
                    variant="default"
                    aria-label={`Open the booking at ${booking.bathroom_title}`}
                  >
                    Open
                  </Button>
                  {CANCELLABLE.has(booking.status) && (
                    <ConfirmButton
                      label="Cancel"
                      question={`Cancel this booking for Privy? ${booking.guest_name} gets a full refund${
                        booking.amount_paid_cents > 0 ? ` of ${formatUsd(booking.amount_paid_cents)}` : ''
                      }, and both sides are told.`}
                      keepLabel="Keep it"
                      confirmLabel="Cancel with full refund"
                      loading={busyId === booking.id}
                      onConfirm={() => onCancel(booking)}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
