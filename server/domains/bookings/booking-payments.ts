import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { DirectoryService } from '../auth/directory-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { PaymentEvent } from '../payments/payment-provider.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { moveBooking } from './booking-transitions.ts';
import {
  type BookingForPayment,
  lockBookingForPayment,
  recordPayment,
  setCheckoutSession,
} from './repository.ts';

/**
 * Bookings meet payments (ADR 090, "Payment"): a hold starts a checkout; the provider's events
 * confirm or expire it inside the event's transaction; a payment that arrives for a booking that
 * is no longer waiting for it is refunded in full. Only the payments SERVICE is called here.
 */

/**
 * How long after its hold a booking may still be paid: Stripe keeps a session open at least 30
 * minutes, so until then a session that would not expire may be one the guest is paying.
 */
export const PAYMENT_GRACE_MS = 30 * 60 * 1000;

export type BookingPaymentDeps = {
  db: Db;
  payments: Pick<PaymentService, 'createCheckout' | 'expireCheckout' | 'refund' | 'onEvent'>;
  notifications: Pick<NotificationService, 'notify' | 'notifyMany' | 'notifyAdmins'>;
  directory: Pick<DirectoryService, 'contacts'>;
  appUrl: string;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/** Checkouts of other kinds (or other apps on one Stripe account) carry references that are not booking ids. */
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Completed = Extract<PaymentEvent, { type: 'checkout.completed' }>;
type Expired = Extract<PaymentEvent, { type: 'checkout.expired' }>;

/** One formatter per zone: making an Intl.DateTimeFormat costs far more than using it. */
const whenFormats = new Map<string, Intl.DateTimeFormat>();

/** "Tue, Nov 24, 2026, 10:00 AM" in the bathroom's zone: what the guest picked. */
export function localWhen(startsAt: Date, timezone: string): string {
  let format = whenFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    whenFormats.set(timezone, format);
  }
  return format.format(new Date(startsAt));
}

type CheckoutSubject = Pick<
  BookingForPayment,
  'id' | 'guest_id' | 'bathroom_title' | 'timezone' | 'starts_at' | 'duration_minutes' | 'price_cents'
> & { hold_expires_at: Date | null };

