import { Anchor, Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCircle,
  IconCircleCheckFilled,
  IconShield,
  IconSparkles,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatUsd } from '../../../common/money.ts';
import type { ChecklistItem } from './checklist.ts';

type LedgerTotals = { pendingCents: number; payableCents: number; paidCents: number };

export function ChecklistCard({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((item) => item.done).length;
  const complete = done === items.length;
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="checklist-title">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="h4" id="checklist-title">
          {complete ? 'Your account is all set' : 'Finish setting up your account'}
        </Title>
        <Text size="sm" c="dimmed" data-testid="checklist-progress">
          {done} of {items.length} done
        </Text>
      </Group>
      <Progress value={(done / items.length) * 100} mb="md" aria-label="Account setup progress" />
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group
            key={item.id}
            component="li"
            wrap="nowrap"
            align="flex-start"
            gap="sm"
            data-testid={`check-${item.id}`}
          >
            {item.done ? (
              <IconCircleCheckFilled size={22} color="var(--mantine-color-teal-6)" aria-label="Done" />
            ) : (
              <IconCircle size={22} color="var(--mantine-color-gray-5)" aria-label="To do" />
            )}
            <Stack gap={0} style={{ flex: 1 }}>
              {item.done ? (
                <Text fw={500} c="dimmed">
                  {item.label}
                </Text>
              ) : (
                <Anchor component={Link} to={item.to} fw={600}>
                  {item.label}
                </Anchor>
              )}
              <Text size="sm" c="dimmed">
                {item.hint}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export function HostCard({
  stripeConnected,
  listingCount,
  publishedCount,
  earnings,
}: {
  stripeConnected: boolean;
  listingCount: number;
  publishedCount: number;
  earnings: LedgerTotals | null;
}) {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="host-title">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconBuildingStore size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="host-title">
          Hosting
        </Title>
        <Badge variant="light">Host</Badge>
      </Group>
      <Text data-testid="host-listing-summary">
        {listingCount === 0
          ? 'You have no bathrooms listed yet.'
          : `${listingCount} ${listingCount === 1 ? 'bathroom' : 'bathrooms'}, ${publishedCount} published.`}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        Guests decide who to book with by the host's name and photo, so keep your profile current before your
        first listing goes live. Payouts account:{' '}
        <Text span fw={500} c={stripeConnected ? 'teal' : 'yellow.8'}>
          {stripeConnected ? 'linked' : 'not linked yet'}
        </Text>
        .
      </Text>
      {earnings && (
        <Group gap="lg" mt="sm" data-testid="dashboard-earnings" aria-label="Your earnings">
          {(
            [
              ['Pending', earnings.pendingCents],
              ['Payable', earnings.payableCents],
              ['Paid', earnings.paidCents],
            ] as const
          ).map(([label, cents]) => (
            <Stack key={label} gap={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={600}>{formatUsd(cents)}</Text>
            </Stack>
          ))}
        </Group>
      )}
      <Group gap="sm" mt="md">
        <Button component={Link} to="/manage/properties" variant="light">
          My bathrooms
        </Button>
        <Button component={Link} to="/earnings" variant="default">
          Earnings
        </Button>
        <Button component={Link} to="/manage/add-property" variant="default">
          Add a bathroom
        </Button>
      </Group>
    </Paper>
  );
}

export function GuestCard() {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="guest-title">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md">
          <IconSparkles size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="guest-title">
          Before your first booking
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        Bookings start on the quarter hour and last from 15 minutes to 2 hours. Learn how it works, and what
        every host promises.
      </Text>
      <Group gap="sm" mt="md">
        <Button component={Link} to="/how-it-works" variant="light">
          How it works
        </Button>
        <Button component={Link} to="/safety" variant="default">
          Safety
        </Button>
      </Group>
    </Paper>
  );
}

export function AdminCard() {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-labelledby="admin-title">
      <Group gap="sm" mb="xs">
        <ThemeIcon variant="light" size="lg" radius="md" color="grape">
          <IconShield size={20} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="admin-title">
          Admin
        </Title>
      </Group>
      <Text size="sm" c="dimmed">
        Account figures, sign-ups and the newest members.
      </Text>
      <Button component={Link} to="/admin" variant="light" color="grape" mt="md">
        Open the admin area
      </Button>
    </Paper>
  );
}
