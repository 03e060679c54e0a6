import { AppError } from '../../http/errors.ts';
import { lockBookingForRefund } from '../bookings/requested-refunds.ts';
import { announce, isUniqueViolation, type RefundDeps } from './refund-deps.ts';
import { hostResponseUntil, type RefundActor, roleOf } from './refund-rules.ts';
import { findRequest, hasUndecidedRequest, lockRequest, updateRequest } from './repository.ts';

/** The host's side and the guest's appeal (ADR 126). */

const notFound = () => new AppError('not_found', 'We could not find that refund request.');

/** The host adds (or rewrites) their side while the request is open, within 48 hours of it. */
export async function respondToRefundRequest(
  deps: RefundDeps,
  actor: RefundActor,
  id: string,
  response: string,
) {
  await deps.db.transaction().execute(async (trx) => {
    const view = await findRequest(trx, id);
    const role = view ? roleOf(view, actor) : null;
    if (!view || !role) throw notFound();
    if (role !== 'host') throw new AppError('forbidden', 'Only the host of the booking can add their side.');
    const request = await lockRequest(trx, id);
    if (!request) throw notFound();
    if (request.status !== 'open') throw new AppError('conflict', 'This request has been decided already.');
    if (deps.now() > hostResponseUntil(request.created_at)) {
      throw new AppError('conflict', 'The 48 hours to add your side have passed.');
    }
    await updateRequest(trx, id, { host_response: response, host_responded_at: deps.now() });
    await announce(deps, id, trx);
  });
}

/** A denied request may be appealed once, by message: it is open again, and admins are told. */
export async function appealRefundRequest(deps: RefundDeps, actor: RefundActor, id: string, message: string) {
  const first = await findRequest(deps.db, id);
  const role = first ? roleOf(first, actor) : null;
  if (!first || !role) throw notFound();
  if (role !== 'guest') throw new AppError('forbidden', 'Only the guest who asked can appeal.');
  try {
    await deps.db.transaction().execute(async (trx) => {
      await lockBookingForRefund(trx, first.booking_id);
      const request = await lockRequest(trx, id);
      if (!request) throw notFound();
      if (request.status !== 'denied')
        throw new AppError('conflict', 'Only a denied request can be appealed.');
      if (request.appealed_at) throw new AppError('conflict', 'This request has been appealed once already.');
      if (await hasUndecidedRequest(trx, request.booking_id, id)) {
        throw new AppError('conflict', 'Another refund request for this booking is still open.');
      }
      await updateRequest(trx, id, { status: 'open', appeal_message: message, appealed_at: deps.now() });
      await deps.notifications.notifyAdmins(
        {
          type: 'ADMIN_REFUND_REQUESTED',
          message: `A guest appealed a denied refund request for ${first.bathroom_title}.`,
          meta: { booking_id: request.booking_id, refund_request_id: id, amount_cents: request.amount_cents },
        },
        trx,
      );
      await announce(deps, id, trx);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'Another refund request for this booking is still open.');
    throw error;
  }
}