export function createBookingPayments(deps: BookingPaymentDeps) {
  const { db, payments } = deps;
  const pending = new Set<Promise<void>>();

  /** Opens a checkout session for the hold; returns the session and where to send the guest. */
  async function openCheckout(booking: CheckoutSubject) {
    const [contact] = await deps.directory.contacts([booking.guest_id]);
    const when = localWhen(booking.starts_at, booking.timezone);
    return payments.createCheckout({
      reference: booking.id,
      amountCents: booking.price_cents,
      currency: 'usd',
      description: `${booking.bathroom_title}, ${when} for ${booking.duration_minutes} minutes`,
      customerEmail: contact?.email ?? undefined,
      successUrl: `${deps.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.appUrl}/cancel-booking-payment?booking=${booking.id}`,
      expiresAt: new Date(booking.hold_expires_at ?? Date.now()),
    });
  }

  /**
   * The first checkout of a new hold. A provider failure releases the slot at once (the guest
   * could not pay for it anyway) and the caller's error (502) goes back to the guest.
   */
  async function startCheckout(booking: CheckoutSubject): Promise<string> {
    try {
      const session = await openCheckout(booking);
      if (!(await setCheckoutSession(db, booking.id, session.sessionId, null))) {
        throw new Error(`booking ${booking.id} changed before its checkout was stored`);
      }
      return session.url;
    } catch (error) {
      await moveBooking(db, booking.id, 'expired');
      throw error;
    }
  }

  /**
   * Closes the hold's current session; false when it could not be closed because it was paid
   * (or lapsed) already. A provider failure counts as closed: a late payment is refunded.
   */
  async function closeSession(sessionId: string): Promise<boolean> {
    try {
      return (await payments.expireCheckout(sessionId)).expired;
    } catch (error) {
      deps.log.warn(
        { err: error, sessionId },
        'could not expire a checkout session; a late payment is refunded',
      );
      return true;
    }
  }

  /** Runs after the event's transaction: the row lock it holds makes this wait for its commit. */
  function afterCommit(run: () => Promise<void>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(run)
      .catch((error) => deps.log.error({ err: error }, 'booking payment follow-up failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  async function refundLatePayment(bookingId: string) {
    const row = await db.transaction().execute((trx) => lockBookingForPayment(trx, bookingId));
    // Rolled back, or confirmed after all: nothing to give back.
    if (!row?.payment_intent_id || row.amount_paid_cents <= 0) return;
    if (row.status !== 'expired' && row.status !== 'cancelled') return;
    const meta = { booking_id: row.id, bathroom_id: row.bathroom_id };
    try {
      await payments.refund({
        paymentIntentId: row.payment_intent_id,
        amountCents: row.amount_paid_cents,
        idempotencyKey: `refund:late-payment:${row.id}`,
      });
    } catch (error) {
      deps.log.error({ err: error, bookingId }, 'refund of a late payment failed');
      await deps.notifications.notifyAdmins({
        type: 'ADMIN_REFUND_FAILED',
        message: `Refund of a late payment for ${row.bathroom_title} failed; refund it by hand.`,
        meta: { ...meta, amount_cents: row.amount_paid_cents },
      });
      return;
    }
    const amount = (row.amount_paid_cents / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    await deps.notifications.notify({
      userId: row.guest_id,
      type: 'USER_REFUND_PROCESSED',
      message: `Your payment for ${row.bathroom_title} arrived after the hold had ended, so the time was not booked. We refunded ${amount} in full.`,
      meta: { ...meta, amount_cents: row.amount_paid_cents },
    });
  }

  async function confirmedNotifications(trx: Transaction<Database>, row: BookingForPayment) {
    const when = localWhen(row.starts_at, row.timezone);
    const meta = { booking_id: row.id, bathroom_id: row.bathroom_id };
    await deps.notifications.notifyMany(
      [
        {
          userId: row.guest_id,
          type: 'RESERVATION_CONFIRMED',
          message: `Your booking at ${row.bathroom_title} on ${when} for ${row.duration_minutes} minutes is confirmed.`,
          meta,
        },
        {
          userId: row.host_id,
          type: 'RESERVATION_OWNER_CONFIRMED',
          message: `New booking at ${row.bathroom_title} on ${when} for ${row.duration_minutes} minutes.`,
          meta: { ...meta, user_id: row.guest_id },
        },
      ],
      trx,
    );
    // The spec has no ADMIN_RESERVATION_CONFIRMED; a newly confirmed booking is an upcoming one.
    await deps.notifications.notifyAdmins(
      {
        type: 'ADMIN_RESERVATION_UPCOMING',
        message: `Booking confirmed at ${row.bathroom_title} on ${when} for ${row.duration_minutes} minutes.`,
        meta,
      },
      trx,
    );
  }

  /** checkout.completed, in the event's transaction. Safe to run twice for one payment. */
  async function onCompleted(event: Completed, trx: Transaction<Database>) {
    if (!BOOKING_ID.test(event.reference)) return;
    const row = await lockBookingForPayment(trx, event.reference);
    if (!row) {
      deps.log.warn({ reference: event.reference }, 'checkout completed for no known booking');
      return;
    }
    const payment = { paymentIntentId: event.paymentIntentId, amountCents: event.amountCents };
    if (row.status === 'pending_payment') {
      const moved = await moveBooking(trx, row.id, 'confirmed');
      if (!moved.changed) return;
      await recordPayment(trx, row.id, payment);
      await confirmedNotifications(trx, row);
      return;
    }
    if (row.status === 'expired' || row.status === 'cancelled') {
      // The slot may belong to someone else now: keep the money on record and give it back.
      if (await recordPayment(trx, row.id, payment)) afterCommit(() => refundLatePayment(row.id));
      return;
    }
    if (row.payment_intent_id !== event.paymentIntentId) {
      deps.log.error(
        { bookingId: row.id, paymentIntentId: event.paymentIntentId },
        'a second payment arrived for a booking already paid; refund it by hand',
      );
    }
  }

  /** checkout.expired: the hold's current session can no longer be paid, so the slot goes. */
  async function onExpired(event: Expired, trx: Transaction<Database>) {
    if (!BOOKING_ID.test(event.reference)) return;
    const row = await lockBookingForPayment(trx, event.reference);
    // A session replaced by a retry expires without taking the hold with it.
    if (row?.status !== 'pending_payment' || row.checkout_session_id !== event.sessionId) return;
    await moveBooking(trx, row.id, 'expired');
  }

  payments.onEvent('checkout.completed', (event, { trx }) => onCompleted(event, trx));
  payments.onEvent('checkout.expired', (event, { trx }) => onExpired(event, trx));

  /** The guest only; their host and admins may see the booking but not pay it; others: 404. */
  async function guestHold(actor: { userId: string; isAdmin: boolean }, bookingId: string) {
    const row = await lockBookingForPayment(db, bookingId);
    if (!row || (row.guest_id !== actor.userId && row.host_id !== actor.userId && !actor.isAdmin)) {
      throw new AppError('not_found', 'There is no such booking.');
    }
    if (row.guest_id !== actor.userId) {
      throw new AppError('forbidden', 'Only the guest who made this booking can pay for it.');
    }
    return row;
  }

  const notWaiting = (status: string) =>
    new AppError(
      'conflict',
      status === 'pending_payment'
        ? 'This hold has run out and the time was released. Please book again.'
        : `This booking is ${status.replace('_', ' ')} and is not waiting for a payment.`,
    );

  return {
    startCheckout,
    closeSession,
    onCompleted,
    onExpired,

    /** A fresh checkout for a hold still waiting (the guest left or lost the first one). */
    async retryCheckout(actor: { userId: string; isAdmin: boolean }, bookingId: string, now: Date) {
      const row = await guestHold(actor, bookingId);
      const live = row.hold_expires_at && new Date(row.hold_expires_at) > now;
      if (row.status !== 'pending_payment' || !live) throw notWaiting(row.status);
      const previous = row.checkout_session_id;
      if (previous) {
        // Unlinked first, so the old session's expiry event leaves the hold alone.
        if (!(await setCheckoutSession(db, row.id, null, previous))) throw notWaiting(row.status);
        if (!(await closeSession(previous))) {
          const after = await lockBookingForPayment(db, row.id);
          if (after && after.status !== 'pending_payment') throw notWaiting(after.status);
        }
      }
      const session = await openCheckout(row);
      if (!(await setCheckoutSession(db, row.id, session.sessionId, null))) {
        await closeSession(session.sessionId);
        throw new AppError('conflict', 'Another checkout was started for this booking. Please use that one.');
      }
      return session.url;
    },

    /** The guest gives up the hold (from /cancel-booking-payment): the slot is free again now. */
    async releaseHold(actor: { userId: string; isAdmin: boolean }, bookingId: string) {
      const row = await guestHold(actor, bookingId);
      if (row.status === 'expired') return;
      if (row.status !== 'pending_payment') throw notWaiting(row.status);
      if (row.checkout_session_id && !(await closeSession(row.checkout_session_id))) {
        const after = await lockBookingForPayment(db, row.id);
        if (after && after.status !== 'pending_payment') throw notWaiting(after.status);
      }
      await moveBooking(db, row.id, 'expired');
    },

    /** Resolves once every after-commit follow-up (late-payment refunds) has run; for tests. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type BookingPayments = ReturnType<typeof createBookingPayments>;
