import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { AccountStatus, AdminAccount } from '../../../common/schemas/profile.ts';

export type OverviewCounts = {
  users: number;
  providers: number;
  admins: number;
  disabled: number;
  under_review: number;
  recent_signups: number;
};

const STATUS: Record<AccountStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  under_review: { label: 'Under review', color: 'yellow' },
  disabled: { label: 'Disabled', color: 'red' },
};

// Dates are shown in UTC so the server's render and the browser's agree.
const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" striped highlightOnHover data-testid="newest-accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        src={account.profile_picture_url}
                        alt={account.name}
                        size="sm"
                        radius="xl"
                        color="teal"
                      >
                        {account.name.slice(0, 1).toUpperCase()}
                      </Avatar>
                      <Text size="sm" fw={500}>
                        {account.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {account.email && (
                        <Text size="sm">
                          {account.email}
                          {!account.email_verified && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (unverified)
                            </Text>
                          )}
                        </Text>
                      )}
                      {account.phone_number && <Text size="sm">{account.phone_number}</Text>}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {account.is_admin && (
                        <Badge size="sm" color="grape" variant="light">
                          Admin
                        </Badge>
                      )}
                      {account.is_provider && (
                        <Badge size="sm" variant="light">
                          Host
                        </Badge>
                      )}
                      {!account.is_admin && !account.is_provider && (
                        <Badge size="sm" color="gray" variant="light">
                          Guest
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" color={STATUS[account.status].color} variant="dot">
                      {STATUS[account.status].label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{joined.format(new Date(account.created_at))}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
