import { Badge } from '@mantine/core';
import type { PropertyStatus } from '../../../common/schemas/properties.ts';

const LOOK: Record<PropertyStatus, { color: string; label: string }> = {
  draft: { color: 'yellow', label: 'Draft' },
  published: { color: 'teal', label: 'Published' },
  unlisted: { color: 'gray', label: 'Unlisted' },
};

export function StatusBadge({ status }: { status: PropertyStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light" data-testid="status-badge">
      {look.label}
    </Badge>
  );
}
