import { Anchor, List, Paper, Text } from '@mantine/core';
import { IconAccessible, IconClock, IconHourglass, IconPhoto, IconSparkles } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { DEFAULT_EARNINGS_INPUT, earningsFormFromParams } from '../../../common/earnings.ts';
import { CtaBand } from '../../features/marketing/cta-band.tsx';
import { EXAMPLE, FACTS } from '../../features/marketing/facts.ts';
import { type Feature, FeatureGrid } from '../../features/marketing/feature-grid.tsx';
import { EarningsCalculator } from '../../features/marketing/landing/earnings-calculator.tsx';
import { useHostCta } from '../../features/marketing/landing/host-cta.ts';
import { landingMeta } from '../../features/marketing/landing/landing-meta.ts';
import { LandingSection } from '../../features/marketing/landing/landing-section.tsx';
import { PageIntro } from '../../features/marketing/page-intro.tsx';
import { servicesContext } from '../../lib/context.ts';
import type { Route } from './+types/earn-money-bathroom';

const PATH = '/earn-money-bathroom';

/** The calculator's inputs come from the URL, so a shared link (or a submit without JavaScript) shows its estimate. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  return {
    appUrl: services.config.appUrl,
    form: earningsFormFromParams(new URL(request.url).searchParams),
    // The rate an admin set in /admin/settings (ADR 131), the one a booking made now records.
    commissionPercent: await services.settings.commissionPercent(),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return landingMeta({
    title: 'Earn money from your bathroom: earnings calculator',
    description: `Estimate what your spare bathroom could earn on Privy each week, month and year. Set your hourly price, hours and booking length; see what guests pay, Privy's ${loaderData?.commissionPercent ?? FACTS.commissionPercent}% fee and what you keep.`,
    path: PATH,
    appUrl: loaderData?.appUrl,
  });
}

const assumptions = (commissionPercent: number) => [
  `A booking costs your hourly price for its length, to the nearest cent: ${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour is ${EXAMPLE.price}.`,
  'Bookings start on the quarter hour. We fit as many bookings of your chosen length into your open hours as will go, back to back, each followed by your cleaning break, with the next start rounded up to the quarter hour.',
  `Occupancy is the share of those bookings that guests actually make. Nobody can promise demand where you are, so we start at a cautious ${DEFAULT_EARNINGS_INPUT.occupancyPercent}%.`,
  `Privy’s fee is ${commissionPercent}% of each booking’s price, rounded to the cent per booking. Guests pay nothing on top of your price.`,
  'A year is 52 weeks and a month a twelfth of that.',
  'Not included: cancellations and refunds, blocked-out time, taxes, and your own costs such as supplies and water.',
];

const TIPS: Feature[] = [
  {
    icon: IconClock,
    title: 'Open when people need it',
    text: 'Mornings and evenings near stations, weekends near parks and event days near stadiums tend to be busiest. Add hours there first.',
  },
  {
    icon: IconHourglass,
    title: 'Accept short visits',
    text: 'Many guests only need 15 or 30 minutes. Short bookings fit more guests into the same open hours.',
  },
  {
    icon: IconSparkles,
    title: 'Pick the break you need',
    text: 'Bookings start on the quarter hour, so a 5-minute break after a 15-minute booking takes the same slot as a 15-minute one. Try both above.',
  },
  {
    icon: IconPhoto,
    title: 'Show it as it is',
    text: 'Bright, recent photos and honest details help guests pick your bathroom with confidence, and come back to it.',
  },
  {
    icon: IconAccessible,
    title: 'List your accessibility features',
    text: 'Guests who need step-free access or grab bars filter for them, and accessible bathrooms are hard to find.',
    link: { to: '/accessible-bathroom-provider', label: 'Hosting an accessible bathroom' },
  },
];

export default function EarnMoneyBathroomPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const hostCta = useHostCta();
  return (
    <>
      <PageIntro
        eyebrow="Earnings calculator"
        title="How much could your bathroom earn?"
        lead="Put in your price and the hours you would open. The estimate below shows what guests would pay, Privy’s fee, and what you would keep, by the week, the month and the year."
      />
      <LandingSection id="calculator" title="Estimate your earnings">
        {/* Keyed by the URL, so following a link with other inputs starts from those inputs. */}
        <EarningsCalculator
          key={location.search}
          initial={loaderData.form}
          commissionPercent={loaderData.commissionPercent}
          action={PATH}
        />
      </LandingSection>
      <LandingSection
        id="how-we-estimate"
        eyebrow="The small print"
        title="How this estimate works"
        lead="It is arithmetic, not a promise: what you earn depends on where you are, your price and your hours."
      >
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <List spacing="sm" lh={1.6}>
            {assumptions(loaderData.commissionPercent).map((assumption) => (
              <List.Item key={assumption}>{assumption}</List.Item>
            ))}
          </List>
          <Text mt="md" lh={1.6}>
            How a booking’s price splits, what a cancellation does to your earnings, and three worked examples
            are on{' '}
            <Anchor component={Link} to="/bathroom-rental-income">
              bathroom rental income
            </Anchor>
            .
          </Text>
        </Paper>
      </LandingSection>
      <LandingSection id="earn-more" eyebrow="Tips" title="Ways to earn more">
        <FeatureGrid features={TIPS} cols={{ base: 1, sm: 2, md: 3 }} />
      </LandingSection>
      <CtaBand
        title="Like the numbers?"
        text="Listing is free. Apply to host, add your bathroom, and set the price and hours you just tried."
        primary={hostCta}
        secondary={{ to: '/rent-your-bathroom', label: 'How hosting works' }}
      />
    </>
  );
}
