import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import type { AffectedBooking, BlackoutView } from '../../../common/schemas/blackouts.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';
import type { BlackoutActionData } from './blackout-types.ts';

/** Pieces shared by /blackout and /manage/blackout-dates (ADR 094). */

export const zonedRange = (startsAt: string, endsAt: string, timezone: string) =>
  `${formatWallClock(startsAt, timezone, { zoneName: true })} – ${formatWallClock(endsAt, timezone, { zoneName: true })}`;

/** The outcome of the last save or removal, said plainly. */
export function BlackoutResult({ data }: { data: BlackoutActionData | undefined }) {
  if (!data || data.kind === 'confirm') return null;
  if (data.kind === 'error') {
    return (
      <Alert color="red" role="alert" data-testid="blackout-error">
        {data.message}
      </Alert>
    );
  }
  if (data.kind === 'removed') {
    return (
      <Alert color="teal" role="status">
        Blackout removed. Guests can book that time again.
      </Alert>
    );
  }
  const count = data.cancelled.length;
  return (
    <Alert color="teal" role="status" data-testid="blackout-saved">
      Blocked {zonedRange(data.blackout.starts_at, data.blackout.ends_at, data.timezone)}.{' '}
      {count === 0
        ? 'No bookings were affected.'
        : `${count === 1 ? 'One booking was' : `${count} bookings were`} cancelled with a full refund, and the ${count === 1 ? 'guest has' : 'guests have'} been told.`}
    </Alert>
  );
}

function AffectedTable({ bookings, timezone }: { bookings: AffectedBooking[]; timezone: string }) {
  return (
    <Table verticalSpacing="xs" data-testid="blackout-affected">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Guest</Table.Th>
          <Table.Th>Booking</Table.Th>
          <Table.Th>Refunded</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {bookings.map((booking) => (
          <Table.Tr key={booking.booking_id}>
            <Table.Td>{booking.guest_first_name}</Table.Td>
            <Table.Td>{zonedRange(booking.starts_at, booking.ends_at, timezone)}</Table.Td>
            <Table.Td>
              {booking.status === 'pending_payment' ? 'Unpaid hold' : formatUsd(booking.refund_cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The preview step: the bookings the blackout would cancel, before anything is written. */
export function BlackoutConfirmDialog({ data }: { data: BlackoutActionData | undefined }) {
  const [open, setOpen] = useState(data?.kind === 'confirm');
  useEffect(() => setOpen(data?.kind === 'confirm'), [data]);
  const busy = useNavigation().state !== 'idle';
  if (data?.kind !== 'confirm') return null;
  const total = data.bookings.reduce((sum, booking) => sum + booking.refund_cents, 0);
  const count = data.bookings.length;
  return (
    <Modal
      opened={open}
      onClose={() => setOpen(false)}
      title={`${count === 1 ? 'One booking' : `${count} bookings`} inside this time`}
      size="lg"
    >
      <Stack gap="md">
        <Text>
          Blocking {zonedRange(data.input.startsAt, data.input.endsAt, data.timezone)} cancels{' '}
          {count === 1 ? 'this booking' : 'these bookings'}. Each guest gets everything they paid back
          {total > 0 ? ` (${formatUsd(total)} in all)` : ''} and is told why.
        </Text>
        <AffectedTable bookings={data.bookings} timezone={data.timezone} />
        <Form method="post">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="confirm" value="yes" />
          <input type="hidden" name="bathroomId" value={data.input.bathroomId} />
          <input type="hidden" name="startsAt" value={data.input.startsAt} />
          <input type="hidden" name="endsAt" value={data.input.endsAt} />
          <input type="hidden" name="reason" value={data.input.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Keep the bookings
            </Button>
            <Button type="submit" color="red" loading={busy}>
              Block and cancel {count === 1 ? 'it' : 'them'}
            </Button>
          </Group>
        </Form>
      </Stack>
    </Modal>
  );
}

/** A bathroom's blackouts; upcoming and ongoing ones can be removed. */
export function BlackoutTable({
  blackouts,
  timezone,
  removable,
  label,
}: {
  blackouts: BlackoutView[];
  timezone: string;
  removable: boolean;
  label: string;
}) {
  const busy = useNavigation().state !== 'idle';
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When ({timezone})</Table.Th>
            <Table.Th>Reason</Table.Th>
            {removable && <Table.Th>Remove</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {blackouts.map((blackout) => (
            <Table.Tr key={blackout.id} data-testid="blackout-row">
              <Table.Td>
                {zonedRange(blackout.starts_at, blackout.ends_at, timezone)}
                {blackout.state === 'ongoing' && (
                  <Text span c="orange" fw={600} ml="xs">
                    now
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{blackout.reason || '—'}</Table.Td>
              {removable && (
                <Table.Td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="blackoutId" value={blackout.id} />
                    <Button
                      type="submit"
                      size="xs"
                      variant="default"
                      disabled={busy}
                      aria-label={`Remove the blackout ${zonedRange(blackout.starts_at, blackout.ends_at, timezone)}`}
                    >
                      Remove
                    </Button>
                  </Form>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
