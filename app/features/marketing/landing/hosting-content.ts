import {
  IconAdjustments,
  IconBellRinging,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarTime,
  IconCash,
  IconCreditCard,
  IconDoorEnter,
  IconLock,
  IconPhotoPlus,
  IconShieldCheck,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { formatPrice } from '../../../../common/money.ts';
import {
  ALLOWED_DURATIONS,
  DEFAULT_PRICE_CENTS,
  HOUSE_RULES_MAX,
  MAX_PHOTOS,
  MAX_RANGES_PER_DAY,
} from '../../../../common/schemas/properties.ts';
import type { GuideStep } from '../content/how-it-works.ts';
import { EXAMPLE, FACTS } from '../facts.ts';
import type { Feature } from '../feature-grid.tsx';

/** Copy for /rent-your-bathroom. Numbers come from FACTS and common/, so they follow the rules. */

export const WHY_HOST: Feature[] = [
  {
    icon: IconCash,
    title: 'Earn from a room you already clean',
    text: `Set an hourly price from $${FACTS.hourlyPriceMinDollars} to $${FACTS.hourlyPriceMaxDollars}. Guests pay exactly what your listing shows; Privy keeps ${FACTS.commissionPercent}% of each booking and the rest is yours.`,
    link: { to: '/earn-money-bathroom', label: 'Estimate your earnings' },
  },
  {
    icon: IconCalendarTime,
    title: 'Open only when it suits you',
    text: 'Choose your weekly hours, the booking lengths you accept and a cleaning break between guests. Block out a morning or a week whenever life gets in the way.',
  },
  {
    icon: IconUsers,
    title: 'Help people who cannot wait',
    text: 'Commuters between trains, parents with a toddler, delivery drivers on a long shift, people living with Crohn’s or IBS. A clean bathroom nearby changes their day.',
    link: { to: '/private-restroom-sharing', label: 'Who books a bathroom' },
  },
  {
    icon: IconShieldCheck,
    title: 'Backed by clear rules',
    text: 'Guests pay before they arrive and see your address only once booked. Our team reviews every request to host.',
    link: { to: '/safety', label: 'How we keep hosts safe' },
  },
];

export const HOSTING_STEPS: GuideStep[] = [
  {
    icon: IconUserPlus,
    title: 'Ask to become a host',
    text: 'Sign in, confirm your name and email, and send the request. An admin reviews each one and you hear back by notification and email.',
    points: [
      'Any member can apply, and it takes about a minute.',
      'Hosts and guests share one account, so you can still book bathrooms yourself.',
    ],
  },
  {
    icon: IconPhotoPlus,
    title: 'Describe your bathroom',
    text: 'Add a title, the address, recent photos, and the amenities and accessibility features that are really there.',
    points: [
      `Up to ${MAX_PHOTOS} photos, each with a short description for guests who use a screen reader.`,
      `Search shows the area within about ${FACTS.areaFuzzMiles} miles, never your address.`,
      'Write access instructions: which door, a code, where to wait. Only guests with a confirmed booking see them.',
    ],
  },
  {
    icon: IconAdjustments,
    title: 'Set your hours, price and rules',
    text: 'Everything a guest can book is something you chose.',
    points: [
      `Opening hours start at ${FACTS.defaultOpeningHours}; change them per weekday.`,
      `An hourly price from $${FACTS.hourlyPriceMinDollars} to $${FACTS.hourlyPriceMaxDollars}, booking lengths from ${FACTS.shortestBookingMinutes} minutes to 2 hours, and an optional cleaning break.`,
      'House rules that guests read before they book.',
    ],
  },
  {
    icon: IconBuildingBank,
    title: 'Link Stripe and publish',
    text: 'Connect a Stripe account. Your listing can go live once it is linked.',
    points: [
      'Stripe checks your identity and bank details; Privy never sees your bank account number.',
      'Until it is linked, a reminder stays at the bottom of your screen.',
    ],
  },
  {
    icon: IconBellRinging,
    title: 'Welcome guests',
    text: 'You are told when a booking is made, reminded before it starts, and told when the guest checks in.',
    points: [
      `Guests check in from ${FACTS.checkInMinutesBefore} minutes before their start time.`,
      'Follow each bathroom’s bookings and blackouts in your own calendar app through its private calendar feed.',
    ],
  },
  {
    icon: IconCash,
    title: 'Your share',
    text: `Each booking’s price, less Privy’s ${FACTS.commissionPercent}%, is yours. Guests pay it by card when they book.`,
    points: [
      `${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour: the guest pays ${EXAMPLE.price}, you earn ${EXAMPLE.hostEarns}.`,
    ],
  },
];

const durationList = `${ALLOWED_DURATIONS.slice(0, -1).join(', ')} or ${ALLOWED_DURATIONS.at(-1)} minutes`;

/** What a host sets, what it means, and what a new listing starts with. */
export const CONTROL_ROWS: { setting: string; choice: string; start: string }[] = [
  {
    setting: 'Opening hours',
    choice: `Any hours on any weekday, up to ${MAX_RANGES_PER_DAY} ranges a day: open 7 to 9 AM and 5 to 8 PM on weekdays, say, and all day on Sunday.`,
    start: 'Every day, 8 AM to 8 PM',
  },
  {
    setting: 'Hourly price',
    choice: `$${FACTS.hourlyPriceMinDollars} to $${FACTS.hourlyPriceMaxDollars} an hour. A shorter booking costs its share: ${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} is ${EXAMPLE.price}.`,
    start: `${formatPrice(DEFAULT_PRICE_CENTS)} an hour`,
  },
  {
    setting: 'Booking lengths',
    choice: `Any of ${durationList}. Drop the long ones if you would rather keep visits short.`,
    start: 'All six',
  },
  {
    setting: 'Cleaning break',
    choice: `None, or ${FACTS.cleaningBuffers} after every booking. Nobody can book during it, so you always have time to check the room.`,
    start: 'None',
  },
  {
    setting: 'House rules',
    choice: `Up to ${HOUSE_RULES_MAX.toLocaleString('en-US')} characters, shown on your listing before anyone books: shoes off, no showers after 9 PM, keep the music down.`,
    start: 'None',
  },
  {
    setting: 'Blocked-out time',
    choice:
      'Close any stretch of time, for a party, a repair or a holiday. Bookings already made in it are cancelled with a full refund, and the guest is told straight away.',
    start: 'None',
  },
  {
    setting: 'Access instructions',
    choice:
      'How to get in, in your words. Shown only to a guest with a confirmed booking, together with your exact address.',
    start: 'Yours to write',
  },
];

export const TRUST_POINTS: Feature[] = [
  {
    icon: IconLock,
    title: 'Your address stays private',
    text: 'Search and listing pages show only the area and the distance. The exact address and your access instructions appear only to a guest with a paid, confirmed booking.',
  },
  {
    icon: IconCreditCard,
    title: 'Paid before the door opens',
    text: `Guests pay by card through Stripe when they book. A booking left unpaid for ${FACTS.paymentHoldMinutes} minutes expires and its time is released. You never handle cash.`,
  },
  {
    icon: IconDoorEnter,
    title: 'You know who is coming, and when',
    text: 'Every booking names its guest and its time, and two bookings can never overlap. You are told the moment your guest checks in.',
  },
  {
    icon: IconBellRinging,
    title: 'Told as it happens',
    text: 'Each new booking, cancellation and check-in reaches you at once, in Privy and by email, and the booking list on your screen updates by itself.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Your calendar, in step',
    text: 'Each bathroom has a private calendar feed of its bookings and blackouts, to follow in the calendar app you already use. Turn it off or change its address at any time.',
  },
  {
    icon: IconUserCheck,
    title: 'People, not algorithms, decide',
    text: 'Our team reviews every request to host and reads every report sent to us. Members who break the rules lose their account.',
  },
];

export const HOST_CANCELLATION_POINTS = [
  `A guest who cancels ${FACTS.fullRefundMinutesBefore} minutes or more before the start gets a full refund, and the booking earns nothing.`,
  `A guest who cancels later gets ${FACTS.lateCancelRefundPercent}% back; you keep your earnings on the other ${100 - FACTS.lateCancelRefundPercent}%.`,
  'A guest who cancels after the start gets no automatic refund, and you keep your full share.',
  'If you cancel, the guest always gets a full refund. Keep your hours and blocked-out time up to date and you will rarely need to.',
];

export const HOSTING_QUESTIONS: {
  question: string;
  answer: string;
  link?: { to: string; label: string };
}[] = [
  {
    question: 'What does it cost to list?',
    answer: `Nothing. There is no sign-up or monthly fee: Privy keeps ${FACTS.commissionPercent}% of each booking’s price. Guests pay no booking fee either.`,
  },
  {
    question: 'Does my bathroom need to be fancy?',
    answer:
      'No. It needs to be clean, private and behind a door that locks, with the basics a guest expects, and described exactly as it is. Our listing standards spell out the details.',
    link: { to: '/standards', label: 'Read the listing standards' },
  },
  {
    question: 'Can I host if I rent my home or run a shop in a rented unit?',
    answer:
      'Check your lease, and any building, homeowners’ association or local rules, before you list. Some restrict letting paying visitors in. It is also worth telling your insurer. Privy cannot give legal advice, so if in doubt ask your landlord or a local adviser.',
  },
  {
    question: 'Who can book my bathroom?',
    answer: `Members aged ${FACTS.minimumAge} or over, signed in to their Privy account. They book a set time, pay first, and see your house rules before they book.`,
  },
  {
    question: 'Can I take a break from hosting?',
    answer:
      'Yes. Block out the dates, shorten your hours, or unpublish the listing so it no longer appears in search. Publish it again whenever you are ready.',
  },
];
