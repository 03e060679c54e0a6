import { FACTS } from '../facts.ts';
import type { DocSection } from './types.ts';

export const SAFETY_SECTIONS: DocSection[] = [
  {
    id: 'emergencies',
    title: 'Emergencies',
    blocks: [
      {
        tone: 'danger',
        title: 'In an emergency, call 911 first',
        callout:
          'If someone is hurt or unwell, if there is a fire or a gas or water leak you cannot stop, or if you feel threatened, call **911** straight away. The address of your booking is on your booking page. Privy cannot send help, so please call 911 before you contact us.',
      },
      'When everyone is safe, tell us what happened through the [contact form](/contact) or at {contactEmail}, with the date and time of the booking. We will follow up with both the guest and the host.',
    ],
  },
  {
    id: 'verification',
    title: 'How we verify people',
    blocks: [
      {
        list: [
          '**Every account** confirms its email address with a link or its phone number with a 6-digit code. Sign-in attempts are limited, so passwords cannot be guessed.',
          '**Two-step sign-in** with an authenticator app is available to everyone in [Profile and security](/profile/security), with backup codes in case you lose your phone.',
          '**Every host** is reviewed by the Privy team before they can list a bathroom.',
          '**Every host is verified by Stripe,** our payments partner, which checks their identity and bank details before a listing can be published.',
          '**Payments** are handled by Stripe. Guests and hosts never exchange card details or cash, and nobody at Privy sees your full card number.',
        ],
      },
    ],
  },
  {
    id: 'guests',
    title: 'For guests',
    blocks: [
      { subheading: 'Before you go' },
      {
        list: [
          'Check the listing: its photos, the accessibility features and the opening hours.',
          'The exact address and the access instructions appear on your booking once it is confirmed. Nobody should ask you to pay or confirm anything outside Privy to get them.',
          'If you need something specific, such as step-free access or room for a carer, check the listing’s accessibility features before you book. Hosts describe them as they really are ([Listing standards](/standards)).',
        ],
      },
      { subheading: 'When you arrive' },
      {
        list: [
          `Check in from ${FACTS.checkInMinutesBefore} minutes before your start time. The host is told you have arrived.`,
          'Lock the door behind you. Privacy during your booking is part of our [Listing standards](/standards#privacy).',
          'Keep the door code or access details to yourself, and do not let anyone else in on your booking.',
          'If anything feels wrong, leave. Your safety matters more than the booking; then tell us through the [contact form](/contact).',
        ],
      },
    ],
  },
  {
    id: 'hosts',
    title: 'For hosts',
    blocks: [
      {
        list: [
          'Guests can only arrive during a booking you have accepted by opening those hours. You are never expected to let anyone in at any other time.',
          'Every guest has a Privy account and a paid booking. Their check-in tells you they have arrived.',
          'Change door codes regularly, ideally every day, and never reuse a code across listings.',
          'Keep the route to the bathroom clear, lit and free of trip hazards, and keep cleaning products and medicines out of reach.',
          'Never install a camera or any recording device inside the bathroom. If a camera covers an entrance or a shared area on the way, say so in your listing.',
          'Keep valuables out of the bathroom and the route to it.',
        ],
      },
    ],
  },
  {
    id: 'hygiene',
    title: 'Hygiene',
    blocks: [
      `Hosts clean and restock the bathroom before every guest, and can add a cleaning break of ${FACTS.cleaningBuffers} after each booking so there is always time to do it. The full checklist is in our [Listing standards](/standards#cleanliness).`,
      'Guests: please wash your hands, flush, and leave the bathroom as you found it. If something is broken, blocked or has run out, tell us through the [contact form](/contact) so the next guest finds it fixed.',
    ],
  },
  {
    id: 'something-wrong',
    title: 'If something is wrong',
    blocks: [
      {
        list: [
          '**You cannot get in, or the bathroom is not as described:** tell us through the [contact form](/contact) right away, with the date and time of the booking. While a booking is still on, the Privy team can cancel it with a full refund.',
          '**The bathroom was not clean, or a listed accessibility feature was missing:** tell us with the date and time of the booking. Photos help, and you can send them when we reply.',
          '**A guest damaged something or broke the rules:** tell us with the booking date and what happened. We will look into it with both sides.',
          '**You think someone has used your account:** change your password, sign out of every other session in [Profile and security](/profile/security), turn on two-step sign-in, then tell us.',
          '**Someone asks you to pay outside Privy, or asks for a sign-in code:** do not. It is a scam. Privy will never ask for your password or a code. Report it to us.',
        ],
      },
    ],
  },
  {
    id: 'reporting',
    title: 'Reporting a problem to us',
    blocks: [
      'Use the [contact form](/contact) or write to {contactEmail}. It helps to include:',
      {
        list: [
          'the date and time of the booking, and the listing or the person concerned;',
          'what happened, in your own words;',
          'photos or screenshots, if you have them (you can send these when we reply).',
        ],
      },
      'A person reads every report. Safety reports go to the front of the queue. While we look into a serious report we may place an account under review, which pauses it at once. We do not tell the other person who made a report, unless the law requires it.',
    ],
  },
];
