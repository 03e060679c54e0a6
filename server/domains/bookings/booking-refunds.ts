import type { Transaction } from 'kysely';
import { formatUsd } from '../../../common/money.ts';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { RefundState } from '../payments/payment-provider.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import {
  claimRefundFailureNotice,
  findRefund,
  listRefundsToRetry,
  lockRefundForEvent,
  type RefundRow,
  recordRefundAccepted,
  recordRefundCallFailed,
  setRefundStatus,
  startNextRefundRound,
} from './refunds-repository.ts';

/**
 * Refunds of bookings as the provider sees them (ADR 091, "Refunds"). A refund is committed to the
 * guest in the transaction that decides it (booking_refunds + bookings.amount_refunded_cents);
 * afterwards it is sent, and its row follows what the provider says: `pending` until the provider
 * says `succeeded` (the money is back: amount_refund_settled_cents goes up) or `failed`. A call that
 * fails is sent again with the same idempotency key; a refund the provider failed for good is sent
 * again under a new key (its next round), a few times, then left to an admin.
 */

/** Calls per round before the sweep stops trying (refused or unanswered calls). */
export const REFUND_MAX_ATTEMPTS = 8;
/** Rounds (new idempotency keys after the provider failed the refund) before an admin takes over. */
export const REFUND_MAX_ROUNDS = 3;
/** An accepted refund still pending this long is asked about, in case its event was lost. */
export const REFUND_POLL_AFTER_MS = 10 * 60_000;

/** The key the provider sees: the refund's own in its first round, a new one in each later round. */
export function providerKey(refund: { idempotency_key: string; round: number }): string {
  return refund.round === 0 ? refund.idempotency_key : `${refund.idempotency_key}:round-${refund.round}`;
}

/** Sent with the refund and echoed on its events: which of our refunds, and which round. */
export function refundReference(refund: { id: string; round: number }): string {
  return `${refund.id}:${refund.round}`;
}

function parseReference(reference: string | null): { id: string; round: number } | null {
  const match = reference?.match(/^([0-9a-f-]{36}):(\d+)$/i);
  return match ? { id: match[1] as string, round: Number(match[2]) } : null;
}

export type BookingRefundDeps = {
  db: Db;
  payments: Pick<PaymentService, 'refund' | 'reconcileRefund'>;
  notifications: Pick<NotificationService, 'notify' | 'notifyAdmins'>;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  now: () => Date;
};

