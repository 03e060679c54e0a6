import {
  Box,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconKey } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FACTS } from '../facts.ts';
import { Eyebrow } from '../page-intro.tsx';

const UP_FRONT = [
  'The price for your time, in dollars, with nothing added at checkout',
  'How far away it is, and the area it is in',
  'Accessibility features, as clearly as the price',
  'Opening hours and what other guests thought',
];

/**
 * The home page's first screen. `search` is the "find a bathroom near…" form; without one the hero
 * leads to an account and the guide instead.
 */
export function HomeHero({ search }: { search?: ReactNode }) {
  return (
    <Box bg="var(--mantine-color-teal-light)" py={{ base: 40, sm: 72 }}>
      <Container size="lg">
        <Grid gap={{ base: 32, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Eyebrow>Private bathrooms by the quarter hour</Eyebrow>
              <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
                A clean, private bathroom nearby, booked in a minute.
              </Title>
              <Text fz={{ base: 'lg', sm: 'xl' }} lh={1.55} maw={620}>
                Privy lets you book a local host&apos;s private bathroom for as little as{' '}
                {FACTS.shortestBookingMinutes} minutes. You see the price, the distance and the accessibility
                features before you book, and the address and door instructions the moment it is confirmed.
              </Text>
              {search}
              <Group gap="sm" display={search ? 'none' : undefined}>
                <Button component={Link} to="/register" size="lg">
                  Create an account
                </Button>
                <Button component={Link} to="/how-it-works" size="lg" variant="default">
                  How it works
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Free to join. You pay only for the time you book.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper radius="lg" p="xl" shadow="md" withBorder>
              <Title order={2} fz="lg" mb="md">
                Before you book, every listing shows
              </Title>
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={24} radius="xl" variant="light" aria-hidden="true">
                    <IconCheck size={16} />
                  </ThemeIcon>
                }
              >
                {UP_FRONT.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
              <Group gap="sm" mt="lg" wrap="nowrap" align="flex-start">
                <ThemeIcon size={36} radius="md" aria-hidden="true">
                  <IconKey size={20} />
                </ThemeIcon>
                <Text size="sm" lh={1.55}>
                  <strong>Once your booking is confirmed</strong>, you get the exact address and the
                  host&apos;s access instructions. Until then, the address stays private.
                </Text>
              </Group>
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
