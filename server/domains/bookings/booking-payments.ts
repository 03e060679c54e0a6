import type { Transaction } from 'kysely';
import { formatWallClock } from '../../../common/wall-clock.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { DirectoryService } from '../auth/directory-service.ts';
import type { MessagingService } from '../messaging/messaging-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { CheckoutState, PaymentEvent } from '../payments/payment-provider.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import { postCapture, postRefund } from '../payouts/ledger-service.ts';
import type { BookingRefunds } from './booking-refunds.ts';
import { moveBooking, type TransitionResult } from './booking-transitions.ts';
import { insertRefund } from './refunds-repository.ts';
import {
  type BookingForPayment,
  listHoldsToReconcile,
  lockBookingForPayment,
  recordPayment,
  setCheckoutSession,
} from './repository.ts';

/**
 * Bookings meet payments (ADR 090, "Payment"; ADR 091): a hold starts a checkout; the provider's
 * events confirm or expire it inside the event's transaction; when an event is late or lost, the
 * provider is asked (reconciliation) and its answer goes through the same handlers; a payment that
 * arrives for a booking no longer waiting for it is refunded in full. Only the payments SERVICE is
 * called here.
 */

/**
 * How long after its hold a booking whose checkout state is unknown (the provider cannot be
 * reached, or a delayed payment method is still processing) may wait before it is expired.
 */
export const PAYMENT_GRACE_MS = 30 * 60 * 1000;

/** A checkout this old with no completion yet is asked about (the reconciliation sweep). */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;

export type BookingPaymentDeps = {
  db: Db;
  payments: Pick<
    PaymentService,
    'createCheckout' | 'expireCheckout' | 'reconcileCheckout' | 'refund' | 'reconcileRefund' | 'onEvent'
  >;
  notifications: Pick<NotificationService, 'notify' | 'notifyMany' | 'notifyAdmins'>;
  directory: Pick<DirectoryService, 'contacts'>;
  /** Opens the booking's conversation when it is confirmed, in the same transaction (ADR 119). */
  messaging: Pick<MessagingService, 'openConversation'>;
  appUrl: string;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
};

/** Checkouts of other kinds (or other apps on one Stripe account) carry references that are not booking ids. */
const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Completed = Extract<PaymentEvent, { type: 'checkout.completed' }>;
type Expired = Extract<PaymentEvent, { type: 'checkout.expired' }>;

/** "Tue, Nov 24, 2026, 10:00 AM" in the bathroom's zone: what the guest picked. */
export function localWhen(startsAt: Date, timezone: string): string {
  return formatWallClock(startsAt, timezone);
}

type CheckoutSubject = Pick<
  BookingForPayment,
  'id' | 'guest_id' | 'bathroom_title' | 'timezone' | 'starts_at' | 'duration_minutes' | 'price_cents'
> & { hold_expires_at: Date | null };

