import { Anchor, Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { displayPhoneNumber } from '../../../common/phone.ts';
import type { AccountStatus, AdminAccount } from '../../../common/schemas/profile.ts';

export const ACCOUNT_STATUS: Record<AccountStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  under_review: { label: 'Under review', color: 'yellow' },
  disabled: { label: 'Disabled', color: 'red' },
};

// Dates are shown in UTC so the server's render and the browser's agree.
const joined = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** Accounts as the admin area lists them: who, how to reach them, roles, status, joined. */
export function AccountsTable({
  accounts,
  testId,
  actions,
}: {
  accounts: AdminAccount[];
  testId: string;
  /** A last column of controls per account (the users page); the overview has none. */
  actions?: (account: AdminAccount) => ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Joined</Table.Th>
            {actions && <Table.Th>Actions</Table.Th>}
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
                  <Anchor component={Link} to={`/admin/users/${account.id}`} size="sm" fw={500}>
                    {account.name}
                  </Anchor>
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
                  {account.phone_number && <Text size="sm">{displayPhoneNumber(account.phone_number)}</Text>}
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
                <Badge size="sm" color={ACCOUNT_STATUS[account.status].color} variant="dot">
                  {ACCOUNT_STATUS[account.status].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{joined.format(new Date(account.created_at))}</Text>
              </Table.Td>
              {actions && <Table.Td>{actions(account)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
