import type { ConversationPage, Message } from '../../../common/schemas/messages.ts';

/*
 * /messages-demo's sample conversation (spec §2): fixed, so the page is the same for everyone and
 * makes no call. A guest, Gina, booked Paula's bathroom in Austin for half an hour.
 */

export const DEMO_GUEST_ID = 'demo-guest';
const HOST_ID = 'demo-host';
const BOOKING_ID = '5b0e1f7a-2c4d-4e8f-9a1b-3c5d7e9f1a2b';
const CONVERSATION_ID = '8c2a4e6f-1b3d-4f5a-8c7e-9d0f2a4b6c8d';

const lines: [sender: string, at: string, content: string][] = [
  [
    DEMO_GUEST_ID,
    '2026-10-16T21:02:00.000Z',
    'Hi Paula! I booked tomorrow 9:30–10:00. Is there parking close by?',
  ],
  [HOST_ID, '2026-10-16T21:10:00.000Z', 'Hi Gina, welcome! Street parking on Elm St is free before 10 AM.'],
  [
    HOST_ID,
    '2026-10-16T21:11:00.000Z',
    'The side gate has a keypad; the code shows on your booking once it starts. Map of the gate: https://www.openstreetmap.org/?mlat=30.2489&mlon=-97.7501',
  ],
  [DEMO_GUEST_ID, '2026-10-16T21:15:00.000Z', 'Perfect, thank you!'],
  [DEMO_GUEST_ID, '2026-10-17T14:24:00.000Z', 'Running about 5 minutes late, sorry! Still fine?'],
  [HOST_ID, '2026-10-17T14:26:00.000Z', 'No problem at all. Take your time.'],
  [
    DEMO_GUEST_ID,
    '2026-10-17T15:05:00.000Z',
    'All done. Spotless bathroom, and the hand cream was a lovely touch. Thanks again!',
  ],
];

const messages: Message[] = lines.map(([senderId, createdAt, content], index) => ({
  id: `00000000-0000-4000-8000-00000000000${index + 1}`,
  conversationId: CONVERSATION_ID,
  bookingId: BOOKING_ID,
  senderId,
  content,
  createdAt,
  readAt: createdAt,
  editedAt: null,
  deletedAt: null,
  clientId: null,
}));

export const demoConversation: ConversationPage = {
  conversation: {
    conversationId: CONVERSATION_ID,
    bookingId: BOOKING_ID,
    role: 'guest',
    guest: { id: DEMO_GUEST_ID, firstName: 'Gina', avatarUrl: null },
    host: { id: HOST_ID, firstName: 'Paula', avatarUrl: null },
    bathroom: {
      id: '3e5a7c9b-1d2f-4a6c-8e0b-2d4f6a8c0e1b',
      title: 'Garden-view bathroom off South Congress',
      timeZone: 'America/Chicago',
    },
    booking: {
      startsAt: '2026-10-17T14:30:00.000Z',
      endsAt: '2026-10-17T15:00:00.000Z',
      status: 'completed',
    },
    lastMessage: messages.at(-1) ?? null,
    unreadCount: 0,
    canSend: false,
    closedReason: null,
  },
  messages,
  nextCursor: null,
  otherReadUpTo: '2026-10-17T15:10:00.000Z',
};
