import { FULL_REFUND_NOTICE_MINUTES } from '../../../common/cancellation-policy.ts';
import {
  type BookingView,
  bookingPriceCents,
  type CreateBookingInput,
  HOLD_MINUTES,
} from '../../../common/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { isExclusionViolation } from '../../db/exclusion-violation.ts';
import { AppError } from '../../http/errors.ts';
import { readSlotSchedule } from '../availability/slot-schedule.ts';
import {
  BOOKING_HORIZON_DAYS,
  type BookingRules,
  DEFAULT_BOOKING_RULES,
  refusal,
  type SlotRefusal,
} from '../availability/slots.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { MessagingService } from '../messaging/messaging-service.ts';
import type { ReviewService } from '../reviews/review-service.ts';
import { createBookingLife } from './booking-life.ts';
import { type BookingPaymentDeps, createBookingPayments } from './booking-payments.ts';
import { createBookingQueries } from './booking-queries.ts';
import { createBookingRefunds } from './booking-refunds.ts';
import { BOOKINGS_SWEEP_JOB, createBookingSweep } from './booking-sweep.ts';
import { expireStaleHolds, type TransitionResult } from './booking-transitions.ts';
import { createHoldAttempts, MAX_BUFFER_MS, type SlotSchedule } from './hold-attempts.ts';
import {
  type BookingWithBathroom,
  findBookingIdBySession,
  findBookingWithBathroom,
  insertBooking,
  listLiveBookingsOfFormerHosts,
  listStaleHolds,
  lockBookingForPayment,
} from './repository.ts';

/** Who is asking: a signed-in, active account (auth's requireViewer has checked that). */
export type BookingActor = { userId: string; isAdmin: boolean };

/** The one message a guest sees when somebody else got the time first (ADR 090). */
export const SLOT_TAKEN_MESSAGE =
  'Sorry, that time has just been booked by someone else. Please choose another start.';

export const EXPIRE_HOLD_JOB = 'bookings.expire-hold';
export const EXPIRE_HOLDS_SWEEP_JOB = 'bookings.expire-holds';
export const RETRY_REFUNDS_JOB = 'bookings.retry-refunds';

const notBookable = () =>
  new AppError('validation_error', 'This bathroom is not taking bookings.', [
    { field: 'bathroomId', message: 'Choose a published bathroom.' },
  ]);

const ownBathroom = () =>
  new AppError('validation_error', 'You cannot book your own bathroom.', [
    { field: 'bathroomId', message: 'Choose a bathroom you do not host.' },
  ]);

