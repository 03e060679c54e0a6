import {
  IconCreditCard,
  IconDoorEnter,
  IconLock,
  IconMapPin,
  IconShieldCheck,
  IconSparkles,
  IconWheelchair,
} from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { lazyPart } from '../../../lib/patient-import.ts';
import { LinkButton } from '../../../ui/static-button.tsx';
import { useLive } from '../../../ui/use-live.ts';
import { Eyebrow } from '../eyebrow.tsx';
import { EXAMPLE, FACTS } from '../facts.ts';
import { FeatureGrid } from '../feature-grid.tsx';
import { ClosedAccordion } from './closed-accordion.tsx';
import classes from './home.module.css';

// The sections below are static copy in plain markup styled by home.module.css (see hero.tsx for
// why); only the interactive parts (buttons, the questions' accordion) stay Mantine components.

function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
}: {
  eyebrow: string;
  title: string;
  lead?: string;
  id?: string;
}) {
  return (
    <div className={classes.heading}>
      <Eyebrow>{eyebrow}</Eyebrow>
      <h2 className={classes.headingTitle} id={id}>
        {title}
      </h2>
      {lead && <p className={classes.lead}>{lead}</p>}
    </div>
  );
}

const STEPS = [
  {
    icon: IconMapPin,
    title: 'Find one nearby',
    text: 'Look near where you are or any address. Compare price, distance and accessibility at a glance.',
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

const stepIcon = {
  '--icon-size': 'calc(3rem * var(--mantine-scale))',
  '--icon-radius': 'var(--mantine-radius-xl)',
};
const smallGap = { '--stack-gap': 'var(--mantine-spacing-sm)' };

export function HowItWorksSteps() {
  return (
    <section className={`${classes.container} ${classes.band}`} aria-labelledby="steps-title">
      <SectionHeading
        eyebrow="How it works"
        title="Three steps from “I need one” to an open door"
        id="steps-title"
      />
      <div className={classes.steps}>
        {STEPS.map((step, index) => (
          <div key={step.title} className={classes.stack} style={smallGap as CSSProperties}>
            <div className={classes.row}>
              <span className={classes.icon} style={stepIcon as CSSProperties} aria-hidden="true">
                <step.icon size={24} />
              </span>
              <p className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </p>
            </div>
            <h3 className={classes.stepTitle}>{step.title}</h3>
            <p className={`${classes.text} ${classes.dimmed}`} style={{ lineHeight: 1.6 }}>
              {step.text}
            </p>
          </div>
        ))}
      </div>
      <Link to="/how-it-works" className={`mantine-focus-auto ${classes.guideLink}`}>
        Read the full guide for guests and hosts
      </Link>
    </section>
  );
}

const TRUST_FEATURES = [
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
];

export function TrustPoints() {
  return (
    <section className={`${classes.tinted} ${classes.band}`}>
      <div className={classes.container}>
        <SectionHeading
          eyebrow="Why Privy"
          title="What every booking can count on"
          lead="A bathroom is personal. These are the promises every listing on Privy keeps."
        />
        <FeatureGrid features={TRUST_FEATURES} />
      </div>
    </section>
  );
}

export function PricingAndHosts() {
  return (
    <div className={`${classes.container} ${classes.band}`}>
      <div className={classes.pricingColumns}>
        <section className={classes.col6} aria-labelledby="pricing-title">
          <Eyebrow mb={6}>Pricing</Eyebrow>
          <h2 className={classes.pricingTitle} id="pricing-title">
            The price you see is the price you pay
          </h2>
          <div className={classes.stack} style={smallGap as CSSProperties}>
            <p className={classes.body}>
              Hosts set an hourly price between ${FACTS.hourlyPriceMinDollars} and $
              {FACTS.hourlyPriceMaxDollars}. You pay for the minutes you book: {EXAMPLE.minutes} minutes at{' '}
              {EXAMPLE.hourly} an hour is {EXAMPLE.price}. No booking fee, no service fee.
            </p>
            <ul className={classes.bullets}>
              <li>Cancel {FACTS.fullRefundMinutesBefore} minutes or more before your start: full refund.</li>
              <li>Cancel later than that: {FACTS.lateCancelRefundPercent}% back.</li>
              <li>If your host cancels: always a full refund.</li>
            </ul>
            <Link to="/terms#cancellations" className={`mantine-focus-auto ${classes.link}`}>
              Cancellation and refund rules
            </Link>
          </div>
        </section>
        <section className={classes.col6} aria-labelledby="hosts-title">
          <div className={classes.hostsCard}>
            <Eyebrow mb={6}>For hosts</Eyebrow>
            <h2 className={classes.hostsTitle} id="hosts-title">
              Have a bathroom that sits empty most of the day?
            </h2>
            <p className={classes.body} style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>
              Cafés, shops, offices and homeowners use Privy to earn from a spare bathroom on their own terms.
              You choose the hours, the price and how long people can stay. Your address is shown only to
              guests with a confirmed booking.
            </p>
            <p className={classes.body} style={{ marginBottom: 'var(--mantine-spacing-lg)' }}>
              Guests pay by card through Stripe before they arrive. Privy keeps {FACTS.commissionPercent}% of
              each booking and the rest is your share: on a {EXAMPLE.price} booking, you earn{' '}
              {EXAMPLE.hostEarns}.
            </p>
            <div className={classes.row}>
              <LinkButton to="/register">Create an account</LinkButton>
              <LinkButton to="/how-it-works#hosts" variant="default">
                How hosting works
              </LinkButton>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}

const QUESTIONS = [
  {
    q: 'How long can I book a bathroom for?',
    a: `For ${FACTS.bookingLengths}, starting on the quarter hour. You can book the slot that starts right now, or up to ${FACTS.bookAheadDays} days ahead. Some hosts offer only some lengths.`,
  },
  {
    q: 'Do I need an account?',
    a: 'Yes. An account lets your host know who is coming, keeps your bookings in one place, and lets us help if something goes wrong. It takes an email address or a phone number and a password.',
  },
  {
    q: 'When do I get the address?',
    a: 'As soon as your booking is confirmed, together with the host’s access instructions. Before that, listings show the area and the distance, to protect hosts’ privacy.',
  },
  {
    q: 'What if the bathroom is not as described?',
    a: 'Tell us through the contact form, with the date and time of your booking. A person on our team reads every message, and while a booking is still on we can cancel it with a full refund.',
  },
];

// The real Accordion (to open and close) loads once the page is live; until then its closed markup.
const QuestionsAccordion = lazyPart(() => import('./questions-accordion.tsx'));

const questionLabel = (q: string) => (
  <span className={classes.text} style={{ fontWeight: 600 }}>
    {q}
  </span>
);
const controls = QUESTIONS.map((item) => ({ value: item.q, control: questionLabel(item.q) }));

export function HomeQuestions() {
  const live = useLive();
  return (
    <section className={`${classes.containerNarrow} ${classes.bandEnd}`} aria-labelledby="faq-title">
      <h2 className={classes.questionsTitle} id="faq-title">
        Common questions
      </h2>
      {/* Closed markup for the server and first paint; the real Accordion once live (closed-accordion.tsx). */}
      {live ? (
        <QuestionsAccordion
          id="home-questions"
          items={QUESTIONS.map((item) => ({
            value: item.q,
            control: questionLabel(item.q),
            panel: <p className={classes.body}>{item.a}</p>,
          }))}
        />
      ) : (
        <ClosedAccordion id="home-questions" items={controls} />
      )}
      <p className={classes.text} style={{ marginTop: 'var(--mantine-spacing-lg)' }}>
        Something else?{' '}
        <Link
          to="/contact"
          className={`mantine-focus-auto ${classes.link}`}
          style={{ fontWeight: 'inherit' }}
        >
          Write to us
        </Link>{' '}
        and a person will answer.
      </p>
    </section>
  );
}
