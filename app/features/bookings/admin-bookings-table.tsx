import { Anchor, Button, Group, Popover, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminBooking } from '../../../common/schemas/admin.ts';
import { BookingStatusBadge, bookingSpan, formatUsd } from './booking-status.tsx';

const CANCELLABLE = new Set(['pending_payment', 'confirmed']);

function CancelButton({ booking, onCancel }: { booking: AdminBooking; onCancel: () => void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button size="xs" color="red" variant="light" onClick={() => setOpened((o) => !o)}>
          Cancel
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={300}>
        <Stack gap="xs">
          <Text size="sm">
            Cancel this booking for Privy? {booking.guest_name} gets a full refund
            {booking.amount_paid_cents > 0 ? ` of ${formatUsd(booking.amount_paid_cents)}` : ''}, and both
            sides are told.
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Keep it
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                onCancel();
              }}
            >
              Cancel with full refund
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

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
                  {booking.amount_refunded_cents > 0 &&
                    `, refunded ${formatUsd(booking.amount_refunded_cents)}`}
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
                  {CANCELLABLE.has(booking.status) &&
                    (busyId === booking.id ? (
                      <Button size="xs" color="red" variant="light" loading>
                        Cancel
                      </Button>
                    ) : (
                      <CancelButton booking={booking} onCancel={() => onCancel(booking)} />
                    ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
