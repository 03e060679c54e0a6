import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AdminAccount } from '../../../common/schemas/profile.ts';
import { AccountsTable } from './accounts-table.tsx';

export type OverviewCounts = {
  users: number;
  providers: number;
  admins: number;
  disabled: number;
  under_review: number;
  recent_signups: number;
};

function Stat({ label, value, id }: { label: string; value: number; id: string }) {
  return (
    <Paper withBorder p="md" radius="lg">
      <Text size="sm" c="dimmed" id={`stat-${id}`}>
        {label}
      </Text>
      <Text fz={32} fw={750} lh={1.2} aria-labelledby={`stat-${id}`} data-testid={`stat-${id}`}>
        {value.toLocaleString('en-US')}
      </Text>
    </Paper>
  );
}

export function OverviewStats({ counts, days }: { counts: OverviewCounts; days: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} component="section" aria-label="Account figures">
      <Stat id="users" label="Users" value={counts.users} />
      <Stat id="providers" label="Hosts" value={counts.providers} />
      <Stat id="admins" label="Admins" value={counts.admins} />
      <Stat id="recent-signups" label={`Sign-ups, last ${days} days`} value={counts.recent_signups} />
      <Stat id="under-review" label="Under review" value={counts.under_review} />
      <Stat id="disabled" label="Disabled" value={counts.disabled} />
    </SimpleGrid>
  );
}

export function NewestAccounts({ accounts }: { accounts: AdminAccount[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="newest-title">
      <Title order={2} fz="h4" id="newest-title" mb="md">
        Newest accounts
      </Title>
      {accounts.length === 0 ? (
        <Text c="dimmed">Nobody has signed up yet. New accounts appear here as soon as they register.</Text>
      ) : (
        <AccountsTable accounts={accounts} testId="newest-accounts" />
      )}
    </Paper>
  );
}
