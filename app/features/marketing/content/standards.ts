import { FACTS } from '../facts.ts';
import type { DocSection } from './types.ts';

export const STANDARDS_SECTIONS: DocSection[] = [
  {
    id: 'cleanliness',
    title: 'Cleanliness',
    blocks: [
      'Every guest arrives to a bathroom that has been checked and cleaned since the last one left. Before each booking, the host makes sure that:',
      {
        list: [
          'the toilet, seat, sink, taps, mirror and floor are clean and dry;',
          'there is toilet paper, soap, and paper towels or a working hand dryer, with spares in reach;',
          'there is a bin, emptied often enough that it is never full;',
          'the toilet flushes, the taps run hot and cold water, and the light and ventilation work;',
          'the room smells clean, without a strong cover-up scent.',
        ],
      },
      `Hosts can add a cleaning break of ${FACTS.cleaningBuffers} after every booking, so the next guest never waits on a bathroom that is still being cleaned. We recommend it for bathrooms that are booked back to back.`,
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    blocks: [
      {
        list: [
          'The door locks from the inside, and the lock works.',
          "One booking at a time: nobody else is let in during a guest's booking, and two bookings never overlap.",
          'No cameras, microphones or recording devices of any kind inside the bathroom, ever. Any camera covering an entrance or a shared area on the way must be stated in the listing.',
          'The exact address and access instructions are shown only to the guest of a confirmed booking. Listings show the area and the distance, never the address.',
          "Hosts use guests' details only for the booking, and guests treat what they see of a host's home or business the same way.",
        ],
      },
    ],
  },
  {
    id: 'accessibility',
    title: 'Accessibility',
    blocks: [
      'For many guests, whether they can use a bathroom at all depends on details. So each listing shows its accessibility features as clearly as its price, and hosts describe only what is really there:',
      {
        list: [
          'whether the route from the street is step-free, and if not, how many steps there are;',
          'the width of the doors on the way and into the bathroom;',
          'grab bars, and on which side of the toilet they are;',
          'whether there is room to turn a wheelchair inside, and the height of the toilet and sink;',
          'a baby-changing table, and whether the bathroom is gender-neutral;',
          'whether assistance animals are welcome (they must be, wherever the law says so).',
        ],
      },
      'If a listed accessibility feature is missing when you arrive, tell us through the [contact form](/contact), and we will have the host correct the listing.',
    ],
  },
  {
    id: 'safety',
    title: 'Safety',
    blocks: [
      {
        list: [
          'The route to the bathroom is clear, well lit and free of trip hazards.',
          'Cleaning products, medicines and sharp objects are stored out of reach.',
          'There is nothing in the bathroom that could hurt someone: loose fittings, exposed wiring, or broken tiles or glass.',
          'The host follows the building, fire and health rules that apply to their premises.',
          'The access instructions are clear enough for a first-time visitor to follow, in a hurry.',
        ],
      },
      'More on staying safe, for guests and hosts, is on our [Safety page](/safety).',
    ],
  },
  {
    id: 'accuracy',
    title: 'Accurate listings',
    blocks: [
      {
        list: [
          'Photos are recent and show the bathroom as it is today.',
          'The description, opening hours, price and accessibility features are kept up to date.',
          'The hours a bathroom is open for booking are hours the host can honour. When it has to close, the host blocks out the time, and any booking already made is cancelled with a full refund.',
        ],
      },
    ],
  },
  {
    id: 'enforcement',
    title: 'How we keep to these standards',
    blocks: [
      {
        steps: [
          'Our team reviews every request to become a host, and these standards are what we hold every listing to.',
          'Guests can report a problem through the [contact form](/contact). Each report is read by a person.',
          "A host whose listing falls short is asked to fix it. Repeated or serious problems, or any recording device in a bathroom, end a host's place on Privy.",
        ],
      },
    ],
  },
];
