import { Box, Grid, Paper, Table, Title } from '@mantine/core';
import { GUEST_STEPS, HOST_STEPS, TIMING_ROWS } from '../../features/marketing/content/how-it-works.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { GuideSteps } from '../../features/marketing/guide-steps.tsx';
import { pageMeta } from '../../features/marketing/meta.ts';
import { PageIntro } from '../../features/marketing/page-intro.tsx';

export function meta() {
  return pageMeta(
    'How Privy works',
    'Guests find, book, pay for and check in to a private bathroom nearby. Hosts list a bathroom, set hours and price, and get booked. Every step, with the rules that apply.',
  );
}

export default function HowItWorksPage() {
  return (
    <>
      <PageIntro
        eyebrow="How it works"
        title="From “I need one” to an open door"
        lead="Privy is built for the moment you need a bathroom and for the people who have one to share. Here is every step, for guests and for hosts, with the rules that apply."
      />
      <Grid gap={{ base: 48, md: 64 }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box component="section" aria-labelledby="guests">
            <Title order={2} id="guests" fz={{ base: 26, sm: 30 }} mb="lg">
              For guests
            </Title>
            <GuideSteps steps={GUEST_STEPS} label="Steps for guests" />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Box component="section" aria-labelledby="hosts">
            <Title order={2} id="hosts" fz={{ base: 26, sm: 30 }} mb="lg">
              For hosts
            </Title>
            <GuideSteps steps={HOST_STEPS} label="Steps for hosts" />
          </Box>
        </Grid.Col>
      </Grid>
      <Paper
        component="section"
        aria-labelledby="timing"
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        mt={56}
      >
        <Title order={2} id="timing" fz={{ base: 24, sm: 28 }} mb="md">
          Times and rules at a glance
        </Title>
        <Table verticalSpacing="sm" striped>
          <Table.Tbody>
            {TIMING_ROWS.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="35%">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <CtaBand
        title="Ready when you are"
        text="Create your free account now, so the next time you need a bathroom, booking one takes a minute."
        primary={{ to: '/register', label: 'Create an account' }}
        secondary={{ to: '/safety', label: 'How we keep you safe' }}
      />
    </>
  );
}
