import {
  Alert,
  Button,
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
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import {
  BEYOND_THE_CHECKBOXES,
  EXAMPLE_FILTER_HREF,
  FINDING_STEPS,
  GUIDED_FEATURES,
  HONESTY_POINTS,
} from '../../features/marketing/landing/accessible-content.ts';
import { useHostCta } from '../../features/marketing/landing/host-cta.ts';
import { landingMeta } from '../../features/marketing/landing/landing-meta.ts';
import { LandingSection } from '../../features/marketing/landing/landing-section.tsx';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import { FEATURE_ICONS } from '../../ui/feature-icon.tsx';
import type { Route } from './+types/accessible-bathroom-provider';

export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.get(servicesContext).config.appUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({
    title: 'Host an accessible bathroom',
    description:
      'List an accessible bathroom on Privy: what step-free entrance, grab bars, a 32-inch door, a roll-in shower and the other features mean, how guests filter for them, and how to describe yours honestly.',
    path: '/accessible-bathroom-provider',
    appUrl: loaderData?.appUrl,
  });
}

export default function AccessibleBathroomProviderPage() {
  const cta = useHostCta();
  return (
    <>
      <PageIntro
        eyebrow="Accessible hosting"
        title="Host an accessible bathroom"
        lead="For a wheelchair user, a parent with a stroller or someone recovering from surgery, a bathroom they cannot get into is no bathroom at all. If yours works for them, say so clearly, and the guests who need it will find it."
      >
        <Group gap="sm" mt="sm">
          <Button component={Link} to={cta.to} size="md">
            {cta.label}
          </Button>
          <Button component={Link} to={EXAMPLE_FILTER_HREF} size="md" variant="default">
            See the search filters
          </Button>
        </Group>
      </PageIntro>

      <LandingSection
        id="features"
        eyebrow="The features"
        title="What each accessibility feature means on Privy"
        lead="A listing can show any of these. Tick one only when your bathroom meets the description, all the way from the street."
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {GUIDED_FEATURES.map((feature) => {
            const FeatureIcon = FEATURE_ICONS[feature.icon];
            return (
              <Paper key={feature.id} withBorder radius="lg" p="lg" data-testid={`feature-${feature.id}`}>
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                    <FeatureIcon size={24} stroke={1.7} />
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {feature.label}
                  </Title>
                  <Text c="dimmed" lh={1.6}>
                    {feature.guidance}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </LandingSection>

      <LandingSection
        id="beyond"
        eyebrow="Small things, big difference"
        title="Beyond the checkboxes"
        lead="Not every detail has a filter, but guests notice every one. Mention these in your description when they are true."
      >
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <List spacing="sm" lh={1.6}>
            {BEYOND_THE_CHECKBOXES.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Paper>
      </LandingSection>

      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LandingSection id="finding" eyebrow="Search" title="How guests find you">
            <List type="ordered" spacing="sm" lh={1.6}>
              {FINDING_STEPS.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
            <Button component={Link} to={EXAMPLE_FILTER_HREF} variant="light" mt="lg">
              Try a step-free search
            </Button>
          </LandingSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <LandingSection id="honesty" eyebrow="Accuracy" title="Describe it honestly">
            <List spacing="sm" lh={1.6}>
              {HONESTY_POINTS.map((point) => (
                <List.Item key={point}>{point}</List.Item>
              ))}
            </List>
          </LandingSection>
        </Grid.Col>
      </Grid>

      <Alert
        color="blue"
        variant="light"
        title="Informed by the ADA, not a legal assessment"
        icon={<IconInfoCircle aria-hidden="true" />}
      >
        The measurements on this page come from the 2010 ADA Standards for Accessible Design, which we use as
        a yardstick for what guests can expect. Ticking a feature on Privy does not make a bathroom
        ADA-compliant, and Privy does not inspect or certify compliance. Whether the ADA or local building
        codes apply to your premises is a question for a qualified professional.
      </Alert>

      <CtaBand
        title="Share a bathroom that works for everyone"
        text="Apply to host, then tick the features your bathroom really has. Guests who filter for them will see yours."
        primary={cta}
        secondary={{ to: '/standards#accessibility', label: 'Our accessibility standards' }}
      />
    </>
  );
}