export function createBookingRefunds(deps: BookingRefundDeps) {
  const { db } = deps;

  const meta = (refund: RefundRow) => ({
    booking_id: refund.booking_id,
    bathroom_id: refund.bathroom_id,
    amount_cents: refund.amount_cents,
  });

  /** ADR: admins hear once per refund that it is in trouble, and once more if it is given up. */
  async function tellAdmins(
    executor: Db | Transaction<Database>,
    refund: RefundRow,
    what: 'unsent' | 'failed' | 'given_up',
    reason?: string | null,
  ) {
    const amount = `A refund of ${formatUsd(refund.amount_cents)} for a booking at ${refund.bathroom_title}`;
    const message =
      what === 'given_up'
        ? `${amount} could not be made after every retry; refund it by hand.`
        : what === 'failed'
          ? `${amount} was failed by the payment provider (${reason ?? 'no reason given'}); it will be sent again.`
          : `${amount} could not be sent to the payment provider; it is being retried.`;
    if (what !== 'given_up' && !(await claimRefundFailureNotice(executor, refund.id))) return;
    await deps.notifications.notifyAdmins(
      { type: 'ADMIN_REFUND_FAILED', message, meta: meta(refund) },
      executor,
    );
  }

  /**
   * Applies the provider's word on a refund, in the caller's transaction (an event's, or our own
   * after its answer). Moves only forward: pending → succeeded | failed, succeeded → failed (Stripe
   * may fail a refund after it succeeded); a stale word, or one about an earlier round, changes nothing.
   */
  async function applyProviderWord(trx: Transaction<Database>, word: RefundState): Promise<void> {
    const reference = parseReference(word.reference);
    const refund = await lockRefundForEvent(trx, {
      providerRefundId: word.refundId,
      id: reference?.id ?? null,
    });
    if (!refund) {
      // A refund made in the provider's dashboard, or for something other than a booking.
      if (reference) deps.log.warn({ refundId: word.refundId }, 'refund event for no known refund');
      return;
    }
    const sameRefund =
      refund.provider_refund_id === word.refundId ||
      (refund.provider_refund_id === null && reference?.round === refund.round);
    if (!sameRefund) return;
    const moves = word.status !== refund.status && word.status !== 'pending' && refund.status !== 'failed';
    if (!moves) {
      if (refund.provider_refund_id === null) {
        await setRefundStatus(trx, refund, {
          status: refund.status,
          providerRefundId: word.refundId,
          failureReason: null,
        });
      }
      return;
    }
    await setRefundStatus(trx, refund, {
      status: word.status,
      providerRefundId: word.refundId,
      failureReason: word.failureReason,
    });
    if (word.status === 'failed') {
      const lastRound = refund.round + 1 >= REFUND_MAX_ROUNDS;
      await tellAdmins(trx, refund, lastRound ? 'given_up' : 'failed', word.failureReason);
    } else if (refund.reason === 'late_payment') {
      await deps.notifications.notify(
        {
          userId: refund.guest_id,
          type: 'USER_REFUND_PROCESSED',
          message: `Your payment for ${refund.bathroom_title} arrived after the hold had ended, so the time was not booked. We refunded ${formatUsd(refund.amount_cents)} in full.`,
          meta: meta(refund),
        },
        trx,
      );
    }
  }

  /** Sends a committed refund that the provider has not accepted yet; never throws. */
  async function send(refundId: string): Promise<void> {
    const refund = await findRefund(db, refundId);
    if (refund?.status !== 'pending' || refund.provider_refund_id || !refund.payment_intent_id) {
      return;
    }
    let accepted: { refundId: string; status: RefundState['status'] };
    try {
      accepted = await deps.payments.refund({
        paymentIntentId: refund.payment_intent_id,
        amountCents: refund.amount_cents,
        idempotencyKey: providerKey(refund),
        reference: refundReference(refund),
      });
    } catch (error) {
      deps.log.error({ err: error, refundId }, 'refund could not be sent; it will be retried');
      const after = await recordRefundCallFailed(db, refund, String(error));
      await tellAdmins(db, refund, after?.attempts === REFUND_MAX_ATTEMPTS ? 'given_up' : 'unsent');
      return;
    }
    await db.transaction().execute(async (trx) => {
      await recordRefundAccepted(trx, refund, accepted.refundId);
      await applyProviderWord(trx, {
        refundId: accepted.refundId,
        reference: refundReference(refund),
        paymentIntentId: refund.payment_intent_id as string,
        amountCents: refund.amount_cents,
        status: accepted.status,
        failureReason: null,
      });
    });
  }

  return {
    send,

    /** refund.updated, in the event's transaction. */
    onRefundUpdated: (event: RefundState, trx: Transaction<Database>) => applyProviderWord(trx, event),

    /** The retry sweep: sends again, starts a next round, or asks the provider (see listRefundsToRetry). */
    async retry(): Promise<number> {
      const now = deps.now().getTime();
      const due = await listRefundsToRetry(db, {
        maxAttempts: REFUND_MAX_ATTEMPTS,
        maxRounds: REFUND_MAX_ROUNDS,
        before: new Date(now - 60_000),
        pendingBefore: new Date(now - REFUND_POLL_AFTER_MS),
      });
      for (const refund of due) {
        if (refund.status === 'failed') {
          if (await startNextRefundRound(db, refund)) await send(refund.id);
        } else if (refund.provider_refund_id) {
          const providerRefundId = refund.provider_refund_id;
          await deps.payments.reconcileRefund(providerRefundId).catch((error: unknown) => {
            deps.log.warn({ err: error, refundId: refund.id }, 'could not ask the provider about a refund');
          });
        } else {
          await send(refund.id);
        }
      }
      return due.length;
    },
  };
}

export type BookingRefunds = ReturnType<typeof createBookingRefunds>;
