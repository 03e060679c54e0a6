import { EXAMPLE, FACTS } from '../facts.ts';
import { LEGAL_UPDATED } from './legal.ts';
import type { LegalDocumentContent } from './types.ts';

const F = FACTS;

export const TERMS: LegalDocumentContent = {
  title: 'Terms of service',
  lead: 'The agreement between you and Privy when you use Privy as a guest, a host or both. We have written it to be read: plain words, short sections, and the rules that matter most to your money and your time stated up front.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: 'summary',
      title: 'The short version',
      blocks: [
        {
          list: [
            'Privy is a marketplace. Hosts offer their own bathrooms; guests book them for a set time. Privy runs the platform, takes payments and helps when something goes wrong, but does not own or run the bathrooms.',
            `You pay the price shown when you book, in US dollars, with nothing added at checkout. Hosts set an hourly price between $${F.hourlyPriceMinDollars} and $${F.hourlyPriceMaxDollars}; Privy keeps a ${F.commissionPercent}% commission from the host's earnings.`,
            `Cancel ${F.fullRefundMinutesBefore} minutes or more before your start time for a full refund; later than that, ${F.lateCancelRefundPercent}% back; after the start, no automatic refund. If a host cancels, you always get a full refund.`,
            'Something wrong with a booking? Tell us, and while it is still on we can cancel it with a full refund.',
            'Treat the space, the host and other people with respect. Hosts keep their bathrooms clean, private, safe and as described.',
          ],
        },
        'The sections below are the full terms. If anything in the short version seems to differ from them, the full terms apply.',
      ],
    },
    {
      id: 'about',
      title: 'About these terms',
      blocks: [
        'These terms are an agreement between you and Privy ("Privy", "we", "us"). By creating an account or booking or listing a bathroom, you agree to them and to our [Privacy policy](/privacy-policy), which explains how we handle your information.',
        "A **guest** is anyone who books a bathroom. A **host** is anyone who lists one. A **booking** is a guest's reservation of one bathroom for a set start time and length. The same account can be a guest and a host.",
      ],
    },
    {
      id: 'accounts',
      title: 'Your account',
      blocks: [
        {
          list: [
            `You must be at least ${F.minimumAge} years old to create an account.`,
            'Sign up with an email address or a mobile phone number and a password of 8 to 128 characters. We confirm email addresses with a link and phone numbers with a 6-digit code.',
            'Give accurate details and keep them up to date. One account belongs to one person; do not share it or sign in as someone else.',
            'Keep your password and sign-in codes to yourself. We strongly recommend turning on two-step sign-in in [Profile and security](/profile/security). Privy staff will never ask for your password or a code.',
            'You are responsible for what happens under your account. If you think someone else has used it, change your password, sign out your other sessions and tell us at once.',
          ],
        },
        'To protect guests and hosts we may place an account **under review** while we look into a report or unusual activity, or **disable** it if these terms are broken. While an account is under review or disabled it cannot book or host; you can always sign out and contact us.',
      ],
    },
    {
      id: 'bookings',
      title: 'How bookings work',
      blocks: [
        `Bookings start on the quarter hour (:00, :15, :30 or :45) and last ${F.bookingLengths}. A host may offer only some of those lengths. You can book the slot that starts right now, or up to ${F.bookAheadDays} days ahead.`,
        {
          steps: [
            `When you choose a time, it is held for you for ${F.paymentHoldMinutes} minutes while you pay. If payment is not completed in that time, the booking expires and the time is offered to others again.`,
            "Once payment succeeds, the booking is **confirmed**. Only then do you see the exact address and the host's access instructions. Before that, listings show the general area (within about a third of a mile) and the distance.",
            `You can check in from ${F.checkInMinutesBefore} minutes before your start time until the end of the booking. The host is told when you check in.`,
            'The booking ends at its end time. Please leave on time: hosts may have another guest or a cleaning break right after you.',
          ],
        },
        "A booking gives you the right to use that bathroom, alone or with the people you need with you (a child, a carer, an assistance animal), for the booked time. It does not give access to any other part of the host's premises beyond the route to the bathroom.",
        'Two bookings of the same bathroom never overlap: nobody else can book your time.',
      ],
    },
    {
      id: 'payments',
      title: 'Prices and payments',
      blocks: [
        `Prices are in US dollars. Each host sets an hourly price between $${F.hourlyPriceMinDollars}.00 and $${F.hourlyPriceMaxDollars}.00. A booking's price is the hourly price times the length of the booking, rounded to the nearest cent: for example, ${EXAMPLE.minutes} minutes at ${EXAMPLE.hourly} an hour costs ${EXAMPLE.price}.`,
        '**The price you see is the price you pay.** Privy does not add booking fees or service fees at checkout. Your bank may charge its own fees, for example for a card issued outside the United States.',
        'Payments are processed by Stripe. Privy never sees or stores your full card number. When you pay, Privy collects the payment on behalf of the host and pays the host their earnings as described in [Hosting on Privy](#hosting).',
        'If a payment is reversed or disputed with your bank, the booking may be cancelled and the related earnings withheld from the host until the dispute is settled.',
        'Never ask for or offer payment outside Privy: off-platform payments are not protected by these terms.',
      ],
    },
    {
      id: 'cancellations',
      title: 'Cancellations and refunds',
      blocks: [
        {
          table: {
            caption: 'What you get back when a booking is cancelled',
            head: ['Who cancels, and when', 'Refund to the guest'],
            rows: [
              [`Guest, ${F.fullRefundMinutesBefore} minutes or more before the start`, 'Full refund'],
              [
                `Guest, less than ${F.fullRefundMinutesBefore} minutes before the start`,
                `${F.lateCancelRefundPercent}% of the price`,
              ],
              ['Guest, after the start', 'No automatic refund (tell us if something went wrong)'],
              ['Host, at any time', 'Full refund'],
              ['Booking cancelled because the host closed the bathroom for that time', 'Full refund'],
              ['Unpaid booking expires', 'Nothing was charged'],
            ],
          },
        },
        'Refunds go back to the card you paid with. Your bank decides how long it takes to show, usually 5 to 10 business days.',
        { subheading: 'If something went wrong' },
        'If you could not get in, or the bathroom was not clean, not as described or missing a listed accessibility feature, tell us through the [contact form](/contact) with the date and time of the booking. While a booking is still on, our team can cancel it with a full refund.',
      ],
    },
    {
      id: 'hosting',
      title: 'Hosting on Privy',
      blocks: [
        'Any signed-in member can ask to become a host. Our team reviews each request and may approve or decline it. We may later withdraw hosting rights if these terms or our [Listing standards](/standards) are broken; when we do, your listings are unpublished and your future bookings are cancelled with full refunds to the guests.',
        { subheading: 'What you promise as a host' },
        {
          list: [
            'You have the right to offer the bathroom for paid, short bookings: as the owner, or with the permission of your landlord, building or business, and in line with local rules, permits and insurance that apply to you.',
            'Your listing is accurate and current: photos, description, accessibility features, opening hours and price.',
            'The bathroom meets our [Listing standards](/standards) for cleanliness, privacy, accessibility information and safety at the start of every booking.',
            'Your access instructions work. If a guest cannot get in because of you, they are entitled to a full refund.',
            'You honour confirmed bookings. If you must cancel, the guest gets a full refund; cancelling often may lead to your account being placed under review.',
            'You never install cameras or any recording device inside a bathroom you list.',
          ],
        },
        { subheading: 'Your share' },
        `You choose your hourly price, opening hours, the booking lengths you accept and an optional cleaning break of ${F.cleaningBuffers} after each booking. Privy keeps a commission of **${F.commissionPercent}%** of each booking's price from your earnings; guests pay no fee on top. For example, a ${EXAMPLE.minutes}-minute booking at ${EXAMPLE.hourly} an hour costs the guest ${EXAMPLE.price}, and you earn ${EXAMPLE.hostEarns}.`,
        "To publish a listing, you link a Stripe Connect account and complete Stripe's identity and bank checks; that is the account your share of each booking is paid to. A refund on a booking reduces its earnings in proportion. If we change the commission rate, the new rate applies only to bookings made after we tell you.",
        'You are responsible for any taxes on your earnings. Stripe may ask for tax details and issue tax forms where the law requires.',
      ],
    },
    {
      id: 'guest-conduct',
      title: 'Guest conduct',
      blocks: [
        'Hosts open their own spaces to people they have never met. In return, every guest agrees to:',
        {
          list: [
            'use the bathroom only during the booked time and only for its usual purpose;',
            'leave it as you found it, report anything broken or running low, and never damage it;',
            "follow the host's access instructions and any reasonable house rules in the listing;",
            'keep access codes and instructions to yourself, and never pass a booking to someone else;',
            'never record, photograph or film other people, and never do anything illegal or unsafe on the premises;',
            'be polite to the host and anyone else you meet on the way.',
          ],
        },
        'If a guest causes damage, the host can report it to us and we will help the two of you settle it. We may ask the guest to pay for repairs and may put the account under review.',
      ],
    },
    {
      id: 'content',
      title: 'Your content and ours',
      blocks: [
        'You keep ownership of the photos and descriptions you post. You give Privy a worldwide, non-exclusive, royalty-free licence to store, show, resize and share them as needed to run and promote Privy, for as long as they are on Privy and for a reasonable time after for backups and records.',
        'Only post content you have the right to post, and never photos that show people without their permission. The Privy name, logo, software and site design belong to Privy.',
      ],
    },
    {
      id: 'prohibited',
      title: 'What is not allowed',
      blocks: [
        {
          list: [
            'Fake accounts, fake listings or fake bookings.',
            'Taking bookings or payments outside Privy for guests you met through Privy.',
            "Collecting other members' personal data, scraping the site, or sending spam through the contact form.",
            'Trying to get around our security, rate limits or account reviews, or creating a new account after yours was disabled.',
            'Discriminating against guests or hosts because of race, religion, national origin, disability, sex, gender identity, sexual orientation or age.',
          ],
        },
      ],
    },
    {
      id: 'ending',
      title: 'Closing your account',
      blocks: [
        'You can stop using Privy at any time. To close your account, write to us from the address or phone number on it; we close it once your upcoming bookings are finished or cancelled under these terms and any refunds and payments are settled.',
        "We may place your account under review or disable it if you break these terms, if the law requires it, or to protect other members. Where it is safe to do so, we tell you why and how to appeal. Bookings already confirmed when a host's account is disabled are cancelled with full refunds.",
      ],
    },
    {
      id: 'liability',
      title: 'Our responsibility to you',
      blocks: [
        'Hosts are responsible for their bathrooms and premises. Privy checks hosts before they can list and enforces our standards, but we do not inspect every bathroom before every booking and cannot promise that a bathroom will always be available or exactly as described. When it is not, our [refund process](#cancellations) is there to put it right.',
        'To the fullest extent the law allows, Privy is not liable for indirect or consequential losses, and our total liability to you for any claim about Privy is limited to the greater of the amounts you paid or earned through Privy in the 12 months before the claim, or $100.',
        'Nothing in these terms limits liability that cannot be limited by law, such as for death or personal injury caused by negligence, or for fraud, and nothing takes away rights you have as a consumer.',
      ],
    },
    {
      id: 'disputes',
      title: 'Disputes',
      blocks: [
        '**Between a guest and a host.** Either of you can [contact us](/contact). We will look at the booking record and what each of you tells us, and decide under these terms; while a booking is still on, we can cancel it with a full refund.',
        '**Between you and Privy.** Please contact us first at {contactEmail} and give us 30 days to try to put things right. If we cannot, either of us may take the claim to small-claims court, or to the courts of the state in the United States where you live. These terms are governed by the laws of that state and applicable federal law.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      blocks: [
        'We may update these terms as Privy grows. For changes that matter, we will email you or tell you in the app at least 30 days before they apply. Bookings already confirmed stay under the terms that applied when they were made. If you do not agree with a change, you can close your account before it applies.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        'Questions about these terms? Write to us at {contactEmail} or use the [contact form](/contact). We answer every message.',
      ],
    },
  ],
};
