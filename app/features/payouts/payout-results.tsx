import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatUsd } from '../../../common/money.ts';
import {
  type PayoutOutcome,
  type PayoutOutcomeName,
  type PayoutStatusName,
  SKIP_REASON_TEXT,
} from '../../../common/schemas/payouts.ts';

/** What a "Pay" or "Pay all" did, host by host (ADR 129). */

export const OUTCOME_COLORS: Record<PayoutOutcomeName | PayoutStatusName, string> = {
  paid: 'teal',
  failed: 'red',
  pending: 'yellow',
  skipped: 'gray',
  reversed: 'orange',
};

const OUTCOME_LABELS: Record<PayoutOutcomeName, string> = {
  paid: 'Paid',
  failed: 'Failed',
  pending: 'In flight',
  skipped: 'Skipped',
};

export function outcomeText(result: PayoutOutcome): string {
  if (result.outcome === 'paid') return `Paid ${formatUsd(result.amount_cents)}`;
  if (result.outcome === 'skipped' && result.skip_reason) return SKIP_REASON_TEXT[result.skip_reason];
  if (result.outcome === 'failed') return `Failed: ${result.error ?? 'the provider refused it'}`;
  return 'The provider has not answered yet; it will be asked again with the same key';
}

export function OutcomeBadge({ outcome }: { outcome: PayoutOutcomeName }) {
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="light">
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

export function PayoutResults({
  results,
  names,
}: {
  results: PayoutOutcome[];
  names: Record<string, string>;
}) {
  if (!results.length) return null;
  return (
    <Card withBorder radius="md" p="md" data-testid="payout-results">
      <Stack gap="xs">
        <Text fw={600}>Last run</Text>
        {results.map((result) => (
          <Group
            key={`${result.host_id}-${result.payout_id}`}
            gap="xs"
            wrap="nowrap"
            data-testid="payout-result"
          >
            <OutcomeBadge outcome={result.outcome} />
            <Text size="sm" style={{ minWidth: 0 }}>
              <Text span fw={600}>
                {names[result.host_id] ?? 'Host'}
              </Text>
              : {outcomeText(result)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