function refusalError(reason: SlotRefusal, allowedDurations: number[], rules: BookingRules): AppError {
  const field = (name: string, message: string) =>
    new AppError('validation_error', message, [{ field: name, message }]);
  switch (reason) {
    case 'duration':
      return field(
        'durationMinutes',
        `This bathroom takes bookings of ${allowedDurations.join(', ')} minutes.`,
      );
    case 'too_long':
      return field('durationMinutes', `Bookings last at most ${rules.maxBookingMinutes} minutes.`);
    case 'too_soon':
      return field(
        'startsAt',
        `Bookings start at least ${rules.minimumNoticeMinutes} minutes from now. Please choose a later start.`,
      );
    case 'off_grid':
      return field('startsAt', 'Bookings start on the quarter hour (:00, :15, :30 or :45).');
    case 'past':
      return field('startsAt', 'That start has already passed. Please choose a later one.');
    case 'too_far':
      return field('startsAt', `Bookings open up to ${BOOKING_HORIZON_DAYS} days ahead.`);
    case 'closed':
      return field('startsAt', 'The bathroom is not open for the whole of that time.');
    case 'blackout':
      return new AppError('conflict', 'The host has blocked that time. Please choose another start.');
    case 'taken':
      return new AppError('conflict', SLOT_TAKEN_MESSAGE);
  }
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toView(row: BookingWithBathroom): BookingView {
  return {
    id: row.id,
    bathroom_id: row.bathroom_id,
    bathroom_title: row.bathroom_title,
    timezone: row.timezone,
    guest_id: row.guest_id,
    status: row.status,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    duration_minutes: row.duration_minutes,
    cleaning_buffer_minutes: row.cleaning_buffer_minutes,
    hourly_price_cents: row.hourly_price_cents,
    price_cents: row.price_cents,
    currency: row.currency,
    hold_expires_at: iso(row.hold_expires_at),
    confirmed_at: iso(row.confirmed_at),
    checked_in_at: iso(row.checked_in_at),
    completed_at: iso(row.completed_at),
    cancelled_at: iso(row.cancelled_at),
    cancellation_reason: row.cancellation_reason,
    amount_paid_cents: row.amount_paid_cents,
    amount_refunded_cents: row.amount_refunded_cents,
    amount_refund_settled_cents: row.amount_refund_settled_cents,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export type BookingDeps = Omit<BookingPaymentDeps, 'db' | 'messaging'> & {
  db: Db;
  messaging: Pick<MessagingService, 'openConversation' | 'bookingCompleted'>;
  /** Review requests when a booking completes (ADR 124). */
  reviews: Pick<ReviewService, 'bookingCompleted'>;
  jobs: Scheduler;
  /** The clock for minimum notice and hold length (tests move it). */
  now?: () => Date;
  /**
   * The admins' settings in force (ADR 140): hold length, minimum notice, longest booking.
   * Without it, PRODUCT.md's defaults.
   */
  rules?: () => Promise<BookingRules & { holdMinutes: number; freeCancellationMinutes: number }>;
};

export function createBookingService(deps: BookingDeps) {
  const { db, jobs } = deps;
  const clock = deps.now ?? (() => new Date());
  const readRules = async () =>
    deps.rules
      ? await deps.rules()
      : {
          ...DEFAULT_BOOKING_RULES,
          holdMinutes: HOLD_MINUTES,
          freeCancellationMinutes: FULL_REFUND_NOTICE_MINUTES,
        };
  const refunds = createBookingRefunds({ ...deps, db, now: clock });
  const paying = createBookingPayments({ ...deps, db, refunds });
  const attempts = createHoldAttempts(db);
  const life = createBookingLife({
    db,
    refunds,
    notifications: deps.notifications,
    closeSession: paying.closeSession,
    log: deps.log,
    now: clock,
    freeCancellationMinutes: async () => (await readRules()).freeCancellationMinutes,
  });
  const sweeper = createBookingSweep({
    db,
    notifications: deps.notifications,
    messaging: deps.messaging,
    reviews: deps.reviews,
    now: clock,
  });
  const queries = createBookingQueries({
    db,
    now: clock,
    visibleBooking: (actor, bookingId) => visibleBooking(actor, bookingId),
    hostOf: async (bookingId) => (await findBookingWithBathroom(db, bookingId))?.host_id ?? null,
  });

  async function scheduleExpiry(bookingId: string, holdExpiresAt: Date) {
    // Not running (tests, tools): the minute sweep and the stale-hold check at booking time cover it.
    if (!jobs.isRunning()) return;
    try {
      await jobs.send(EXPIRE_HOLD_JOB, { bookingId }, { startAfter: holdExpiresAt, singletonKey: bookingId });
    } catch (error) {
      deps.log.warn({ err: error, bookingId }, 'could not schedule hold expiry; the sweep will expire it');
    }
  }

  /** The expiry job: releases the slot of a lapsed, unpaid hold (booking-payments.ts). */
  const expireHold = (bookingId: string): Promise<TransitionResult> =>
    paying.expireLapsedHold(bookingId, clock());

  async function visibleBooking(actor: BookingActor, bookingId: string): Promise<BookingView> {
    const row = await findBookingWithBathroom(db, bookingId);
    const allowed = row && (actor.isAdmin || row.guest_id === actor.userId || row.host_id === actor.userId);
    if (!row || !allowed) throw new AppError('not_found', 'There is no such booking.');
    return toView(row);
  }

  /** Holds released inside a booking's transaction lose their checkout too (best effort). */
  async function closeReleasedSessions(bookingIds: string[]) {
    for (const id of bookingIds) {
      const row = await lockBookingForPayment(db, id);
      if (row?.checkout_session_id) await paying.closeSession(row.checkout_session_id);
    }
  }

  return {
    /**
     * Holds a slot for a guest (pending_payment for the hold minutes in force). First, after any overlapping
     * attempt of this process has finished, one fresh read answers every refusal (hold-attempts.ts).
     * Then one transaction: the bathroom is published and not the guest's own; stale holds on it
     * are expired first; the slot engine decides on the rows this transaction sees; the insert then
     * meets the exclusion constraint, which settles a race the engine could not see (23P01 → 409).
     */
    async create(
      actor: BookingActor,
      input: CreateBookingInput,
    ): Promise<{ booking: BookingView; checkoutUrl: string }> {
      const now = clock();
      const rules = await readRules();
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
    },

    /** POST /api/bookings/:id/checkout: a fresh checkout for the guest's live hold. */
    async retryCheckout(actor: BookingActor, bookingId: string) {
      const checkoutUrl = await paying.retryCheckout(actor, bookingId, clock());
      const row = await findBookingWithBathroom(db, bookingId);
      if (!row) throw new AppError('not_found', 'There is no such booking.');
      return { booking: toView(row), checkoutUrl };
    },

    /** /payment-success: the booking a checkout session paid, for those who may see it. */
    async bySession(actor: BookingActor, sessionId: string): Promise<BookingView> {
      const bookingId = await findBookingIdBySession(db, sessionId);
      if (!bookingId) throw new AppError('not_found', 'There is no such booking.');
      return visibleBooking(actor, bookingId);
    },

    /** POST /api/bookings/:id/release: the guest gives the held time back before paying. */
    async releaseHold(actor: BookingActor, bookingId: string): Promise<BookingView> {
      await paying.releaseHold(actor, bookingId);
      const row = await findBookingWithBathroom(db, bookingId);
      if (!row) throw new AppError('not_found', 'There is no such booking.');
      return toView(row);
    },

    /** A booking for its guest, its bathroom's host or an admin; anyone else is told it does not exist. */
    get: visibleBooking,

    expireHold,

    /** The sweep: asks the provider about holds being paid whose completion has not arrived. */
    reconcileCheckouts: () => paying.reconcileOpenCheckouts(clock()),

    /** The sweep: every stale hold through expireHold (a missed or lost job heals within a minute). */
    async expireStaleHolds(): Promise<string[]> {
      const expired: string[] = [];
      for (const { id } of await listStaleHolds(db, 100)) {
        if ((await expireHold(id)).changed) expired.push(id);
      }
      return expired;
    },

    /** /bookings: the guest's own, by tab. */
    listForGuest: queries.listForGuest,
    /** /bookings: how many each tab holds. */
    countsForGuest: queries.countsForGuest,
    /** /manage/bookings: bookings of the host's bathrooms (all of them for an admin). */
    listForHost: queries.listForHost,
    /** /manage/bookings: how many each status filter holds. */
    countsForHost: queries.countsForHost,
    /** /admin/bookings: every booking, searchable, a page at a time (admins only). */
    listForAdmin: queries.listForAdmin,
    /** /bookings/{id}: the booking with what this viewer may see of the place. */
    detail: queries.detail,
    /** /dashboard: today's paid bookings of the actor's own bathrooms, in each bathroom's zone. */
    todayForHost: queries.todayForHost,
    /** /manage/bookings: where the host's "this week" starts. */
    hostToday: queries.hostToday,

    /** GET /api/bookings/:id/cancellation: what cancelling now would give back. */
    cancellationTerms: life.terms,

    /** POST /api/bookings/:id/cancel: guest (policy refund), host or admin (full refund). */
    async cancel(actor: BookingActor, bookingId: string, reason = ''): Promise<BookingView> {
      await life.cancel(actor, bookingId, reason);
      return visibleBooking(actor, bookingId);
    },

    /** A cancellation for the server's own reasons (a blackout), always with a full refund. */
    cancelWithFullRefund: life.cancelWithFullRefund,

    /**
     * Cancels, with full refunds, the bookings still ahead at bathrooms whose host has lost provider
     * access (PRODUCT.md, Providers). Revoking calls it for that host right after its commit; the
     * minute sweep calls it for everyone, so a revocation interrupted before this ran still heals.
     */
    async cancelFormerHostBookings(options: { hostId?: string; cancelledBy?: string | null } = {}) {
      let cancelled = 0;
      for (const { id } of await listLiveBookingsOfFormerHosts(db, clock(), options.hostId)) {
        try {
          const outcome = await life.cancelWithFullRefund(id, {
            cancelledBy: options.cancelledBy ?? null,
            reason: 'The host no longer offers this bathroom on Privy.',
            notify: 'standard',
          });
          if (outcome.changed) cancelled += 1;
        } catch (error) {
          deps.log.error({ err: error, bookingId: id }, "could not cancel a former host's booking");
        }
      }
      return cancelled;
    },

    /** POST /api/bookings/:id/check-in: the guest, from 10 minutes before the start. */
    async checkIn(actor: BookingActor, bookingId: string): Promise<BookingView> {
      await life.checkIn(actor, bookingId);
      return visibleBooking(actor, bookingId);
    },

    /** The minute sweep: completions, reminders, review reminders (booking-sweep.ts). */
    sweep: sweeper.sweep,

    /** Refunds the provider refused or never got, tried again. */
    retryRefunds: life.retryRefunds,
    /** Sends a committed refund (a refund request's, ADR 126) after its transaction; never throws. */
    sendRefund: (refundId: string) => refunds.send(refundId),

    /** The checkout.completed handler (registered with payments); tests redeliver through it. */
    onCheckoutCompleted: paying.onCompleted,

    /** Resolves once after-commit payment follow-ups (late-payment refunds) have run; for tests. */
    paymentsSettled: async () => {
      await paying.settled();
      await life.settled();
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

/** The hold-expiry job and its sweep; define before the scheduler starts (ADR 052). */
export function defineBookingJobs(jobs: Scheduler, bookings: BookingService) {
  jobs.define<{ bookingId: string }>({
    name: EXPIRE_HOLD_JOB,
    handler: async ({ bookingId }) => {
      await bookings.expireHold(bookingId);
    },
  });
  jobs.define({
    name: BOOKINGS_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.sweep();
      await bookings.cancelFormerHostBookings();
    },
  });
  jobs.define({
    name: RETRY_REFUNDS_JOB,
    cron: '*/5 * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.retryRefunds();
    },
  });
  jobs.define({
    name: EXPIRE_HOLDS_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await bookings.reconcileCheckouts();
      await bookings.expireStaleHolds();
    },
  });
}
