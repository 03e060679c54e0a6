import { Alert, Anchor, Grid, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { earningsCalculatorHref } from '../../../common/earnings.ts';
import { formatPrice } from '../../../common/money.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { FACTS } from '../../features/marketing/facts.ts';
import { GuideSteps } from '../../features/marketing/guide-steps.tsx';
import { useHostCta } from '../../features/marketing/landing/host-cta.ts';
import {
  CHANGES_CAPTION,
  CHANGES_ROWS,
  INCOME_EXAMPLES,
  type IncomeExample,
  RECORDS_TO_KEEP,
  SHARE_STEPS,
  TAX_POINTS,
} from '../../features/marketing/landing/income-content.ts';
import { landingMeta } from '../../features/marketing/landing/landing-meta.ts';
import { LandingSection } from '../../features/marketing/landing/landing-section.tsx';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/bathroom-rental-income';

export function loader({ context }: Route.LoaderArgs) {
  return { appUrl: context.get(servicesContext).config.appUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({
    title: 'Bathroom rental income: your share, records and taxes',
    description: `How a booking's price splits between host and Privy, what cancellations change, worked income examples after Privy's ${FACTS.commissionPercent}% fee, and the records to keep for tax time.`,
    path: '/bathroom-rental-income',
    appUrl: loaderData?.appUrl,
  });
}

const bookings = (count: number) => count.toLocaleString('en-US', { maximumFractionDigits: 1 });

function ExampleCard({ example }: { example: IncomeExample }) {
  const { estimate } = example;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid={`income-example-${example.id}`}>
      <Stack gap="sm" h="100%">
        <Title order={3} fz="lg">
          {example.title}
        </Title>
        <Text c="dimmed" lh={1.6} style={{ flex: 1 }}>
          {example.setup}
        </Text>
        <Text size="sm">
          About {bookings(estimate.bookingsPerWeek)} bookings a week at{' '}
          {formatPrice(estimate.bookingPriceCents)} each.
        </Text>
        <div>
          <Text size="sm">You would earn about</Text>
          <Text fz={32} fw={800} lh={1.2} data-testid="example-net-month">
            {formatPrice(estimate.month.netCents)}
          </Text>
          <Text size="sm">
            a month, or {formatPrice(estimate.year.netCents)} a year, after Privy’s{' '}
            {formatPrice(estimate.year.feeCents)} yearly fee.
          </Text>
        </div>
        <Anchor component={Link} to={earningsCalculatorHref(example.input)} fw={600} size="sm">
          Open these numbers in the calculator
        </Anchor>
      </Stack>
    </Paper>
  );
}

export default function BathroomRentalIncomePage() {
  const hostCta = useHostCta();
  return (
    <>
      <PageIntro
        eyebrow="Hosting income"
        title="Bathroom rental income, explained"
        lead={`How a guest’s payment splits between you and Privy, what happens when plans change, what hosts like you might earn, and what to keep for tax time. Privy keeps ${FACTS.commissionPercent}% of each booking; everything else is yours.`}
      />

      <LandingSection
        id="your-share"
        eyebrow="Your share"
        title="From a guest’s card to your share"
        lead="Payments run through Stripe. Privy never holds your bank details, and you never handle cash."
      >
        <GuideSteps steps={SHARE_STEPS} label="How a booking’s price becomes your share" />
      </LandingSection>

      <LandingSection
        id="changes"
        eyebrow="Cancellations and refunds"
        title="When a booking changes"
        lead="A refund always comes out of the booking it belongs to, and your earnings for that booking shrink in proportion."
      >
        <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" striped captionSide="top">
              <Table.Caption>{CHANGES_CAPTION}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">What happens</Table.Th>
                  <Table.Th scope="col">The guest gets back</Table.Th>
                  <Table.Th scope="col">You earn</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {CHANGES_ROWS.map(([event, refund, earned]) => (
                  <Table.Tr key={event}>
                    <Table.Th scope="row" fw={500}>
                      {event}
                    </Table.Th>
                    <Table.Td>{refund}</Table.Td>
                    <Table.Td fw={700}>{earned}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <Text size="sm" c="dimmed" mt="sm">
          While a booking is still on, Privy’s team can cancel it with a full refund, for instance when a
          guest could not get in.{' '}
          <Anchor component={Link} to="/terms#cancellations">
            The full rules
          </Anchor>
        </Text>
      </LandingSection>

      <LandingSection
        id="examples"
        eyebrow="Examples"
        title="What hosts might earn"
        lead="Three made-up hosts, worked through the same calculator you can use yourself. Your demand, and so your income, will differ."
      >
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {INCOME_EXAMPLES.map((example) => (
            <ExampleCard key={example.id} example={example} />
          ))}
        </SimpleGrid>
      </LandingSection>

      <LandingSection
        id="records-and-taxes"
        eyebrow="Records and taxes"
        title="Keep good records from the first booking"
        lead="A few minutes of tidy records each month makes tax time simple."
      >
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              {TAX_POINTS.map((point) => (
                <div key={point.title}>
                  <Title order={3} fz="lg" mb={4}>
                    {point.title}
                  </Title>
                  <Text lh={1.6}>{point.text}</Text>
                </div>
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <Title order={3} fz="lg" mb="sm">
                What to keep
              </Title>
              <List spacing="xs" lh={1.6}>
                {RECORDS_TO_KEEP.map((record) => (
                  <List.Item key={record}>{record}</List.Item>
                ))}
              </List>
            </Paper>
          </Grid.Col>
        </Grid>
        <Alert
          mt="xl"
          color="blue"
          variant="light"
          title="Not tax advice"
          icon={<IconInfoCircle aria-hidden="true" />}
        >
          This page explains how a booking’s price splits, not what you owe. Tax rules depend on where you
          live and how you host; for advice on your own situation, talk to a tax professional.
        </Alert>
      </LandingSection>

      <CtaBand
        title="Work out your own numbers"
        text="Try your price, hours and booking length in the calculator, then apply to host when you are ready."
        primary={{ to: '/earn-money-bathroom', label: 'Open the calculator' }}
        secondary={hostCta}
      />
    </>
  );
}