export function createBookingPayments(
  deps: BookingPaymentDeps & { refunds: Pick<BookingRefunds, 'send' | 'onRefundUpdated'> },
) {
  const { db, payments, refunds } = deps;
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

  /** Closes a session: `closed`, `not_open` (paid, or expired already) or `unreachable`. */
  async function tryClose(sessionId: string): Promise<'closed' | 'not_open' | 'unreachable'> {
    try {
      return (await payments.expireCheckout(sessionId)).expired ? 'closed' : 'not_open';
    } catch (error) {
      deps.log.warn({ err: error, sessionId }, 'could not expire a checkout session');
      return 'unreachable';
    }
  }

  /**
   * Closes the hold's current session for a guest or host who is letting it go; false when it
   * could not be closed because it was paid (or lapsed) already. A provider failure counts as
   * closed: a late payment is refunded.
   */
  async function closeSession(sessionId: string): Promise<boolean> {
    return (await tryClose(sessionId)) !== 'not_open';
  }

  /**
   * Asks the provider how a checkout stands; a paid (or expired) one goes through the handlers
   * below exactly as its event would (payments.reconcileCheckout). Null when the provider cannot say.
   */
  async function reconcile(sessionId: string): Promise<CheckoutState | null> {
    try {
      return await payments.reconcileCheckout(sessionId);
    } catch (error) {
      deps.log.warn({ err: error, sessionId }, 'could not ask the provider about a checkout');
      return null;
    }
  }

  /** Runs once the caller has returned (and, when it waits for a lock, after the commit). */
  function afterCommit(run: () => Promise<void>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(run)
      .catch((error) => deps.log.error({ err: error }, 'booking payment follow-up failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
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
      if (await recordPayment(trx, row.id, payment)) await postCapture(trx, row.id);
      await deps.messaging.openConversation(trx, row.id);
      await confirmedNotifications(trx, row);
      return;
    }
    if (row.status === 'expired' || row.status === 'cancelled') {
      // The slot may belong to someone else now: keep the money on record and give it back. The
      // refund is committed with the payment, so the retry sweep sends it even if we stop here.
      if (!(await recordPayment(trx, row.id, payment)) || payment.amountCents <= 0) return;
      await postCapture(trx, row.id);
      const refundId = await insertRefund(trx, {
        bookingId: row.id,
        amountCents: payment.amountCents,
        reason: 'late_payment',
        idempotencyKey: `refund:late-payment:${row.id}`,
      });
      if (refundId) {
        await postRefund(trx, refundId);
        afterCommit(async () => {
          // Our row lock is held until the event's transaction commits: wait for it, so the
          // refund is there to be sent (a rollback leaves nothing to send).
          await db.transaction().execute((wait) => lockBookingForPayment(wait, row.id));
          await refunds.send(refundId);
        });
      }
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
  payments.onEvent('refund.updated', (event, { trx }) => refunds.onRefundUpdated(event, trx));

  /**
   * The expiry job: releases the slot if the hold has run out unpaid; a no-op otherwise. Its
   * checkout is closed first. One that cannot be closed may have been paid with its event late
   * or lost, so the provider is asked: paid → confirmed through the completion handler; expired →
   * the slot goes; still unknown (unreachable, or a delayed method processing) → the hold waits,
   * for at most PAYMENT_GRACE_MS past its end.
   */
  async function expireLapsedHold(bookingId: string, now: Date): Promise<TransitionResult> {
    const row = await lockBookingForPayment(db, bookingId);
    if (!row) return { changed: false, status: null };
    const expiresAt = row.hold_expires_at ? new Date(row.hold_expires_at).getTime() : 0;
    if (row.status !== 'pending_payment' || expiresAt > now.getTime()) {
      return { changed: false, status: row.status };
    }
    const sessionId = row.checkout_session_id;
    if (sessionId && (await tryClose(sessionId)) !== 'closed') {
      const state = await reconcile(sessionId);
      if (state?.paid) {
        const after = await lockBookingForPayment(db, bookingId);
        return { changed: false, status: after?.status ?? null };
      }
      const unknown = state?.status !== 'expired';
      if (unknown && now.getTime() < expiresAt + PAYMENT_GRACE_MS) {
        return { changed: false, status: 'pending_payment' };
      }
    }
    const moved = await moveBooking(db, bookingId, 'expired', { onlyIfHoldExpired: true });
    // The provider's expiry event may have moved it already, within this call.
    return moved.status === 'expired' ? { changed: true, status: 'expired' } : moved;
  }

  /** The sweep: asks about every running hold whose checkout has been open a while; returns the paid. */
  async function reconcileOpenCheckouts(now: Date): Promise<number> {
    let paid = 0;
    for (const hold of await listHoldsToReconcile(db, new Date(now.getTime() - RECONCILE_AFTER_MS))) {
      if (hold.checkout_session_id && (await reconcile(hold.checkout_session_id))?.paid) paid += 1;
    }
    return paid;
  }

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
    expireLapsedHold,
    reconcileOpenCheckouts,

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

    /** Resolves once every after-commit follow-up (late-payment refunds) has been tried; for tests. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type BookingPayments = ReturnType<typeof createBookingPayments>;
