import {
  type BookingView,
  bookingPriceCents,
  type CreateBookingInput,
} from '../../../common/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { isExclusionViolation } from '../../db/exclusion-violation.ts';
import { AppError } from '../../http/errors.ts';
import { readSlotSchedule } from '../availability/slot-schedule.ts';
import { type BookingRules, refusal } from '../availability/slots.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { EXPIRE_HOLD_JOB } from './booking-jobs.ts';
import type { BookingPayments } from './booking-payments.ts';
import { notBookable, ownBathroom, refusalError, SLOT_TAKEN_MESSAGE } from './booking-refusals.ts';
import type { BookingActor } from './booking-service.ts';
import { expireStaleHolds } from './booking-transitions.ts';
import { toView } from './booking-view.ts';
import { createHoldAttempts, MAX_BUFFER_MS, type SlotSchedule } from './hold-attempts.ts';
import { findBookingWithBathroom, insertBooking, lockBookingForPayment } from './repository.ts';

type HoldBookingDeps = {
  db: Db;
  jobs: Scheduler;
  log: { warn: (obj: object, msg: string) => void };
  now: () => Date;
  rules: () => Promise<BookingRules & { holdMinutes: number }>;
  paying: Pick<BookingPayments, 'startCheckout' | 'closeSession'>;
};

/** POST /api/bookings: a guest's hold on a slot, and the checkout that pays for it. */
export function createHoldBooking(deps: HoldBookingDeps) {
  const { db, jobs, paying } = deps;
  const attempts = createHoldAttempts(db);

  async function scheduleExpiry(bookingId: string, holdExpiresAt: Date) {
    // Not running (tests, tools): the minute sweep and the stale-hold check at booking time cover it.
    if (!jobs.isRunning()) return;
    try {
      await jobs.send(EXPIRE_HOLD_JOB, { bookingId }, { startAfter: holdExpiresAt, singletonKey: bookingId });
    } catch (error) {
      deps.log.warn({ err: error, bookingId }, 'could not schedule hold expiry; the sweep will expire it');
    }
  }

  /** Holds released inside a booking's transaction lose their checkout too (best effort). */
  async function closeReleasedSessions(bookingIds: string[]) {
    for (const id of bookingIds) {
      const row = await lockBookingForPayment(db, id);
      if (row?.checkout_session_id) await paying.closeSession(row.checkout_session_id);
    }
  }

  /**
   * Holds a slot for a guest (pending_payment for the hold minutes in force). First, after any overlapping
   * attempt of this process has finished, one fresh read answers every refusal (hold-attempts.ts).
   * Then one transaction: the bathroom is published and not the guest's own; stale holds on it
   * are expired first; the slot engine decides on the rows this transaction sees; the insert then
   * meets the exclusion constraint, which settles a race the engine could not see (23P01 → 409).
   */
  return async function holdBooking(
    actor: BookingActor,
    input: CreateBookingInput,
  ): Promise<{ booking: BookingView; checkoutUrl: string }> {
    const now = deps.now();
    const rules = await deps.rules();
    const startsAt = new Date(input.startsAt);
    const duration = input.durationMinutes;
    const endsAt = new Date(startsAt.getTime() + duration * 60_000);
    // The same rules, in the same order, before the transaction (on a fresh shared read) and in it.
    const admit = (found: SlotSchedule | null) => {
      if (found?.status !== 'published') throw notBookable();
      if (found.host_id === actor.userId) throw ownBathroom();
      const why = refusal(found.schedule, startsAt, duration, now, rules);
      if (why) throw refusalError(why, found.allowed_durations, rules);
    };
    let bookingId: string;
    let holdExpiresAt: Date;
    let released: string[];
    try {
      ({ bookingId, holdExpiresAt, released } = await attempts.run(
        { bathroomId: input.bathroomId, start: startsAt, end: endsAt },
        admit,
        () =>
          db.transaction().execute(async (trx) => {
            // The bathroom share-locked and its schedule read in one statement (its rules cannot
            // change until this booking is decided); the window covers the longest buffer.
            const window = { start: startsAt, end: new Date(endsAt.getTime() + MAX_BUFFER_MS) };
            const bathroom = await readSlotSchedule(trx, input.bathroomId, window, { lockBathroom: true });
            admit(bathroom);
            if (!bathroom) throw notBookable();
            // Holds past their expiry no longer count (the read left them out) but still stand in
            // the exclusion constraint: expire them first, when there are any.
            const released = bathroom.has_lapsed_holds ? await expireStaleHolds(trx, bathroom.id) : [];
            const hold = new Date(now.getTime() + rules.holdMinutes * 60_000);
            const row = await insertBooking(trx, {
              bathroom_id: bathroom.id,
              guest_id: actor.userId,
              status: 'pending_payment',
              starts_at: startsAt,
              ends_at: endsAt,
              duration_minutes: duration,
              cleaning_buffer_minutes: bathroom.cleaning_buffer_minutes,
              hourly_price_cents: bathroom.hourly_price_cents,
              price_cents: bookingPriceCents(bathroom.hourly_price_cents, duration),
              hold_expires_at: hold,
            });
            return { bookingId: row.id, holdExpiresAt: hold, released };
          }),
      ));
    } catch (error) {
      if (isExclusionViolation(error)) throw new AppError('conflict', SLOT_TAKEN_MESSAGE);
      throw error;
    }
    await closeReleasedSessions(released);
    await scheduleExpiry(bookingId, holdExpiresAt);
    const row = await findBookingWithBathroom(db, bookingId);
    if (!row) throw new Error(`booking ${bookingId} vanished after insert`);
    // After the commit: the provider is never called with a transaction open.
    const checkoutUrl = await paying.startCheckout(row);
    const booking = await findBookingWithBathroom(db, bookingId);
    return { booking: toView(booking ?? row), checkoutUrl };
  };
}
