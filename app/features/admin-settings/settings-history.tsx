import { Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AuditEntry } from '../../../common/schemas/audit.ts';
import { FIELD_META, formatSetting, type SettingField } from './setting-fields.ts';

/**
 * The history of changes on /admin/settings, read from the audit log (ADR 133, 140): one source of
 * truth, written in the same transaction as each change.
 */

const isField = (key: string): key is SettingField => key in FIELD_META;

function changes(entry: AuditEntry): { field: SettingField; before: unknown; after: unknown }[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .filter(isField)
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

export function SettingsHistory({ entries }: { entries: AuditEntry[] }) {
  return (
    <Card
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="history-title"
    >
      <Title order={2} fz="h4" id="history-title" mb="xs">
        History
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="settings-history-empty">
          No changes yet: Privy runs on its defaults. Each change you save is listed here with who made it.
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          data-testid="settings-history"
        >
          {entries.map((entry) => (
            <li key={entry.id} data-testid="settings-history-entry">
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {new Date(entry.created_at).toLocaleString('en-US', {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </Text>
                <Text size="sm" c="dimmed">
                  by {entry.actor_name}
                </Text>
              </Group>
              <Stack gap={4} mt={4}>
                {changes(entry).map(({ field, before, after }) => (
                  <Group key={field} gap={6} wrap="wrap">
                    <Text size="sm">{FIELD_META[field].label}:</Text>
                    <Badge variant="light" color="gray" tt="none">
                      {formatSetting(field, before)}
                    </Badge>
                    <Text size="sm" aria-hidden>
                      →
                    </Text>
                    <VisuallyHidden>changed to</VisuallyHidden>
                    <Badge variant="light" tt="none">
                      {formatSetting(field, after)}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
