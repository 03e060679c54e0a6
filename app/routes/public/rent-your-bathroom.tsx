import { Accordion, Anchor, Button, Group, List, Paper, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { FeatureGrid } from '../../features/marketing/feature-grid.tsx';
import { GuideSteps } from '../../features/marketing/guide-steps.tsx';
import { useHostCta } from '../../features/marketing/landing/host-cta.ts';
import {
  CONTROL_ROWS,
  HOST_CANCELLATION_POINTS,
  HOSTING_QUESTIONS,
  HOSTING_STEPS,
  TRUST_POINTS,
  WHY_HOST,
} from '../../features/marketing/landing/hosting-content.ts';
import { landingMeta } from '../../features/marketing/landing/landing-meta.ts';
import { LandingSection } from '../../features/marketing/landing/landing-section.tsx';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/rent-your-bathroom';

export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.get(servicesContext).config.appUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({
    title: 'Rent your bathroom',
    description:
      'Rent out your spare bathroom by the quarter hour on Privy. You set the hours, the price ($1 to $200 an hour), the booking lengths and the house rules; guests pay before they arrive.',
    path: '/rent-your-bathroom',
    appUrl: loaderData?.appUrl,
  });
}

export default function RentYourBathroomPage() {
  const cta = useHostCta();
  return (
    <>
      <PageIntro
        eyebrow="Host on Privy"
        title="Rent out your bathroom, on your terms"
        lead="People near you need a clean, private bathroom right now. Privy lets them book yours for 15 minutes or two hours, at the price and the hours you choose, and they pay before they arrive."
      >
        <Group gap="sm" mt="sm">
          <Button component={Link} to={cta.to} size="md">
            {cta.label}
          </Button>
          <Button component={Link} to="/earn-money-bathroom" size="md" variant="default">
            Estimate your earnings
          </Button>
        </Group>
      </PageIntro>

      <LandingSection
        id="why-host"
        eyebrow="Why host"
        title="A spare bathroom is worth more than you think"
        lead="Public restrooms are scarce, closed or off-limits to anyone who is not a customer. Yours can fill the gap, whenever it suits you."
      >
        <FeatureGrid features={WHY_HOST} />
      </LandingSection>

      <LandingSection
        id="how-hosting-works"
        eyebrow="How it works"
        title="From request to first booking"
        lead="Six steps, most of them done once. After that, guests book, pay and check in, and you welcome them."
      >
        <GuideSteps steps={HOSTING_STEPS} label="Steps to start hosting" />
      </LandingSection>

      <LandingSection
        id="what-you-control"
        eyebrow="Your rules"
        title="What you control"
        lead="Guests can only book what you have opened. Change any of it whenever you like; bookings already made keep their time."
      >
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <Table verticalSpacing="md" striped>
            <Table.Tbody>
              {CONTROL_ROWS.map((row) => (
                <Table.Tr key={row.setting}>
                  <Table.Th scope="row" w={{ base: '36%', sm: '26%' }} style={{ verticalAlign: 'top' }}>
                    {row.setting}
                  </Table.Th>
                  <Table.Td>
                    <Text lh={1.6}>{row.choice}</Text>
                    <Text size="sm" c="dimmed" mt={4}>
                      A new listing starts with: {row.start}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </LandingSection>

      <LandingSection
        id="safety-and-trust"
        eyebrow="Safety and trust"
        title="Built so you can say yes to strangers"
        lead="Every guest has an account, a booking with a start and an end, and a payment made before they arrive."
      >
        <FeatureGrid features={TRUST_POINTS} cols={{ base: 1, sm: 2, md: 3 }} />
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="lg">
          <Title order={3} fz="lg" mb="sm">
            When plans change
          </Title>
          <List spacing="xs" lh={1.6}>
            {HOST_CANCELLATION_POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
          <Anchor
            component={Link}
            to="/terms#cancellations"
            fw={600}
            size="sm"
            mt="sm"
            display="inline-block"
          >
            The full cancellation rules
          </Anchor>
        </Paper>
      </LandingSection>

      <LandingSection id="host-questions" eyebrow="Questions" title="What hosts ask us first">
        <Accordion variant="separated" radius="md" order={3}>
          {HOSTING_QUESTIONS.map((item) => (
            <Accordion.Item key={item.question} value={item.question}>
              <Accordion.Control>{item.question}</Accordion.Control>
              <Accordion.Panel>
                <Text lh={1.6}>{item.answer}</Text>
                {item.link && (
                  <Anchor
                    component={Link}
                    to={item.link.to}
                    fw={600}
                    size="sm"
                    mt="xs"
                    display="inline-block"
                  >
                    {item.link.label}
                  </Anchor>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </LandingSection>

      <CtaBand
        title="Ready to open your door?"
        text="Applying takes a minute. Once you are approved, add your bathroom, set your hours and price, and link Stripe to go live."
        primary={cta}
        secondary={{ to: '/accessible-bathroom-provider', label: 'Hosting an accessible bathroom' }}
      />
    </>
  );
}
