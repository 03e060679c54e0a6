import { Badge } from '@mantine/core';
import type { PropertyStatus } from '../../../common/schemas/properties.ts';

const LOOK: Record<PropertyStatus, { color: string; label: string }> = {
  draft: { color: 'yellow', label: 'Draft' },
  published: { color: 'teal', label: 'Published' },
  unlisted: { color: 'gray', label: 'Unlisted' },
};

/** `held`: an admin unpublished it (ADR 136), which the host cannot undo. */
export function StatusBadge({ status, held = false }: { status: PropertyStatus; held?: boolean }) {
  const look = held ? { color: 'red', label: 'Unpublished by Privy' } : LOOK[status];
  return (
    <Badge color={look.color} variant="light" data-testid="status-badge">
      {look.label}
    </Badge>
  );
}
