import { FULL_REFUND_NOTICE_MINUTES } from '../../../common/cancellation-policy.ts';
import { type BookingView, HOLD_MINUTES } from '../../../common/schemas/bookings.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { type BookingRules, DEFAULT_BOOKING_RULES } from '../availability/slots.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import type { MessagingService } from '../messaging/messaging-service.ts';
import type { ReviewService } from '../reviews/review-service.ts';
import { createBookingLife } from './booking-life.ts';
import { type BookingPaymentDeps, createBookingPayments } from './booking-payments.ts';
import { createBookingQueries } from './booking-queries.ts';
import { createBookingRefunds } from './booking-refunds.ts';
import { createBookingSweep } from './booking-sweep.ts';
import type { TransitionResult } from './booking-transitions.ts';
import { toView } from './booking-view.ts';
import { createHoldBooking } from './hold-booking.ts';
import {
  findBookingIdBySession,
  findBookingWithBathroom,
  listLiveBookingsOfFormerHosts,
  listStaleHolds,
} from './repository.ts';

/** Who is asking: a signed-in, active account (auth's requireViewer has checked that). */
export type BookingActor = { userId: string; isAdmin: boolean };

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
  const holdBooking = createHoldBooking({ db, jobs, log: deps.log, now: clock, rules: readRules, paying });
  const queries = createBookingQueries({
    db,
    now: clock,
    visibleBooking: (actor, bookingId) => visibleBooking(actor, bookingId),
    hostOf: async (bookingId) => (await findBookingWithBathroom(db, bookingId))?.host_id ?? null,
  });

  /** The expiry job: releases the slot of a lapsed, unpaid hold (booking-payments.ts). */
  const expireHold = (bookingId: string): Promise<TransitionResult> =>
    paying.expireLapsedHold(bookingId, clock());

  async function visibleBooking(actor: BookingActor, bookingId: string): Promise<BookingView> {
    const row = await findBookingWithBathroom(db, bookingId);
    const allowed = row && (actor.isAdmin || row.guest_id === actor.userId || row.host_id === actor.userId);
    if (!row || !allowed) throw new AppError('not_found', 'There is no such booking.');
    return toView(row);
  }

  return {
    /** POST /api/bookings: holds a slot for the guest and opens its checkout (hold-booking.ts). */
    create: holdBooking,

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
