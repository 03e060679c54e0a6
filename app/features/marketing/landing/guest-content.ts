import { IconBabyCarriage, IconRun, IconStethoscope, IconTruckDelivery } from '@tabler/icons-react';
import { bookingPriceCents } from '../../../../common/earnings.ts';
import { formatPrice } from '../../../../common/money.ts';
import { PRICE_MIN_CENTS } from '../../../../common/schemas/properties.ts';
import { FACTS } from '../facts.ts';
import type { Feature } from '../feature-grid.tsx';

/** Copy for /private-restroom-sharing, the guest's side of Privy. */

const cheapest = formatPrice(bookingPriceCents(PRICE_MIN_CENTS, FACTS.shortestBookingMinutes));

/** [what, a public restroom, a Privy bathroom] */
export const COMPARISON_ROWS: [string, string, string][] = [
  [
    'Finding one',
    'Hunt for a sign, or buy something so a café lets you in.',
    'See the bathrooms near you with price and distance, and book one that is free now.',
  ],
  ['Waiting', 'Queue, or find it locked or out of order.', 'Your time is reserved. Nobody else can book it.'],
  [
    'Cleanliness',
    'Cleaned when staff get round to it.',
    'Checked and cleaned before every guest, to our published standards.',
  ],
  [
    'Privacy',
    'Stalls with gaps, a shared sink, people waiting outside.',
    'A whole room with a door that locks, one guest at a time.',
  ],
  [
    'Accessibility',
    'Often unknown until you arrive.',
    'Features listed on every bathroom, with filters to find the ones you need.',
  ],
  [
    'Cost',
    'Free, or the price of a coffee you did not want.',
    `The price shown, from ${cheapest} for ${FACTS.shortestBookingMinutes} minutes. No booking fee, no membership.`,
  ],
];

export const WHO_BOOKS: Feature[] = [
  {
    icon: IconBabyCarriage,
    title: 'Parents with small children',
    text: 'Potty training does not wait for the next mall. Some listings have a baby-changing table, and you can filter for it.',
  },
  {
    icon: IconStethoscope,
    title: 'People with medical needs',
    text: 'Crohn’s, colitis, IBS, pregnancy, a stoma or a catheter: when you cannot wait, knowing a clean bathroom is minutes away makes it easier to go out at all.',
  },
  {
    icon: IconTruckDelivery,
    title: 'Drivers and people who work outdoors',
    text: 'Delivery and rideshare drivers, couriers and tradespeople between jobs, who need a proper bathroom on a long shift.',
  },
  {
    icon: IconRun,
    title: 'Anyone between places',
    text: 'Changing after a run, freshening up before a meeting, or a long layover in a city you do not know. Some bathrooms have a shower.',
  },
];

export const HYGIENE_POINTS = [
  'Checked and cleaned before every guest: toilet, seat, sink, taps, mirror and floor.',
  'Toilet paper, soap, and paper towels or a working hand dryer, with spares in reach.',
  'Hot and cold running water, a working light and ventilation, and a bin that is never full.',
  `An optional cleaning break of ${FACTS.cleaningBuffers} after each booking, so nobody walks in mid-clean.`,
  'A door that locks from the inside, and no cameras or recording devices in the bathroom, ever.',
  'Not as promised? Tell us, and while your booking is still on we can cancel it with a full refund.',
];
