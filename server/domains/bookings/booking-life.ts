import type { Transaction } from 'kysely';
import {
  type CancellationTerms,
  type CancellingParty,
  cancellationTerms,
  describeTerms,
  FULL_REFUND_NOTICE_MINUTES,
} from '../../../common/cancellation-policy.ts';
import { formatUsd } from '../../../common/money.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { postRefund } from '../payouts/ledger-service.ts';
import { localWhen } from './booking-payments.ts';
import type { BookingRefunds } from './booking-refunds.ts';
import { moveBooking } from './booking-transitions.ts';
import { insertRefund } from './refunds-repository.ts';
import { type BookingForPayment, lockBookingForPayment } from './repository.ts';

/**
 * A paid booking's cancellations, refunds and check-in (ADR 090, "Cancellations and refunds").
 * Each move is one transaction: the guarded status change, the refund committed (recorded and
 * counted against what was paid) and the notifications, so a failure leaves nothing half done.
 * The provider is called after the commit (booking-refunds.ts follows it from there).
 */

export const CHECK_IN_OPENS_MINUTES = 10;

export type LifeActor = { userId: string; isAdmin: boolean };

/** A caller's notices for a cancellation this call made, sent inside its transaction. */
export type CancellationNotices = (
  trx: Transaction<Database>,
  cancelled: { row: BookingForPayment; refundCents: number },
) => Promise<void>;

export type BookingLifeDeps = {
  db: Db;
  refunds: Pick<BookingRefunds, 'send' | 'retry'>;
  notifications: Pick<NotificationService, 'notifyMany' | 'notifyAdmins'>;
  /** Closes an unpaid hold's checkout; false when it is being paid (see booking-payments.ts). */
  closeSession: (sessionId: string) => Promise<boolean>;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now: () => Date;
  /** The free-cancellation window in force (admins' setting, ADR 140); PRODUCT.md's 60 minutes without it. */
  freeCancellationMinutes?: () => Promise<number>;
};

const noSuchBooking = () => new AppError('not_found', 'There is no such booking.');

/** Who the actor is to this booking; anyone else is told it does not exist. */
function partyOf(actor: LifeActor, row: BookingForPayment): CancellingParty {
  if (row.guest_id === actor.userId) return 'guest';
  if (row.host_id === actor.userId) return 'host';
  if (actor.isAdmin) return 'admin';
  throw noSuchBooking();
}

