import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { MessagingService } from '../messaging/messaging-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { postRelease, releasableCancellations } from '../payouts/ledger-service.ts';
import type { ReviewService } from '../reviews/review-service.ts';
import { CHECK_IN_OPENS_MINUTES } from './booking-life.ts';
import { localWhen } from './booking-payments.ts';
import { moveBooking } from './booking-transitions.ts';
import { claimDueReminders, findBookingWithBathroom, listOverdueBookings } from './repository.ts';

/**
 * The minute sweep of a booking's timed moments (ADR 090, "Reminders and completion"): bookings
 * past their end complete; reminders go out 24 hours and 1 hour before the start, and when check-in
 * opens (10 minutes before). Review requests go out from the completing transaction (the reviews
 * domain decides who may review, ADR 124); their reminders are the reviews sweep's. Each step
 * claims its rows with a guarded UPDATE in the
 * transaction that sends the notifications, so every moment happens once, whichever process
 * sweeps, and a missed minute is caught up by the next.
 */

export const BOOKINGS_SWEEP_JOB = 'bookings.sweep';

export type SweepDeps = {
  db: Db;
  notifications: Pick<NotificationService, 'notifyMany' | 'notifyAdmins'>;
  /** Invites both parties to a last word once the booking completes (MESSAGE_REVIEW, ADR 122). */
  messaging: Pick<MessagingService, 'bookingCompleted'>;
  /** Asks both parties for their reviews once a checked-in booking completes (ADR 124). */
  reviews: Pick<ReviewService, 'bookingCompleted'>;
  now: () => Date;
};

/**
 * "3 hours 5 minutes": the words the panel's countdown parses (common/countdown.ts). Both parts are
 * always written, even "0 hours", because the parser takes the first hours and the first minutes
 * anywhere in the text: a missing part would be read from the bathroom's title ("3 Hour Spa").
 */
export function untilStart(startsAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.round((startsAt.getTime() - now.getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`;
  const minuteText = rest === 1 ? '1 minute' : `${rest} minutes`;
  return `${hourText} ${minuteText}`;
}

type ReminderText = (lead: string, title: string, when: string) => string;

const startsIn: { guest: ReminderText; host: ReminderText } = {
  guest: (lead, title, when) => `Starts in ${lead}: your booking at ${title} (${when}).`,
  host: (lead, title, when) => `Starts in ${lead}: a guest's booking at ${title} (${when}).`,
};

/**
 * Each timed reminder: how long before the start, its guest and host types, and their texts. The
 * lead ("3 hours 5 minutes") always comes before the bathroom's title, so the countdown parser
 * (common/countdown.ts) reads it rather than a number in the title. Check-in opens
 * CHECK_IN_OPENS_MINUTES before the start (booking-life.ts).
 */
const REMINDERS = {
  upcoming: {
    leadMinutes: 24 * 60,
    types: ['RESERVATION_UPCOMING', 'RESERVATION_OWNER_UPCOMING'],
    ...startsIn,
  },
  oneHour: { leadMinutes: 60, types: ['RESERVATION_ONE_HOUR', 'RESERVATION_OWNER_ONE_HOUR'], ...startsIn },
  checkIn: {
    leadMinutes: CHECK_IN_OPENS_MINUTES,
    types: ['RESERVATION_REMINDER', 'RESERVATION_OWNER_REMINDER'],
    guest: (lead, title, when) =>
      `Check-in is open: your booking starts in ${lead} at ${title} (${when}). Check in from the booking page when you arrive.`,
    host: (lead, title, when) =>
      `Check-in is open: a guest's booking starts in ${lead} at ${title} (${when}).`,
  },
} as const satisfies Record<
  string,
  { leadMinutes: number; types: readonly [string, string]; guest: ReminderText; host: ReminderText }
>;

export function createBookingSweep(deps: SweepDeps) {
  const { db } = deps;

  async function complete(bookingId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const moved = await moveBooking(trx, bookingId, 'completed');
      if (!moved.changed) return false;
      await postRelease(trx, bookingId);
      const row = await findBookingWithBathroom(trx, bookingId);
      if (!row) return false;
      const meta = { booking_id: row.id, bathroom_id: row.bathroom_id };
      const when = localWhen(row.starts_at, row.timezone);
      await deps.notifications.notifyMany(
        [
          {
            userId: row.guest_id,
            type: 'RESERVATION_COMPLETED',
            message: `Your booking at ${row.bathroom_title} on ${when} is complete. Thank you for using Privy.`,
            meta: { ...meta, user_id: row.host_id },
          },
          {
            userId: row.host_id,
            type: 'RESERVATION_OWNER_COMPLETED',
            message: `The booking at ${row.bathroom_title} on ${when} is complete.`,
            meta: { ...meta, user_id: row.guest_id },
          },
        ],
        trx,
      );
      await deps.notifications.notifyAdmins(
        {
          type: 'ADMIN_RESERVATION_COMPLETED',
          message: `A booking at ${row.bathroom_title} on ${when} completed.`,
          meta,
        },
        trx,
      );
      await deps.messaging.bookingCompleted(trx, bookingId);
      await deps.reviews.bookingCompleted(trx, bookingId);
      return true;
    });
  }

  async function remind(trx: Transaction<Database>, kind: keyof typeof REMINDERS, now: Date) {
    const reminder = REMINDERS[kind];
    const rows = await claimDueReminders(trx, kind, now, reminder.leadMinutes);
    const [guestType, hostType] = reminder.types;
    await deps.notifications.notifyMany(
      rows.flatMap((row) => {
        const startsAt = new Date(row.starts_at);
        const lead = untilStart(startsAt, now);
        const when = localWhen(startsAt, row.timezone);
        const meta = {
          booking_id: row.id,
          bathroom_id: row.bathroom_id,
          booking: { start_time: startsAt.toISOString(), bathroom: { title: row.bathroom_title } },
        };
        return [
          {
            userId: row.guest_id,
            type: guestType,
            message: reminder.guest(lead, row.bathroom_title, when),
            meta: { ...meta, user_id: row.host_id },
          },
          {
            userId: row.host_id,
            type: hostType,
            message: reminder.host(lead, row.bathroom_title, when),
            meta: { ...meta, user_id: row.guest_id },
          },
        ];
      }),
      trx,
    );
    return rows.length;
  }

  return {
    /** One pass; returns what it did (for the tests and the logs). */
    async sweep() {
      const now = deps.now();
      let completed = 0;
      for (const { id } of await listOverdueBookings(db, now)) if (await complete(id)) completed += 1;
      // A cancelled booking's kept earnings (a late cancellation's half) become payable at its end.
      let released = 0;
      for (const { id } of await releasableCancellations(db, now, 200)) {
        if (await db.transaction().execute((trx) => postRelease(trx, id))) released += 1;
      }
      const upcoming = await db.transaction().execute((trx) => remind(trx, 'upcoming', now));
      const oneHour = await db.transaction().execute((trx) => remind(trx, 'oneHour', now));
      const checkIn = await db.transaction().execute((trx) => remind(trx, 'checkIn', now));
      return { completed, released, upcoming, oneHour, checkIn };
    },
  };
}

export type BookingSweep = ReturnType<typeof createBookingSweep>;
