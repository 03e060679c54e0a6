import {
  IconAccessible,
  IconBolt,
  IconBriefcase,
  IconBuildingStore,
  IconCalendarOff,
  IconCash,
  IconChartBar,
  IconMessage,
  IconReceiptRefund,
  IconSearch,
  IconStar,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { EXAMPLE, FACTS } from '../facts.ts';
import type { Feature } from '../feature-grid.tsx';

export const GUEST_SERVICES: Feature[] = [
  {
    icon: IconSearch,
    title: 'Bathrooms near you, on demand',
    text: 'Search around you or any address and see what is free now. Each listing shows its price, distance, rating and accessibility features side by side.',
  },
  {
    icon: IconBolt,
    title: 'Book in a minute',
    text: `Book the slot that starts now, or up to ${FACTS.bookAheadDays} days ahead, for ${FACTS.shortestBookingMinutes} minutes to 2 hours. Pay the price shown, with no fees added.`,
  },
  {
    icon: IconMessage,
    title: 'Talk to your host',
    text: 'Message your host about your booking from the moment it is confirmed: directions, a question about access, or running a few minutes late.',
  },
  {
    icon: IconReceiptRefund,
    title: 'Refunds when it goes wrong',
    text: `Clear cancellation rules and a refund request within ${FACTS.refundRequestDays} days if the bathroom was not what was promised, reviewed by a person.`,
    link: { to: '/terms#cancellations', label: 'Cancellation rules' },
  },
];

export const HOST_SERVICES: Feature[] = [
  {
    icon: IconBuildingStore,
    title: 'Your listing, your rules',
    text: 'Photos, description, accessibility features and private access instructions that only confirmed guests see.',
  },
  {
    icon: IconCalendarOff,
    title: 'Hours that fit your day',
    text: `Weekly opening hours, the booking lengths you accept, a cleaning break of ${FACTS.cleaningBuffers} between guests, and blocked-out dates when you are closed.`,
  },
  {
    icon: IconStar,
    title: 'Bookings, messages and reviews',
    text: 'See upcoming bookings, know when a guest checks in, message guests, and reply publicly to reviews.',
  },
  {
    icon: IconCash,
    title: 'Payouts through Stripe',
    text: `Guests pay in advance. When a booking is completed, your earnings (the price minus ${FACTS.commissionPercent}%) are paid to your bank through Stripe.`,
  },
];

export const BUSINESS_SERVICES: Feature[] = [
  {
    icon: IconBuildingStore,
    title: 'Cafés, shops and offices',
    text: 'Turn the customer restroom that people ask to use anyway into income, with paid bookings instead of "customers only" signs.',
  },
  {
    icon: IconAccessible,
    title: 'Accessible restroom providers',
    text: 'An accessible restroom is hard to find. List yours with its features described in detail, and the guests who need it most can find it and book it with confidence.',
  },
  {
    icon: IconTruckDelivery,
    title: 'Teams on the move',
    text: 'Drivers, couriers and field crews spend their days far from a bathroom. Each person can book with their own Privy account; talk to us about working with your team.',
    link: { to: '/contact', label: 'Talk to us' },
  },
  {
    icon: IconBriefcase,
    title: 'Events and busy days',
    text: 'Open extra hours on the days your street fills up, and block out the days you are closed, without changing anything else.',
  },
];

export const PRICING_POINTS: { icon: typeof IconChartBar; title: string; text: string }[] = [
  {
    icon: IconChartBar,
    title: 'Guests',
    text: `Pay the listed price for the time booked, nothing more: ${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour is ${EXAMPLE.price}. No membership, no booking fee.`,
  },
  {
    icon: IconCash,
    title: 'Hosts',
    text: `Listing is free. Privy keeps ${FACTS.commissionPercent}% of each booking's price when it is paid out; on a ${EXAMPLE.price} booking you earn ${EXAMPLE.hostEarns}.`,
  },
];