export function createBookingLife(deps: BookingLifeDeps) {
  const { db } = deps;
  const pending = new Set<Promise<void>>();

  function afterCommit(run: () => Promise<void>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(run)
      .catch((error) => deps.log.error({ err: error }, 'booking follow-up failed'))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  const freeWindow = async () =>
    deps.freeCancellationMinutes ? await deps.freeCancellationMinutes() : FULL_REFUND_NOTICE_MINUTES;

  function termsFor(row: BookingForPayment, party: CancellingParty, freeMinutes: number): CancellationTerms {
    return cancellationTerms({
      party,
      freeCancellationMinutes: freeMinutes,
      now: deps.now(),
      startsAt: new Date(row.starts_at),
      // Everything already committed to the guest counts, pending refunds too: never refund twice.
      refundableCents: row.amount_paid_cents - row.amount_refunded_cents,
    });
  }

  /** Why this booking cannot be cancelled now, or null. */
  function cannotCancel(row: BookingForPayment): string | null {
    if (row.status === 'checked_in')
      return 'You have checked in, so this booking can no longer be cancelled.';
    if (row.status !== 'confirmed' && row.status !== 'pending_payment') {
      return `This booking is ${row.status.replace('_', ' ')} and cannot be cancelled.`;
    }
    if (new Date(row.ends_at).getTime() <= deps.now().getTime()) return 'This booking has already ended.';
    return null;
  }

  type CancelOptions = {
    party: CancellingParty;
    cancelledBy: string | null;
    reason: string;
    /**
     * 'standard': RESERVATION_CANCELLED and the owner's. A function: the caller's own notices (a
     * blackout's), sent in the cancellation's transaction, so they and the move commit together.
     */
    notify: 'standard' | 'none' | CancellationNotices;
    /**
     * Wait for the provider's first answer, so the page the canceller sees next says whether the
     * money is back or on its way; the server's own batch cancellations (blackouts) do not wait.
     */
    awaitRefund: boolean;
  };

  /** The cancellation itself, for any party; the row must already be allowed to move. */
  async function cancelLocked(bookingId: string, options: CancelOptions) {
    const freeMinutes = await freeWindow();
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await lockBookingForPayment(trx, bookingId);
      if (!row) throw noSuchBooking();
      const why = cannotCancel(row);
      if (why) {
        if (row.status === 'cancelled') return { changed: false, refundCents: 0, refundId: null, row };
        throw new AppError('conflict', why);
      }
      const terms = termsFor(row, options.party, freeMinutes);
      const moved = await moveBooking(trx, row.id, 'cancelled', {
        cancelledBy: options.cancelledBy,
        reason: options.reason || null,
      });
      if (!moved.changed) return { changed: false, refundCents: 0, refundId: null, row };
      const refundId =
        terms.refundCents > 0 && row.payment_intent_id
          ? await insertRefund(trx, {
              bookingId: row.id,
              amountCents: terms.refundCents,
              reason: `${options.party}_cancelled`,
              idempotencyKey: `refund:cancel:${row.id}`,
            })
          : null;
      if (refundId) await postRefund(trx, refundId);
      const refundCents = refundId ? terms.refundCents : 0;
      if (options.party === 'admin' && options.cancelledBy) {
        await recordAdminAction(trx, {
          actorId: options.cancelledBy,
          action: 'booking.cancelled',
          targetType: 'booking',
          targetId: row.id,
          summary: `Cancelled a booking at ${row.bathroom_title}${refundCents ? `, refunding ${formatUsd(refundCents)}` : ''}`,
          reason: options.reason || null,
          before: { status: row.status },
          after: { status: 'cancelled', refund_cents: refundCents },
        });
      }
      if (options.notify === 'standard') await cancelledNotifications(trx, row, options.party, terms);
      else if (typeof options.notify === 'function') await options.notify(trx, { row, refundCents });
      return { changed: true, refundCents, refundId, row };
    });
    if (outcome.changed && outcome.row.status === 'pending_payment' && outcome.row.checkout_session_id) {
      // A hold being paid right now: the late payment is refunded when it lands (booking-payments.ts).
      await deps.closeSession(outcome.row.checkout_session_id);
    }
    if (outcome.refundId) {
      const refundId = outcome.refundId;
      if (options.awaitRefund) await deps.refunds.send(refundId);
      else afterCommit(() => deps.refunds.send(refundId));
    }
    return { changed: outcome.changed, refundCents: outcome.refundCents };
  }

  async function cancelledNotifications(
    trx: Transaction<Database>,
    row: BookingForPayment,
    party: CancellingParty,
    terms: CancellationTerms,
  ) {
    const when = localWhen(row.starts_at, row.timezone);
    const meta = { booking_id: row.id, bathroom_id: row.bathroom_id };
    const refund =
      terms.refundCents > 0 && row.payment_intent_id
        ? ` ${formatUsd(terms.refundCents)} is on its way back to you.`
        : '';
    const byWhom =
      party === 'guest' ? 'You cancelled' : party === 'host' ? 'Your host cancelled' : 'Privy cancelled';
    await deps.notifications.notifyMany(
      [
        {
          userId: row.guest_id,
          type: 'RESERVATION_CANCELLED',
          message: `${byWhom} your booking at ${row.bathroom_title} on ${when}.${refund}`,
          meta: { ...meta, user_id: row.host_id },
        },
        {
          userId: row.host_id,
          type: 'RESERVATION_OWNER_CANCELLED',
          message:
            party === 'host'
              ? `You cancelled the booking at ${row.bathroom_title} on ${when}; the guest gets a full refund.`
              : `The booking at ${row.bathroom_title} on ${when} was cancelled${party === 'guest' ? ' by the guest' : ''}.`,
          meta: { ...meta, user_id: row.guest_id },
        },
      ],
      trx,
    );
  }

  return {
    /** What cancelling would give back, for the party asking (GET /api/bookings/:id/cancellation). */
    async terms(actor: LifeActor, bookingId: string) {
      const row = await lockBookingForPayment(db, bookingId);
      if (!row) throw noSuchBooking();
      const party = partyOf(actor, row);
      const why = cannotCancel(row);
      const freeMinutes = await freeWindow();
      const terms = termsFor(row, party, freeMinutes);
      return {
        can_cancel: why === null,
        policy: terms.policy,
        refund_cents: why === null ? terms.refundCents : 0,
        message: why ?? describeTerms(terms, party, freeMinutes),
      };
    },

    /** POST /api/bookings/:id/cancel by the guest (policy refund), the host or an admin (full). */
    async cancel(actor: LifeActor, bookingId: string, reason: string) {
      const row = await lockBookingForPayment(db, bookingId);
      if (!row) throw noSuchBooking();
      const party = partyOf(actor, row);
      return cancelLocked(bookingId, {
        party,
        cancelledBy: actor.userId,
        reason,
        notify: 'standard',
        awaitRefund: true,
      });
    },

    /** For the server's own reasons (a blackout): a full refund, whoever booked. */
    async cancelWithFullRefund(
      bookingId: string,
      options: { cancelledBy: string | null; reason: string; notify: CancelOptions['notify'] },
    ) {
      return cancelLocked(bookingId, { party: 'system', ...options, awaitRefund: false });
    },

    /** POST /api/bookings/:id/check-in: the guest, from 10 minutes before the start until the end. */
    async checkIn(actor: LifeActor, bookingId: string) {
      const row = await lockBookingForPayment(db, bookingId);
      if (!row) throw noSuchBooking();
      const party = partyOf(actor, row);
      if (party !== 'guest') throw new AppError('forbidden', 'Only the guest of this booking can check in.');
      if (row.status === 'checked_in') return { changed: false };
      if (row.status !== 'confirmed') {
        throw new AppError(
          'conflict',
          `This booking is ${row.status.replace('_', ' ')}, so there is nothing to check in to.`,
        );
      }
      const now = deps.now().getTime();
      const opens = new Date(row.starts_at).getTime() - CHECK_IN_OPENS_MINUTES * 60_000;
      if (now < opens) {
        throw new AppError(
          'conflict',
          `Check-in opens ${CHECK_IN_OPENS_MINUTES} minutes before the start, at ${localWhen(new Date(opens), row.timezone)}.`,
        );
      }
      if (now >= new Date(row.ends_at).getTime())
        throw new AppError('conflict', 'This booking has already ended.');
      return db.transaction().execute(async (trx) => {
        const moved = await moveBooking(trx, row.id, 'checked_in');
        if (!moved.changed) return { changed: false };
        const when = localWhen(row.starts_at, row.timezone);
        const meta = { booking_id: row.id, bathroom_id: row.bathroom_id, user_id: row.guest_id };
        await deps.notifications.notifyMany(
          [
            {
              userId: row.host_id,
              type: 'RESERVATION_OWNER_USER_CHECKED_IN',
              message: `Your guest checked in at ${row.bathroom_title} for ${when}.`,
              meta,
            },
          ],
          trx,
        );
        await deps.notifications.notifyAdmins(
          {
            type: 'ADMIN_RESERVATION_ACTIVE',
            message: `A guest checked in at ${row.bathroom_title} for ${when}.`,
            meta,
          },
          trx,
        );
        return { changed: true };
      });
    },

    /** Refunds not yet through: sent again, or asked about (booking-refunds.ts). */
    retryRefunds: () => deps.refunds.retry(),

    /** Resolves once every after-commit refund has been tried; for tests. */
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export type BookingLife = ReturnType<typeof createBookingLife>;
