import { Box, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  BUSINESS_SERVICES,
  GUEST_SERVICES,
  HOST_SERVICES,
  PRICING_POINTS,
} from '../../features/marketing/content/services.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { type Feature, FeatureGrid } from '../../features/marketing/feature-grid.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';

export function meta() {
  return pageMeta(
    'Services',
    'What Privy offers guests (private bathrooms on demand), hosts (listings, opening hours and bookings) and businesses (income from a spare restroom, accessible restrooms, teams on the move).',
  );
}

function Audience({
  id,
  title,
  lead,
  features,
}: {
  id: string;
  title: string;
  lead: string;
  features: Feature[];
}) {
  return (
    <Box component="section" aria-labelledby={id} mb={56}>
      <Title order={2} id={id} fz={{ base: 26, sm: 30 }} mb={6}>
        {title}
      </Title>
      <Text c="dimmed" fz="lg" mb="lg" maw={680} lh={1.6}>
        {lead}
      </Text>
      <FeatureGrid features={features} cols={{ base: 1, sm: 2, md: 4 }} />
    </Box>
  );
}

export default function ServicesPage() {
  return (
    <>
      <PageIntro
        eyebrow="Services"
        title="What Privy does for you"
        lead="One marketplace, three kinds of people: guests who need a bathroom now, hosts with one to share, and businesses that want to do either at scale."
      />
      <Audience
        id="guests"
        title="For guests"
        lead="A clean, private bathroom when you need one, without buying a coffee you did not want."
        features={GUEST_SERVICES}
      />
      <Audience
        id="hosts"
        title="For hosts"
        lead="Everything you need to share a bathroom on your own terms."
        features={HOST_SERVICES}
      />
      <Audience
        id="businesses"
        title="For businesses"
        lead="Restrooms are part of how people experience a street. Privy helps businesses open theirs, and helps teams find one."
        features={BUSINESS_SERVICES}
      />
      <Box component="section" aria-labelledby="pricing">
        <Title order={2} id="pricing" fz={{ base: 26, sm: 30 }} mb="lg">
          What it costs
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {PRICING_POINTS.map((point) => (
            <Paper key={point.title} withBorder radius="lg" p="lg">
              <Stack gap="xs">
                <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
                  <point.icon size={22} />
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {point.title}
                </Title>
                <Text lh={1.6}>{point.text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Box>
      <CtaBand
        title="Start with a free account"
        text="Guests and hosts use the same account. Book your first bathroom, or ask to become a host once you are signed in."
        primary={{ to: '/register', label: 'Create an account' }}
        secondary={{ to: '/how-it-works', label: 'How it works' }}
      />
    </>
  );
}
