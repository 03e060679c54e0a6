import { IconClockCheck, IconCreditCard, IconWallet } from '@tabler/icons-react';
import {
  bookingPriceCents,
  commissionCents,
  type EarningsEstimate,
  type EarningsInput,
  estimateEarnings,
} from '../../../../common/earnings.ts';
import { formatPrice } from '../../../../common/money.ts';
import type { GuideStep } from '../content/how-it-works.ts';
import { EXAMPLE, FACTS } from '../facts.ts';

/** Copy for /bathroom-rental-income: your share, what changes it, examples, records and taxes. */

export const SHARE_STEPS: GuideStep[] = [
  {
    icon: IconCreditCard,
    title: 'The guest pays when booking',
    text: 'The full price is charged by card through Stripe Checkout before the guest can see your address.',
    points: ['Privy adds nothing on top, so the guest pays your listed price and nothing else.'],
  },
  {
    icon: IconClockCheck,
    title: 'The booking ends',
    text: 'A booking completes at its end time.',
    points: ['A cancellation before then changes what it earns, as the table below shows.'],
  },
  {
    icon: IconWallet,
    title: 'Your share',
    text: `The booking’s price minus Privy’s ${FACTS.commissionPercent}% is yours.`,
    points: [
      `${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour: the guest pays ${EXAMPLE.price}, Privy keeps ${EXAMPLE.commission}, you earn ${EXAMPLE.hostEarns}.`,
    ],
  },
];

/** The example booking the table below follows. */
const EXAMPLE_HOURLY_CENTS = 1200;
const EXAMPLE_MINUTES = 30;
const examplePrice = bookingPriceCents(EXAMPLE_HOURLY_CENTS, EXAMPLE_MINUTES);
const exampleEarnings = examplePrice - commissionCents(examplePrice);

/** PRODUCT.md: a refund reduces the host's earnings for the booking in proportion to what was paid back. */
function earningsAfterRefund(refundCents: number): number {
  return Math.round((exampleEarnings * (examplePrice - refundCents)) / examplePrice);
}

const lateRefund = Math.round((examplePrice * FACTS.lateCancelRefundPercent) / 100);

export const CHANGES_CAPTION = `When a booking does not go as planned: a ${formatPrice(examplePrice)} booking that would earn you ${formatPrice(exampleEarnings)}`;

export const CHANGES_ROWS: [string, string, string][] = [
  [
    `The guest cancels ${FACTS.fullRefundMinutesBefore} minutes or more before the start`,
    `Full refund (${formatPrice(examplePrice)})`,
    formatPrice(0),
  ],
  [
    `The guest cancels less than ${FACTS.fullRefundMinutesBefore} minutes before the start`,
    `${FACTS.lateCancelRefundPercent}% back (${formatPrice(lateRefund)})`,
    formatPrice(earningsAfterRefund(lateRefund)),
  ],
  [
    'The guest cancels after the start, or does not come',
    'No automatic refund',
    formatPrice(exampleEarnings),
  ],
  [
    'You cancel, or block out the time it was booked for',
    `Full refund (${formatPrice(examplePrice)})`,
    formatPrice(0),
  ],
  [
    'Privy’s team cancels it, for instance after a report',
    `Full refund (${formatPrice(examplePrice)})`,
    formatPrice(0),
  ],
];

export type IncomeExample = {
  id: string;
  title: string;
  setup: string;
  input: EarningsInput;
  estimate: EarningsEstimate;
};

const example = (id: string, title: string, setup: string, input: EarningsInput): IncomeExample => ({
  id,
  title,
  setup,
  input,
  estimate: estimateEarnings(input),
});

/** Three hosts, worked through the same calculator as /earn-money-bathroom (the numbers are its output). */
export const INCOME_EXAMPLES: IncomeExample[] = [
  example(
    'commuter',
    'A home bathroom by a busy station',
    'Open 7 hours on weekdays around the rush hours, at $8 an hour. Mostly 15-minute visits, with a 5-minute break after each, and a quarter of the possible slots booked.',
    {
      hourlyPriceCents: 800,
      hoursPerDay: 7,
      daysPerWeek: 5,
      occupancyPercent: 25,
      bookingMinutes: 15,
      cleaningBufferMinutes: 5,
    },
  ),
  example(
    'cafe',
    'A café restroom opened to passers-by',
    'Open 10 hours a day, every day, at $12 an hour. 15-minute visits with a 5-minute check between them, and one slot in five booked.',
    {
      hourlyPriceCents: 1200,
      hoursPerDay: 10,
      daysPerWeek: 7,
      occupancyPercent: 20,
      bookingMinutes: 15,
      cleaningBufferMinutes: 5,
    },
  ),
  example(
    'shower',
    'An accessible bathroom with a roll-in shower',
    'Open 12 hours a day, six days a week, at $25 an hour. Hour-long visits for a shower, a 15-minute clean after each, and 15% of the possible slots booked.',
    {
      hourlyPriceCents: 2500,
      hoursPerDay: 12,
      daysPerWeek: 6,
      occupancyPercent: 15,
      bookingMinutes: 60,
      cleaningBufferMinutes: 15,
    },
  ),
];

export const TAX_POINTS: { title: string; text: string }[] = [
  {
    title: 'Your earnings are income',
    text: 'In the United States, money you earn from hosting is generally taxable income, whether or not you receive a tax form for it. Privy does not withhold tax from your earnings.',
  },
  {
    title: 'Tax details and forms',
    text: 'When you set up your Stripe account, Stripe asks for the tax details it needs, such as your legal name, address and taxpayer ID. Depending on how much you earn in a year and the IRS rules for that year, you may receive a Form 1099.',
  },
  {
    title: 'Local rules can apply too',
    text: 'Some cities and counties expect a business licence or registration for paid visits, and some leases, homeowners’ associations and insurance policies have something to say about it. Check before you list.',
  },
];

export const RECORDS_TO_KEEP = [
  'Every booking and its price: your bookings page lists each one, and the share you keep is the price less Privy’s commission.',
  'Receipts for what you buy for guests: toilet paper, soap, towels, cleaning products.',
  'Repairs, and your share of water and electricity, if your tax adviser says you can claim them.',
  'If you host at home: which room guests use, and for how many hours a week. Some deductions depend on it.',
];
