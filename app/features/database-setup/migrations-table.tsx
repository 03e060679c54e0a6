import { Code, Table, Text, Tooltip } from '@mantine/core';
import type { MigrationCheck, MigrationStatus } from '../../../common/schemas/database-setup.ts';

const CHECKS: Record<MigrationCheck, { label: string; color: string; hint: string }> = {
  match: {
    label: 'Matches',
    color: 'teal',
    hint: 'The file is the one that ran (sha256 recorded when it ran).',
  },
  changed: {
    label: 'Changed',
    color: 'red',
    hint: 'The file differs from the one recorded. Migrations are frozen: restore it, add a new one instead.',
  },
  first_seen: {
    label: 'Seen later',
    color: 'gray',
    hint: 'It ran before checksums were kept; the checksum was recorded when this page first saw the file, so it only shows later edits.',
  },
  pending: {
    label: 'Pending',
    color: 'orange',
    hint: 'This code has the migration; the database has not run it yet.',
  },
  unknown: {
    label: 'Not in code',
    color: 'red',
    hint: 'The database ran a migration this code does not have.',
  },
  unreadable: {
    label: 'No source',
    color: 'orange',
    hint: 'The migration file is not on disk to check.',
  },
};

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

export function MigrationsTable({ migrations }: { migrations: MigrationStatus[] }) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped data-testid="migrations-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Migration and when it ran</Table.Th>
            <Table.Th>Check</Table.Th>
            <Table.Th visibleFrom="sm">sha256 of the file</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {migrations.map((migration) => {
            const check = CHECKS[migration.check];
            return (
              <Table.Tr key={migration.name} data-check={migration.check}>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {migration.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {migration.appliedAt ? `Applied ${when(migration.appliedAt)}` : 'Not applied yet'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={check.hint} multiline w={260} withArrow>
                    <Text size="xs" fw={700} c={check.color} tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
                      {check.label}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Code title={migration.fileSha256 ?? undefined}>
                    {migration.fileSha256 ? migration.fileSha256.slice(0, 12) : '—'}
                  </Code>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
