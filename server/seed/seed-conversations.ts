import { insertBooking } from '../domains/bookings/repository.ts';
import { ensureConversation, insertMessagesAsWritten } from '../domains/messaging/repository.ts';
import { completeTestSession, insertTestSession } from '../domains/payments/repository.ts';
import { postCapture, postRelease } from '../domains/payouts/ledger-service.ts';
import type { AppServices } from '../services.ts';

/**
 * The demo guests' bookings and their conversations with the hosts (ADR 119), so /messages and
 * /bookings have something true to show on a first start. Written as the rows a paid booking
 * leaves (a completed test checkout, the confirmed or completed booking, its conversation): the
 * booking routes refuse the past, and a checkout would store APP_URL, which a snapshot must not
 * (ADR 079). Times are whole hours relative to the UTC day the seed runs, so a seeded snapshot,
 * reused all that day, says the same thing all day: upcoming bookings two or more days ahead,
 * past ones two or more days back, every message before today.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Line = { from: 'guest' | 'host'; text: string /** Hours from the booking's start. */; at: number };

type DemoBooking = {
  guest: string;
  host: string;
  /** Which of the host's published bathrooms (by title). */
  bathroom: number;
  /** The booking's start: days from today (UTC) and the UTC hour. */
  day: number;
  hour: number;
  minutes: 15 | 30 | 60;
  status: 'confirmed' | 'completed';
  /** Booked (and paid) this many hours before the start. */
  bookedBefore: number;
  lines: Line[];
  /** The guest has not read the host's last line yet (the demo's unread badge). */
  lastUnread?: boolean;
};

export const DEMO_CONVERSATIONS: DemoBooking[] = [
  {
    guest: 'gina@privy.test',
    host: 'paula@privy.test',
    bathroom: 0,
    day: 2,
    hour: 15,
    minutes: 30,
    status: 'confirmed',
    bookedBefore: 70,
    lines: [
      {
        from: 'guest',
        at: -69,
        text: 'Hi! I just booked your bathroom. Is there somewhere to leave a stroller?',
      },
      { from: 'host', at: -68.5, text: 'Hi Gina, yes: there is room by the coat rack just inside the door.' },
      { from: 'guest', at: -68, text: 'Perfect, thank you!' },
    ],
  },
  {
    guest: 'gina@privy.test',
    host: 'hector@privy.test',
    bathroom: 0,
    day: -2,
    hour: 16,
    minutes: 30,
    status: 'completed',
    bookedBefore: 3,
    lastUnread: true,
    lines: [
      { from: 'guest', at: -0.25, text: 'Running 5 minutes late, sorry!' },
      { from: 'host', at: -0.2, text: 'No problem, the slot is yours until half past.' },
      { from: 'guest', at: 0.1, text: 'Where is the key?' },
      { from: 'host', at: 0.12, text: 'In the lockbox left of the door. The code is in your booking.' },
      { from: 'guest', at: 0.6, text: 'Found it, all good. Spotless bathroom, thanks!' },
      { from: 'host', at: 0.75, text: 'Glad it worked out. See you next time!' },
    ],
  },
  {
    guest: 'gina@privy.test',
    host: 'paula@privy.test',
    bathroom: 1,
    day: -12,
    hour: 14,
    minutes: 15,
    status: 'completed',
    bookedBefore: 1,
    lines: [
      { from: 'guest', at: -0.5, text: 'Is the side entrance open on Sundays?' },
      { from: 'host', at: -0.4, text: 'It is. Ring the bell marked Privy and I will buzz you in.' },
    ],
  },
  {
    guest: 'gus@privy.test',
    host: 'hector@privy.test',
    bathroom: 1,
    day: 3,
    hour: 17,
    minutes: 60,
    status: 'confirmed',
    bookedBefore: 100,
    lines: [
      { from: 'guest', at: -98, text: 'Hello! Is there a shower I could use, or only the toilet?' },
      { from: 'host', at: -97, text: 'The shower is yours too. Towels are in the cabinet under the sink.' },
    ],
  },
  {
    guest: 'gus@privy.test',
    host: 'paula@privy.test',
    bathroom: 0,
    day: -3,
    hour: 18,
    minutes: 30,
    status: 'completed',
    bookedBefore: 2,
    lines: [
      { from: 'guest', at: -0.3, text: 'Parking nearby?' },
      { from: 'host', at: -0.25, text: 'Free street parking on the side street after 6 pm.' },
      { from: 'guest', at: 0.7, text: 'Thanks, everything was great.' },
    ],
  },
];

export function startOfUtcDay(instant: Date): Date {
  const day = new Date(instant);
  day.setUTCHours(0, 0, 0, 0);
  return day;
}

