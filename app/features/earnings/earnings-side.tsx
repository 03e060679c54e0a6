import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { monthLabel } from './months.ts';

/** The payout account's state (spec §4) and where to manage it. */
export function ConnectCard({ linked }: { linked: boolean }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="connect-title">
      <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
        <Title order={2} fz="h4" id="connect-title">
          Payout account
        </Title>
        <Badge variant="light" color={linked ? 'teal' : 'yellow'} data-testid="connect-status">
          {linked ? 'Stripe linked' : 'Not linked'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {linked
          ? 'Payouts go to your linked Stripe account. Change your bank details there.'
          : 'Link a Stripe account to receive payouts. Until then your earnings wait as payable.'}
      </Text>
      <Button component={Link} to="/manage/stripe-connect" variant={linked ? 'default' : 'filled'}>
        {linked ? 'Manage payout account' : 'Link your Stripe account'}
      </Button>
    </Paper>
  );
}

/** The CSV of every booking, and a printable statement for each month with bookings. */
export function ExportsCard({ months }: { months: string[] }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="exports-title">
      <Title order={2} fz="h4" id="exports-title" mb={4}>
        Records
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        For your bookkeeping and tax time: every booking as a spreadsheet, or a statement per month to print
        or save as PDF.
      </Text>
      <Button
        component="a"
        href="/api/earnings.csv"
        download
        variant="light"
        leftSection={<IconDownload size={18} />}
        data-testid="download-csv"
      >
        Download CSV
      </Button>
      {months.length > 0 && (
        <Stack gap={4} mt="md">
          <Text size="sm" fw={500}>
            Monthly statements
          </Text>
          <List spacing={4} size="sm" icon={<IconPrinter size={16} />} data-testid="statement-links">
            {months.slice(0, 12).map((month) => (
              <List.Item key={month}>
                <Anchor component={Link} to={`/earnings/statements/${month}`}>
                  {monthLabel(month)}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Paper>
  );
}

/** What someone who is not a host sees at /earnings: how to become one. */
export function BecomeHostCard() {
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} mx="auto" data-testid="earnings-not-host">
      <Title order={1} mb="xs">
        Earn from your bathroom
      </Title>
      <Text mb="md">
        Earnings are for hosts. Once you host on Privy, this page shows what each booking earned you, what is
        pending and payable, and every payout to your bank account.
      </Text>
      <List spacing="xs" mb="lg">
        <List.Item>Apply to become a host: it takes a minute, and an admin reviews it.</List.Item>
        <List.Item>List your bathroom with your hours and hourly price.</List.Item>
        <List.Item>Link a Stripe account so Privy can pay you.</List.Item>
      </List>
      <Group gap="sm">
        <Button component={Link} to="/become-a-provider">
          Become a host
        </Button>
        <Button component={Link} to="/earn-money-bathroom" variant="default">
          Estimate your earnings
        </Button>
      </Group>
    </Paper>
  );
}
