import { Accordion, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatUsd } from '../../../common/money.ts';
import type { EarningsPayout } from '../../../common/schemas/earnings.ts';
import { formatWallClock } from '../../../common/wall-clock.ts';

const PAYOUT_LABELS: Record<EarningsPayout['status'], { label: string; color: string }> = {
  pending: { label: 'On its way', color: 'yellow' },
  paid: { label: 'Paid', color: 'teal' },
  failed: { label: 'Failed: will be retried', color: 'red' },
  reversed: { label: 'Reversed', color: 'orange' },
};

/** The host's latest payouts, each with the bookings whose earnings it carried. */
export function EarningsPayouts({ payouts, timeZone }: { payouts: EarningsPayout[]; timeZone: string }) {
  // A payout's bookings are drawn when it is opened: ten closed payouts cost no render of their lines.
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="payouts-title">
      <Title order={2} fz="h4" id="payouts-title" mb={4}>
        Payouts
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Earnings become payable when a booking is over. Privy sends everything payable in one transfer to your
        Stripe account; a refund after a payout is taken from the next one.
      </Text>
      {payouts.length === 0 ? (
        <Text c="dimmed" data-testid="no-payouts">
          No payouts yet. Your first one goes out once you have payable earnings and a linked Stripe account.
        </Text>
      ) : (
        <Accordion
          variant="separated"
          radius="md"
          data-testid="earnings-payouts"
          value={open}
          onChange={setOpen}
        >
          {payouts.map((payout) => {
            const status = PAYOUT_LABELS[payout.status];
            return (
              <Accordion.Item key={payout.id} value={payout.id} data-testid="earnings-payout">
                <Accordion.Control>
                  <Group justify="space-between" wrap="wrap" gap="xs" pr="xs">
                    <Stack gap={0}>
                      <Text fw={600}>{formatUsd(payout.amountCents)}</Text>
                      <Text size="xs" c="dimmed">
                        {formatWallClock(payout.sentAt ?? payout.createdAt, timeZone)}
                      </Text>
                    </Stack>
                    <Badge variant="light" color={status.color}>
                      {status.label}
                    </Badge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {open === payout.id && (
                    <Stack gap={6}>
                      {payout.bookings.map((line) => (
                        <Group key={line.bookingId} justify="space-between" wrap="nowrap" gap="sm">
                          <Text size="sm">
                            {line.bathroomTitle}
                            <Text span size="xs" c="dimmed">
                              {' · '}
                              {formatWallClock(line.startsAt, timeZone)}
                            </Text>
                          </Text>
                          <Text size="sm" fw={500}>
                            {formatUsd(line.amountCents)}
                          </Text>
                        </Group>
                      ))}
                      {payout.bookingCount > payout.bookings.length && (
                        <Text size="xs" c="dimmed">
                          and {payout.bookingCount - payout.bookings.length} more bookings: the CSV lists each
                          with its payout.
                        </Text>
                      )}
                    </Stack>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
    </Paper>
  );
}
