import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * "26–50 of 73" with Previous and Next as plain links, so paging works before hydration and keeps
 * the rest of the query (the caller builds each page's href).
 */
export function ListPager({
  page,
  pageSize,
  total,
  hrefFor,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const hasPrevious = page > 1;
  const hasNext = last < total;
  return (
    <Group justify="space-between" component="nav" aria-label="Pages">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {first > total ? `Nothing on page ${page}` : `${first}–${last} of ${total.toLocaleString('en-US')}`}
      </Text>
      <Group gap="md">
        {hasPrevious && (
          <Anchor component={Link} to={hrefFor(page - 1)} size="sm" fw={500} rel="prev">
            ← Previous
          </Anchor>
        )}
        {hasNext && (
          <Anchor component={Link} to={hrefFor(page + 1)} size="sm" fw={500} rel="next">
            Next →
          </Anchor>
        )}
      </Group>
    </Group>
  );
}
