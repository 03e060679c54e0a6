import { formatUsd } from '../../../common/money.ts';
import { REFUND_STATUS_LABELS } from '../../../common/schemas/refund-requests.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/audit-service.ts';
import {
  commitRequestedRefund,
  lockBookingForRefund,
  refundableCents,
  refundProgress,
} from '../bookings/requested-refunds.ts';
import { hostPartOfRefund } from '../payouts/ledger-service.ts';
import { announce, type RefundDeps } from './refund-deps.ts';
import type { RefundActor } from './refund-rules.ts';
import {
  claimProcessedNotice,
  findRequest,
  findRequestRow,
  listFailedButAccepted,
  lockRequest,
  moveRequest,
  updateRequest,
} from './repository.ts';

/**
 * An admin's decision on a refund request (ADR 126). Approval commits the refund on the booking in
 * the deciding transaction, through the bookings domain's refund machinery (its idempotency key is
 * the request's), then sends it after the commit. The request row is locked while deciding, so of
 * any number of concurrent approvals one commits the refund and the others are told it is decided;
 * a retry re-sends the same refund under the same key, so nothing is ever refunded twice.
 */

const notFound = () => new AppError('not_found', 'We could not find that refund request.');
const decided = (status: keyof typeof REFUND_STATUS_LABELS) =>
  new AppError('conflict', `This request is no longer open (${REFUND_STATUS_LABELS[status].toLowerCase()}).`);

export async function approveRefundRequest(
  deps: RefundDeps,
  actor: RefundActor,
  id: string,
  amountCents: number | undefined,
): Promise<void> {
  const first = await findRequestRow(deps.db, id);
  if (!first) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    // Booking first, then the request: the order every refund-request write takes its locks in.
    const booking = await lockBookingForRefund(trx, first.booking_id);
    const request = await lockRequest(trx, id);
    if (!booking || !request) throw notFound();
    if (request.status !== 'open') throw decided(request.status);
    const amount = amountCents ?? request.amount_cents;
    if (amount > request.amount_cents) {
      const message = `Approve at most the ${formatUsd(request.amount_cents)} asked.`;
      throw new AppError('validation_error', message, [{ field: 'amountCents', message }]);
    }
    const refundable = refundableCents(booking);
    if (amount > refundable) {
      const message = `Only ${formatUsd(refundable)} is left to refund on this booking.`;
      throw new AppError('validation_error', message, [{ field: 'amountCents', message }]);
    }
    if (!booking.payment_intent_id) throw new AppError('conflict', 'This booking has no payment to refund.');
    const refundId = await commitRequestedRefund(trx, {
      bookingId: booking.id,
      requestId: id,
      amountCents: amount,
    });
    const status = amount === request.amount_cents ? 'approved' : 'partially_approved';
    await recordAdminAction(trx, {
      actorId: actor.userId,
      action: 'refund_request.approved',
      targetType: 'refund_request',
      targetId: id,
      summary: `Approved a refund of ${formatUsd(amount)} of ${formatUsd(request.amount_cents)} asked`,
      before: { status: 'open', amount_cents: request.amount_cents },
      after: { status, approved_cents: amount, booking_id: booking.id },
    });
    await updateRequest(trx, id, {
      status,
      approved_cents: amount,
      // The host's part as the ledger took it, in this transaction (ADR 128): at the booking's own
      // commission, in proportion to what has been refunded in all.
      host_earnings_reduction_cents: (await hostPartOfRefund(trx, refundId)) ?? 0,
      decided_by: actor.userId,
      decided_at: deps.now(),
      booking_refund_id: refundId,
    });
    await announce(deps, id, trx);
  });
  await sendRequestedRefund(deps, id);
}

/** A failed request's refund sent again (same refund, same idempotency key). */
export async function retryRefundRequest(deps: RefundDeps, actor: RefundActor, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, id);
    if (!request) throw notFound();
    if (request.status !== 'failed') {
      throw new AppError('conflict', 'Only a request whose refund failed can be retried.');
    }
    const back = request.approved_cents === request.amount_cents ? 'approved' : 'partially_approved';
    await moveRequest(trx, id, ['failed'], back);
    await recordAdminAction(trx, {
      actorId: actor.userId,
      action: 'refund_request.retried',
      targetType: 'refund_request',
      targetId: id,
      summary: `Retried a failed refund of ${formatUsd(request.approved_cents ?? 0)}`,
      before: { status: 'failed' },
      after: { status: back },
    });
  });
  await sendRequestedRefund(deps, id);
}

