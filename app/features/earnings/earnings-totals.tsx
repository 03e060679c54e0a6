import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import type { EarningsTotals } from '../../../common/schemas/earnings.ts';

const CARDS: { key: keyof EarningsTotals; label: string; hint: string; testId: string }[] = [
  { key: 'pendingCents', label: 'Pending', hint: 'Bookings not over yet', testId: 'total-pending' },
  {
    key: 'payableCents',
    label: 'Payable',
    hint: 'Over, waiting for the next payout',
    testId: 'total-payable',
  },
  { key: 'paidCents', label: 'Paid', hint: 'Sent to your bank account', testId: 'total-paid' },
  {
    key: 'refundedCents',
    label: 'Refunded',
    hint: 'Your share of refunds to guests',
    testId: 'total-refunded',
  },
];

/** The four ledger totals (ADR 128), with what is on its way when a payout is in transit. */
export function EarningsTotalsGrid({ totals }: { totals: EarningsTotals }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder radius="lg" p="md" data-testid={card.testId}>
          <Text size="sm" c="dimmed" fw={500}>
            {card.label}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid={`${card.testId}-amount`}>
            {formatUsd(totals[card.key])}
          </Text>
          <Text size="xs" c="dimmed">
            {card.key === 'paidCents' && totals.inTransitCents > 0
              ? `${formatUsd(totals.inTransitCents)} on its way`
              : card.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
