import {
  type Icon,
  IconBell,
  IconBuildingStore,
  IconCalendarEvent,
  IconCash,
  IconCreditCard,
  IconDoorEnter,
  IconMapPin,
} from '@tabler/icons-react';
import { EXAMPLE, FACTS } from '../facts.ts';

export type GuideStep = { icon: Icon; title: string; text: string; points: string[] };

export const GUEST_STEPS: GuideStep[] = [
  {
    icon: IconMapPin,
    title: 'Find',
    text: 'Look for bathrooms near where you are, or near any address, within a radius you choose.',
    points: [
      `Pick a search radius from ${FACTS.radiusMiles}.`,
      'Every result shows its price, distance and accessibility features.',
      `Listings show the area, within about ${FACTS.areaFuzzMiles} miles, not the exact address.`,
    ],
  },
  {
    icon: IconCalendarEvent,
    title: 'Book',
    text: 'Choose when you need it and for how long.',
    points: [
      'Start times fall on the quarter hour, and the one that starts right now counts.',
      `Stay for ${FACTS.bookingLengths}, as the host allows.`,
      `Book up to ${FACTS.bookAheadDays} days ahead. Nobody else can book the same time.`,
    ],
  },
  {
    icon: IconCreditCard,
    title: 'Pay',
    text: 'Pay the price shown, by card, through Stripe’s secure checkout.',
    points: [
      `No added fees: ${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour costs ${EXAMPLE.price}, and that is the total.`,
      `Your time is held for ${FACTS.paymentHoldMinutes} minutes while you pay; unpaid bookings expire and the slot is released.`,
      'Privy never sees your full card number.',
    ],
  },
  {
    icon: IconDoorEnter,
    title: 'Check in',
    text: 'The moment your booking is confirmed, it shows the exact address and the host’s access instructions.',
    points: [
      `Check in from ${FACTS.checkInMinutesBefore} minutes before your start time until the end of your booking.`,
      'The host is told you have arrived.',
      `Plans changed? Cancel ${FACTS.fullRefundMinutesBefore} minutes or more ahead for a full refund.`,
    ],
  },
];

export const HOST_STEPS: GuideStep[] = [
  {
    icon: IconBuildingStore,
    title: 'List your bathroom',
    text: 'Create an account and ask to become a host. Our team reviews every request.',
    points: [
      'Add photos, a description and the accessibility features, described as they really are.',
      'Write access instructions (a door code, which door to use). Only guests with a confirmed booking see them, along with the exact address.',
      'Link a Stripe account; your listings go live once Stripe has verified it.',
    ],
  },
  {
    icon: IconCalendarEvent,
    title: 'Set hours and price',
    text: 'You decide when guests can come and what it costs.',
    points: [
      `Weekly opening hours, ${FACTS.defaultOpeningHours} unless you change them.`,
      `An hourly price from $${FACTS.hourlyPriceMinDollars} to $${FACTS.hourlyPriceMaxDollars}, and the booking lengths you accept.`,
      `An optional cleaning break of ${FACTS.cleaningBuffers} after each booking, and blocked-out dates when you are closed.`,
    ],
  },
  {
    icon: IconBell,
    title: 'Get booked',
    text: 'Guests book and pay before they arrive. You never handle cash.',
    points: [
      'You are told about each booking, reminded before it starts, and told when the guest checks in.',
      'Keep your own calendar in step: each bathroom has a private calendar feed of its bookings and blackouts.',
      'If you must cancel, the guest gets a full refund, so keep your hours up to date.',
    ],
  },
  {
    icon: IconCash,
    title: 'Your share',
    text: `Privy keeps ${FACTS.commissionPercent}% of each booking; the rest is yours.`,
    points: [
      `On a ${EXAMPLE.minutes}-minute booking at ${EXAMPLE.hourly} an hour, the guest pays ${EXAMPLE.price} and you earn ${EXAMPLE.hostEarns}.`,
      'Guests pay by card through Stripe when they book, so nobody hands over cash at the door.',
    ],
  },
];

export const TIMING_ROWS: [string, string][] = [
  ['Booking lengths', FACTS.bookingLengths],
  ['Start times', 'On the quarter hour (:00, :15, :30, :45), from right now'],
  ['How far ahead', `Up to ${FACTS.bookAheadDays} days`],
  ['Time to pay', `${FACTS.paymentHoldMinutes} minutes, then the slot is released`],
  ['Check-in', `From ${FACTS.checkInMinutesBefore} minutes before the start until the end`],
  [
    'Guest cancels',
    `${FACTS.fullRefundMinutesBefore}+ minutes before: full refund; later: ${FACTS.lateCancelRefundPercent}%; after the start: none`,
  ],
  ['Host cancels', 'Full refund to the guest, always'],
];
