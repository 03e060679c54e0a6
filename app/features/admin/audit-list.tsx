import { Anchor, Badge, Code, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditEntry } from '../../../common/schemas/audit.ts';
import { utcTime } from './admin-dashboard.tsx';

/** Where an entry's target is looked at in the console, for the targets that have a page. */
export function auditTargetHref(entry: Pick<AuditEntry, 'target_type' | 'target_id'>): string | null {
  switch (entry.target_type) {
    case 'user':
      return `/admin/users/${entry.target_id}`;
    case 'property':
      return `/admin/properties/${entry.target_id}`;
    case 'booking':
      return `/bookings/${entry.target_id}`;
    case 'refund_request':
      return '/admin/refund-requests?status=all';
    case 'provider_request':
      return '/admin/provider-requests?status=all';
    case 'payout':
      return '/admin/provider-payout';
    case 'settings':
      return '/admin/settings';
    default:
      return null;
  }
}

function ChangeLine({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <Text size="xs" c="dimmed">
      {label}: <Code fz="xs">{JSON.stringify(value)}</Code>
    </Text>
  );
}

/** Audit entries, newest first: what happened, who did it, when, and what it changed. */
export function AuditList({ entries, testId = 'audit-entries' }: { entries: AuditEntry[]; testId?: string }) {
  return (
    <Stack gap="md" data-testid={testId}>
      {entries.map((entry) => {
        const href = auditTargetHref(entry);
        return (
          <div key={entry.id} data-action={entry.action}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" size="sm" tt="none">
                {entry.action}
              </Badge>
              {href ? (
                <Anchor component={Link} to={href} size="sm" fw={600}>
                  {entry.summary}
                </Anchor>
              ) : (
                <Text size="sm" fw={600}>
                  {entry.summary}
                </Text>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {entry.actor_name} · {utcTime(entry.created_at)}
            </Text>
            {entry.reason ? <Text size="sm">Reason: {entry.reason}</Text> : null}
            <ChangeLine label="Before" value={entry.before} />
            <ChangeLine label="After" value={entry.after} />
          </div>
        );
      })}
    </Stack>
  );
}
