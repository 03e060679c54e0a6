import { Anchor, Button, Group, List, Paper, Table, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GUEST_STEPS } from '../../features/marketing/content/how-it-works.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { FeatureGrid } from '../../features/marketing/feature-grid.tsx';
import { GuideSteps } from '../../features/marketing/guide-steps.tsx';
import {
  COMPARISON_ROWS,
  HYGIENE_POINTS,
  WHO_BOOKS,
} from '../../features/marketing/landing/guest-content.ts';
import { landingMeta } from '../../features/marketing/landing/landing-meta.ts';
import { LandingSection } from '../../features/marketing/landing/landing-section.tsx';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/private-restroom-sharing';

export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.get(servicesContext).config.appUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({
    title: 'Private restroom sharing: book a clean bathroom nearby',
    description:
      'Skip the public restroom. Book a clean, private bathroom from a local host for 15 minutes to 2 hours, pay the price shown, and get a door that locks, cleaned before every guest.',
    path: '/private-restroom-sharing',
    appUrl: loaderData?.appUrl,
  });
}

export default function PrivateRestroomSharingPage() {
  return (
    <>
      <PageIntro
        eyebrow="For guests"
        title="A private bathroom beats a public restroom"
        lead="Privy hosts share their own bathrooms, at home or at work, with people nearby who need one. Book a clean, private room for as long as you need it, and have the door to yourself."
      >
        <Group gap="sm" mt="sm">
          <Button component={Link} to="/bathrooms" size="md">
            Find a bathroom nearby
          </Button>
          <Button component={Link} to="/how-it-works" size="md" variant="default">
            How Privy works
          </Button>
        </Group>
      </PageIntro>

      <LandingSection
        id="private-or-public"
        eyebrow="The difference"
        title="Private or public: what changes"
        lead="A public restroom is there when it is open, clean and unoccupied. A Privy bathroom is there when you booked it."
      >
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="18%">
                    <VisuallyHidden>What</VisuallyHidden>
                  </Table.Th>
                  <Table.Th scope="col">A public restroom</Table.Th>
                  <Table.Th scope="col">A Privy bathroom</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {COMPARISON_ROWS.map(([topic, publicRestroom, privy]) => (
                  <Table.Tr key={topic}>
                    <Table.Th scope="row">{topic}</Table.Th>
                    <Table.Td c="dimmed">{publicRestroom}</Table.Td>
                    <Table.Td fw={500}>{privy}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </LandingSection>

      <LandingSection
        id="who-books"
        eyebrow="Who it is for"
        title="For anyone who cannot wait, or would rather not"
      >
        <FeatureGrid features={WHO_BOOKS} />
      </LandingSection>

      <LandingSection
        id="how-booking-works"
        eyebrow="Booking"
        title="How booking works"
        lead="From search to an open door in about a minute, on your phone."
      >
        <GuideSteps steps={GUEST_STEPS} label="Steps to book a bathroom" />
      </LandingSection>

      <LandingSection
        id="hygiene"
        eyebrow="Hygiene"
        title="Clean, every time, or we make it right"
        lead="Every bathroom is held to the same published standards."
      >
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <List
            spacing="sm"
            lh={1.6}
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" aria-hidden="true">
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {HYGIENE_POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Anchor component={Link} to="/standards" fw={600} size="sm" mt="md" display="inline-block">
            Read the listing standards
          </Anchor>
        </Paper>
      </LandingSection>

      <CtaBand
        title="Need one now?"
        text="Search near where you are and see each bathroom's price and distance before you book. The slot that starts now counts."
        primary={{ to: '/bathrooms', label: 'Find a bathroom nearby' }}
        secondary={{ to: '/register', label: 'Create a free account' }}
      />
    </>
  );
}