/** Seeds DEMO_CONVERSATIONS; skips any whose host has too few published bathrooms (Stripe mode). */
export async function seedDemoConversations(
  services: AppServices,
  ids: ReadonlyMap<string, string>,
  today = startOfUtcDay(new Date()),
): Promise<{ bookings: number; messages: number }> {
  const { db } = services;
  const hostIds = [...new Set(DEMO_CONVERSATIONS.map((plan) => ids.get(plan.host)))].filter(
    (id): id is string => id !== undefined,
  );
  if (!hostIds.length) return { bookings: 0, messages: 0 };
  const bathrooms = await db
    .selectFrom('bathrooms')
    .select(['id', 'host_id', 'title', 'hourly_price_cents', 'cleaning_buffer_minutes'])
    .where('status', '=', 'published')
    .where('host_id', 'in', hostIds)
    .orderBy('title')
    .orderBy('id')
    .execute();
  let bookings = 0;
  let messages = 0;
  await db.transaction().execute(async (trx) => {
    for (const [index, plan] of DEMO_CONVERSATIONS.entries()) {
      const guestId = ids.get(plan.guest);
      const hostId = ids.get(plan.host);
      const bathroom = bathrooms.filter((row) => row.host_id === hostId)[plan.bathroom];
      if (!guestId || !hostId || !bathroom) continue;
      const startsAt = new Date(today.getTime() + plan.day * DAY + plan.hour * HOUR);
      const endsAt = new Date(startsAt.getTime() + plan.minutes * 60_000);
      const bookedAt = new Date(startsAt.getTime() - plan.bookedBefore * HOUR);
      const priceCents = Math.round((bathroom.hourly_price_cents * plan.minutes) / 60);
      const paymentIntentId = `pi_test_demo${String(index).padStart(20, '0')}`;
      const { id: bookingId } = await insertBooking(trx, {
        bathroom_id: bathroom.id,
        guest_id: guestId,
        status: plan.status,
        starts_at: startsAt,
        ends_at: endsAt,
        duration_minutes: plan.minutes,
        cleaning_buffer_minutes: bathroom.cleaning_buffer_minutes,
        hourly_price_cents: bathroom.hourly_price_cents,
        price_cents: priceCents,
        hold_expires_at: null,
        confirmed_at: new Date(bookedAt.getTime() + 60_000),
        checked_in_at: plan.status === 'completed' ? startsAt : null,
        completed_at: plan.status === 'completed' ? endsAt : null,
        payment_intent_id: paymentIntentId,
        amount_paid_cents: priceCents,
        created_at: bookedAt,
        // The sweep would otherwise remind and ask for reviews of bookings long past.
        upcoming_notified_at: plan.status === 'completed' ? bookedAt : null,
        one_hour_notified_at: plan.status === 'completed' ? bookedAt : null,
        check_in_reminded_at: plan.status === 'completed' ? bookedAt : null,
        review_requested_at: plan.status === 'completed' ? endsAt : null,
        review_reminded_at: plan.status === 'completed' ? endsAt : null,
      });
      // The test provider's record of the payment, so a cancellation can refund it as usual.
      const sessionId = `cs_test_demo${String(index).padStart(20, '0')}`;
      await insertTestSession(trx, {
        id: sessionId,
        reference: bookingId,
        amount_cents: priceCents,
        currency: 'usd',
        description: `${bathroom.title}, ${plan.minutes} minutes`,
        customer_email: plan.guest,
        success_url: `/payment-success?session_id=${sessionId}`,
        cancel_url: `/cancel-booking-payment?booking=${bookingId}`,
        expires_at: new Date(bookedAt.getTime() + 15 * 60_000),
      });
      await completeTestSession(trx, sessionId, paymentIntentId, new Date(bookedAt.getTime() + 60_000));
      // The ledger's journals (ADR 128), as a real payment and completion post them: the demo
      // hosts have earnings pending, and payable on their completed bookings.
      await postCapture(trx, bookingId);
      if (plan.status === 'completed') await postRelease(trx, bookingId);
      bookings++;
      const conversationId = await ensureConversation(trx, { bookingId, guestId, hostId });
      messages += await insertMessagesAsWritten(
        trx,
        conversationId,
        plan.lines.map((line, at) => {
          const createdAt = new Date(startsAt.getTime() + line.at * HOUR);
          const unread = plan.lastUnread && at === plan.lines.length - 1;
          return {
            senderId: line.from === 'guest' ? guestId : hostId,
            content: line.text,
            createdAt,
            readAt: unread ? null : new Date(createdAt.getTime() + 5 * 60_000),
          };
        }),
      );
    }
  });
  return { bookings, messages };
}
