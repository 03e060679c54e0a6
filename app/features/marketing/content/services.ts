import {
  IconAccessible,
  IconBell,
  IconBolt,
  IconBriefcase,
  IconBuildingStore,
  IconCalendarOff,
  IconCash,
  IconChartBar,
  IconDoorEnter,
  IconReceiptRefund,
  IconSearch,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { EXAMPLE, FACTS } from '../facts.ts';
import type { Feature } from '../feature-grid.tsx';

export const GUEST_SERVICES: Feature[] = [
  {
    icon: IconSearch,
    title: 'Bathrooms near you, on demand',
    text: 'Search around you or any address and see what is free now. Each listing shows its price, distance and accessibility features side by side.',
  },
  {
    icon: IconBolt,
    title: 'Book in a minute',
    text: `Book the slot that starts now, or up to ${FACTS.bookAheadDays} days ahead, for ${FACTS.shortestBookingMinutes} minutes to 2 hours. Pay the price shown, with no fees added.`,
  },
  {
    icon: IconDoorEnter,
    title: 'Everything you need to get in',
    text: 'The moment your booking is confirmed, it shows the exact address and the host’s access instructions, and you check in from your phone.',
  },
  {
    icon: IconReceiptRefund,
    title: 'Clear cancellation rules',
    text: `Cancel ${FACTS.fullRefundMinutesBefore} minutes or more ahead for a full refund, later for ${FACTS.lateCancelRefundPercent}%. If your host cancels, you get everything back.`,
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
    icon: IconBell,
    title: 'Bookings as they happen',
    text: 'See each bathroom’s bookings live, be told when a guest books and checks in, and keep your own calendar in step with a private calendar feed.',
  },
  {
    icon: IconCash,
    title: 'Paid in advance',
    text: `Guests pay by card through Stripe before they arrive, so you never handle cash. Privy keeps ${FACTS.commissionPercent}% of each booking; the rest is your share.`,
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
    text: `Listing is free. Privy keeps ${FACTS.commissionPercent}% of each booking's price; on a ${EXAMPLE.price} booking your share is ${EXAMPLE.hostEarns}.`,
  },
];
