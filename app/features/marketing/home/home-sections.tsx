import {
  Accordion,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCreditCard,
  IconDoorEnter,
  IconLock,
  IconMapPin,
  IconShieldCheck,
  IconSparkles,
  IconWheelchair,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { EXAMPLE, FACTS } from '../facts.ts';
import { FeatureGrid } from '../feature-grid.tsx';
import { Eyebrow } from '../page-intro.tsx';

function SectionHeading({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  return (
    <Stack gap={6} mb="xl" maw={680}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <Title order={2} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      {lead && (
        <Text c="dimmed" fz="lg" lh={1.6}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}

const STEPS = [
  {
    icon: IconMapPin,
    title: 'Find one nearby',
    text: 'Look near where you are or any address. Compare price, distance, ratings and accessibility at a glance.',
  },
  {
    icon: IconCreditCard,
    title: 'Book and pay',
    text: `Pick a start time on the quarter hour, even right now, and a length from ${FACTS.shortestBookingMinutes} minutes to 2 hours. Pay the price shown by card.`,
  },
  {
    icon: IconDoorEnter,
    title: 'Check in and go',
    text: `Your booking shows the address and how to get in. Check in from ${FACTS.checkInMinutesBefore} minutes before your start time, and the door is yours.`,
  },
];

export function HowItWorksSteps() {
  return (
    <Container size="lg" py={{ base: 48, sm: 80 }} component="section" aria-labelledby="steps-title">
      <Stack gap={6} mb="xl" maw={680}>
        <Eyebrow>How it works</Eyebrow>
        <Title order={2} id="steps-title" fz={{ base: 28, sm: 36 }}>
          Three steps from &ldquo;I need one&rdquo; to an open door
        </Title>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
        {STEPS.map((step, index) => (
          <Stack key={step.title} gap="sm">
            <Group gap="sm">
              <ThemeIcon size={48} radius="xl" aria-hidden="true">
                <step.icon size={24} />
              </ThemeIcon>
              <Text fw={800} fz={28} c="dimmed" aria-hidden="true">
                {index + 1}
              </Text>
            </Group>
            <Title order={3} fz="xl">
              {step.title}
            </Title>
            <Text c="dimmed" lh={1.6}>
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/how-it-works" fw={600} mt="xl" display="inline-block">
        Read the full guide for guests and hosts
      </Anchor>
    </Container>
  );
}

export function TrustPoints() {
  return (
    <Box bg="var(--mantine-color-default-hover)" py={{ base: 48, sm: 80 }} component="section">
      <Container size="lg">
        <SectionHeading
          eyebrow="Why Privy"
          title="What every booking can count on"
          lead="A bathroom is personal. These are the promises every listing on Privy keeps."
        />
        <FeatureGrid
          features={[
            {
              icon: IconSparkles,
              title: 'Clean',
              text: 'Cleaned and restocked before every guest, with time set aside between bookings. Guests rate cleanliness after every visit.',
              link: { to: '/standards#cleanliness', label: 'Our cleanliness standard' },
            },
            {
              icon: IconLock,
              title: 'Private',
              text: 'A lockable door, one booking at a time, and never a camera inside. The exact address goes only to the confirmed guest.',
              link: { to: '/standards#privacy', label: 'Our privacy standard' },
            },
            {
              icon: IconShieldCheck,
              title: 'Verified hosts',
              text: 'Every host is reviewed by our team and verified by Stripe, our payments partner, before anyone can book.',
              link: { to: '/safety#verification', label: 'How we verify' },
            },
            {
              icon: IconWheelchair,
              title: 'Accessible, in detail',
              text: 'Step-free access, door widths, grab bars and more, shown as clearly as the price, so you know before you go.',
              link: { to: '/standards#accessibility', label: 'Our accessibility standard' },
            },
          ]}
        />
      </Container>
    </Box>
  );
}

export function PricingAndHosts() {
  return (
    <Container size="lg" py={{ base: 48, sm: 80 }}>
      <Grid gap={{ base: 40, md: 64 }}>
        <Grid.Col span={{ base: 12, md: 6 }} component="section" aria-labelledby="pricing-title">
          <Eyebrow mb={6}>Pricing</Eyebrow>
          <Title order={2} id="pricing-title" fz={{ base: 28, sm: 34 }} mb="md">
            The price you see is the price you pay
          </Title>
          <Stack gap="sm">
            <Text lh={1.7}>
              Hosts set an hourly price between ${FACTS.hourlyPriceMinDollars} and $
              {FACTS.hourlyPriceMaxDollars}. You pay for the minutes you book: {EXAMPLE.minutes} minutes at{' '}
              {EXAMPLE.hourly} an hour is {EXAMPLE.price}. No booking fee, no service fee.
            </Text>
            <List spacing={6}>
              <List.Item>
                Cancel {FACTS.fullRefundMinutesBefore} minutes or more before your start: full refund.
              </List.Item>
              <List.Item>Cancel later than that: {FACTS.lateCancelRefundPercent}% back.</List.Item>
              <List.Item>If your host cancels: always a full refund.</List.Item>
            </List>
            <Anchor component={Link} to="/terms#cancellations" fw={600}>
              Cancellation and refund rules
            </Anchor>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} component="section" aria-labelledby="hosts-title">
          <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} withBorder h="100%">
            <Eyebrow mb={6}>For hosts</Eyebrow>
            <Title order={2} id="hosts-title" fz={{ base: 26, sm: 30 }} mb="md">
              Have a bathroom that sits empty most of the day?
            </Title>
            <Text lh={1.7} mb="sm">
              Cafés, shops, offices and homeowners use Privy to earn from a spare bathroom on their own terms.
              You choose the hours, the price and how long people can stay. Your address is shown only to
              guests with a confirmed booking.
            </Text>
            <Text lh={1.7} mb="lg">
              Privy keeps {FACTS.commissionPercent}% of each booking and pays you the rest through Stripe: on
              a {EXAMPLE.price} booking, you earn {EXAMPLE.hostEarns}.
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/register">
                Create an account
              </Button>
              <Button component={Link} to="/how-it-works#hosts" variant="default">
                How hosting works
              </Button>
            </Group>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

const QUESTIONS = [
  {
    q: 'How long can I book a bathroom for?',
    a: `For ${FACTS.bookingLengths}, starting on the quarter hour. You can book the slot that starts right now, or up to ${FACTS.bookAheadDays} days ahead. Some hosts offer only some lengths.`,
  },
  {
    q: 'Do I need an account?',
    a: 'Yes. An account lets your host know who is coming, keeps your bookings and messages in one place, and lets us help if something goes wrong. It takes an email address or a phone number and a password.',
  },
  {
    q: 'When do I get the address?',
    a: 'As soon as your booking is confirmed, together with the host’s access instructions. Before that, listings show the area and the distance, to protect hosts’ privacy.',
  },
  {
    q: 'What if the bathroom is not as described?',
    a: `Message your host from your booking first. If it cannot be put right, you can request a refund within ${FACTS.refundRequestDays} days of the booking's end, and a person on our team will review it.`,
  },
];

export function HomeQuestions() {
  return (
    <Container size="md" pb={{ base: 48, sm: 80 }} component="section" aria-labelledby="faq-title">
      <Title order={2} id="faq-title" fz={{ base: 26, sm: 32 }} mb="lg">
        Common questions
      </Title>
      <Accordion variant="separated" radius="md" order={3}>
        {QUESTIONS.map((item) => (
          <Accordion.Item key={item.q} value={item.q}>
            <Accordion.Control>
              <Text fw={600} component="span">
                {item.q}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text lh={1.7}>{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Text mt="lg">
        Something else?{' '}
        <Anchor component={Link} to="/contact">
          Write to us
        </Anchor>{' '}
        and a person will answer.
      </Text>
    </Container>
  );
}
