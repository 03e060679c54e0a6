import { Group, Rating, Text } from '@mantine/core';
import {
  formatRating,
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  reviewCountLabel,
} from '../../../common/reviews.ts';
import type { RatingSummary } from '../../../common/schemas/reviews.ts';

/** Read-only stars with the figure beside them, so the number is never only a picture. */
export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Rating value={value} fractions={2} readOnly size="sm" aria-hidden />
      <Text size="sm" fw={600}>
        {label ?? `${formatRating(value)} out of 5`}
      </Text>
    </Group>
  );
}

/** A bathroom's average, count and category averages (listing page). */
export function RatingSummaryView({ summary }: { summary: RatingSummary }) {
  if (summary.average === null)
    return (
      <Text c="dimmed" data-testid="rating-summary">
        No reviews yet. Guests review after their visit.
      </Text>
    );
  return (
    <Group gap="xl" align="flex-start" data-testid="rating-summary" wrap="wrap">
      <div>
        <Text fz={32} fw={700} lh={1} data-testid="rating-average">
          {formatRating(summary.average)}
        </Text>
        <Text size="sm" c="dimmed">
          {reviewCountLabel(summary.count)}
        </Text>
      </div>
      <Group gap="lg" wrap="wrap">
        {REVIEW_CATEGORIES.map((category) => (
          <div key={category}>
            <Text size="sm" c="dimmed">
              {REVIEW_CATEGORY_LABELS[category]}
            </Text>
            <Text fw={600}>{formatRating(summary[category]) ?? '–'}</Text>
          </div>
        ))}
      </Group>
    </Group>
  );
}
