import { FACTS } from '../facts.ts';
import { LEGAL_UPDATED } from './legal.ts';
import type { LegalDocumentContent } from './types.ts';

export const PRIVACY: LegalDocumentContent = {
  title: 'Privacy policy',
  lead: 'What Privy collects about you, why, who sees it, how long we keep it and what you can ask us to do with it. We collect what it takes to book a bathroom safely and nothing more: no advertising trackers, no selling your data.',
  updated: LEGAL_UPDATED,
  sections: [
    {
      id: 'summary',
      title: 'The short version',
      blocks: [
        {
          list: [
            'We use your details to run your bookings, payments and account security, and to help when something goes wrong.',
            'We never sell your personal information and we do not use advertising or analytics trackers.',
            'A host sees the exact address of a bathroom only if they list it; a guest sees it only once their booking is confirmed.',
            'We use only essential cookies: one to keep you signed in, a few short-lived ones during sign-in, and your colour-mode choice stored in your browser.',
            'You can see, correct, download or delete your information. Ask us at {contactEmail}.',
          ],
        },
      ],
    },
    {
      id: 'collect',
      title: 'What we collect',
      blocks: [
        { subheading: 'What you give us' },
        {
          list: [
            '**Account details:** your email address or phone number, your name, an optional profile photo, and your password, which we store only as a one-way hash.',
            '**Saved addresses:** places you save to search from; the first one is your default.',
            '**Bookings:** which bathroom, when, how long, the price, check-in time, cancellations and refunds.',
            '**Messages you send us** through the contact form.',
            '**If you host:** your listing (photos, description, address, opening hours, price, accessibility features, access instructions) and your Stripe Connect account reference.',
          ],
        },
        { subheading: 'What we collect as you use Privy' },
        {
          list: [
            '**Sign-in and security records:** your active sessions (device and browser, IP address, when they were created), failed sign-in attempts, and whether you use two-step sign-in. We keep these to stop people breaking into accounts.',
            '**Your location, only when you ask:** if you search "near me", your browser asks your permission and shares your position for that search. We do not track your location in the background.',
            '**Server logs:** the pages and API calls requested, with the time, IP address and any error, so we can keep Privy running and investigate abuse.',
          ],
        },
        { subheading: 'What others give us' },
        'Stripe, our payment processor, tells us whether a payment or refund succeeded, and gives us a reference for it. We never receive your full card number. For hosts, Stripe tells us whether your account is verified; it keeps the identity documents it asks for.',
      ],
    },
    {
      id: 'use',
      title: 'Why we use it',
      blocks: [
        {
          list: [
            '**To provide Privy:** show listings, hold and confirm bookings, take payments and make refunds, and send booking updates and reminders.',
            '**To keep people safe:** verify email addresses and phone numbers, protect accounts, review hosts, investigate reports, and prevent fraud and misuse.',
            '**To help you:** answer your messages and look into problems with a booking.',
            '**To meet our legal duties:** keep payment and tax records, and respond to lawful requests.',
            '**To improve Privy:** using counts and totals (how many bookings, how long searches take), never profiles of individual people for marketing.',
          ],
        },
        'We send you emails about your account and bookings, and text messages with sign-in and reset codes if you use a phone number. We do not send marketing messages.',
      ],
    },
    {
      id: 'sharing',
      title: 'Who can see your information',
      blocks: [
        {
          list: [
            "**The other person in a booking.** A host sees the guest's name, profile photo and the booking. A guest sees the host's name, the listing and, once the booking is confirmed, the exact address and access instructions. Listings and search results show only the area, within about " +
              `${FACTS.areaFuzzMiles} miles, and the distance.`,
            "**Everyone visiting Privy** can see public listing details and hosts' public profiles.",
            '**Service providers** who work for us under contract: Stripe for payments, our email and text-message delivery services, and our hosting provider. They may use your information only to provide their service to us.',
            '**Authorities**, when the law requires it or when it is needed to protect someone from serious harm. Where we can, we tell you first.',
            '**A buyer of Privy**, if the company is ever sold or merged, under this same policy.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and browser storage',
      blocks: [
        'Privy uses only what is essential for the site to work. There are no advertising, analytics or third-party tracking cookies, so there is nothing to opt out of and no cookie banner.',
        {
          table: {
            caption: 'Everything Privy stores in your browser',
            head: ['Name', 'What it does', 'How long it lasts'],
            rows: [
              ['privy.session_token (cookie)', 'Keeps you signed in.', 'Until you sign out, or 400 days'],
              [
                'privy.two_factor (cookie)',
                'Remembers, during sign-in, that your password was right while you enter your two-step code.',
                '10 minutes',
              ],
              [
                'privy.trust_device (cookie)',
                'Lets this device skip the two-step code, only if you tick "trust this device".',
                '30 days',
              ],
              [
                'privy.redirect (cookie)',
                'Remembers the page you asked for while you sign in, so we can take you back to it.',
                '30 minutes',
              ],
              [
                'mantine-color-scheme-value (local storage)',
                'Your choice of light, dark or system colour mode. It never leaves your browser.',
                'Until you clear it',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'retention',
      title: 'How long we keep it',
      blocks: [
        {
          list: [
            '**Your account** is kept while it is open. When you close it, we delete or anonymise your profile, photo and saved addresses within 30 days.',
            '**Booking and payment records** are kept for 7 years after the booking, because tax and accounting law requires it. After your account is closed, they are no longer linked to your profile.',
            '**Messages to our support team** are kept for 2 years after the conversation ends.',
            '**Sign-in sessions** end when you sign out or after 400 days; sign-in attempt records are kept for 30 days; server logs for 30 days.',
          ],
        },
      ],
    },
    {
      id: 'rights',
      title: 'Your rights and choices',
      blocks: [
        'Wherever you live, you can ask us to:',
        {
          list: [
            'show you the personal information we hold about you, and send you a copy in a common format;',
            'correct it (you can edit most of it yourself in [your profile](/profile));',
            'delete it, apart from the records we must keep by law;',
            'stop using it for any purpose you object to, where we are not required to use it.',
          ],
        },
        'Write to {contactEmail} from the email address or phone number on your account, or use the [contact form](/contact). We answer within 30 days and never charge for it. If you are not happy with our answer, you can complain to your local data protection or consumer protection authority.',
        'California residents: we do not sell or share personal information for cross-context behavioural advertising, and we do not use sensitive personal information beyond what it takes to provide Privy.',
      ],
    },
    {
      id: 'security',
      title: 'How we protect it',
      blocks: [
        'Passwords are stored only as strong one-way hashes. Every connection to Privy is encrypted. You can turn on two-step sign-in with an authenticator app and see and end your active sessions in [Profile and security](/profile/security). Inside Privy, only the people who need account details for their work, such as answering your message or reviewing a report, can see them.',
        'If a breach affecting your information ever happens, we will tell you and the authorities as the law requires, without undue delay.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: [
        `Accounts are for people aged ${FACTS.minimumAge} and over. Children are welcome as part of a booking made by their parent or carer, but we do not knowingly collect information about them. If you believe a child has created an account, tell us and we will delete it.`,
      ],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'If we change how we use your information in a way that matters, we will email you or tell you in the app at least 30 days before the change applies. The date at the top of this page shows when it last changed.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: [
        'Questions or requests about your privacy go to {contactEmail}, or use the [contact form](/contact) with "Privacy" in the subject. A person on our team reads every one.',
      ],
    },
  ],
};