export async function denyRefundRequest(deps: RefundDeps, actor: RefundActor, id: string, reason: string) {
  await deps.db.transaction().execute(async (trx) => {
    const request = await lockRequest(trx, id);
    if (!request) throw notFound();
    if (request.status !== 'open') throw decided(request.status);
    await recordAdminAction(trx, {
      actorId: actor.userId,
      action: 'refund_request.denied',
      targetType: 'refund_request',
      targetId: id,
      summary: `Denied a refund request of ${formatUsd(request.amount_cents)}`,
      reason,
      before: { status: 'open' },
      after: { status: 'denied' },
    });
    await updateRequest(trx, id, {
      status: 'denied',
      denial_reason: reason,
      decided_by: actor.userId,
      decided_at: deps.now(),
    });
    const view = await findRequest(trx, id);
    const appealNote = request.appealed_at ? '' : ' You may appeal once from the booking page.';
    await deps.notifications.notify(
      {
        userId: request.guest_id,
        type: 'USER_REFUND_DENIED',
        message: `Your refund request for ${view?.bathroom_title ?? 'your booking'} was denied: ${reason}${appealNote}`,
        meta: { booking_id: request.booking_id, refund_request_id: id },
      },
      trx,
    );
    await announce(deps, id, trx);
  });
}

/**
 * Sends an approved request's refund and settles the request on the outcome: the provider took
 * it → the three *_REFUND_PROCESSED notices (claimed once); the call failed → the request is
 * marked failed for a retry (the bookings domain has told admins, ADMIN_REFUND_FAILED, once).
 */
export async function sendRequestedRefund(deps: RefundDeps, id: string): Promise<void> {
  const request = await findRequestRow(deps.db, id);
  if (!request?.booking_refund_id || request.processed_notified_at) return;
  await deps.bookings.sendRefund(request.booking_refund_id);
  const progress = await refundProgress(deps.db, request.booking_refund_id);
  if (!progress?.provider_refund_id) {
    if (await moveRequest(deps.db, id, ['approved', 'partially_approved'], 'failed')) {
      await announce(deps, id, deps.db);
    }
    return;
  }
  await deps.db.transaction().execute(async (trx) => {
    const back = request.approved_cents === request.amount_cents ? 'approved' : 'partially_approved';
    await moveRequest(trx, id, ['failed'], back);
    if (!(await claimProcessedNotice(trx, id))) return;
    const view = await findRequest(trx, id);
    if (!view) return;
    const amount = formatUsd(view.approved_cents ?? 0);
    const meta = {
      booking_id: view.booking_id,
      refund_request_id: id,
      amount_cents: view.approved_cents,
    };
    await deps.notifications.notify(
      {
        userId: view.guest_id,
        type: 'USER_REFUND_PROCESSED',
        message: `We refunded ${amount} for your booking at ${view.bathroom_title}. It reaches your card in a few days.`,
        meta,
      },
      trx,
    );
    await deps.notifications.notify(
      {
        userId: view.host_id,
        type: 'OWNER_REFUND_PROCESSED',
        message: `A refund of ${amount} was made to your guest for ${view.bathroom_title}; ${formatUsd(
          view.host_earnings_reduction_cents ?? 0,
        )} comes off your earnings for that booking.`,
        meta,
      },
      trx,
    );
    await deps.notifications.notifyAdmins(
      {
        type: 'ADMIN_REFUND_PROCESSED',
        message: `A refund of ${amount} for ${view.bathroom_title} was sent to the payment provider.`,
        meta,
      },
      trx,
    );
    await announce(deps, id, trx);
  });
}

/** Failed requests whose refund the bookings sweep has since sent: settled like an approval. */
export async function settleRecoveredRequests(deps: RefundDeps): Promise<number> {
  const recovered = await listFailedButAccepted(deps.db);
  for (const { id } of recovered) await sendRequestedRefund(deps, id);
  return recovered.length;
}
