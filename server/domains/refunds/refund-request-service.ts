import type {
  BookingRefundRequests,
  CreateRefundRequestInput,
  RefundRequestStatus,
  RefundRequestView,
} from '../../../common/schemas/refund-requests.ts';
import { AppError } from '../../http/errors.ts';
import { bookingForRefund, refundableCents } from '../bookings/requested-refunds.ts';
import type { Scheduler } from '../jobs/scheduler.ts';
import { appealRefundRequest, respondToRefundRequest } from './answer-refund-request.ts';
import {
  approveRefundRequest,
  denyRefundRequest,
  retryRefundRequest,
  settleRecoveredRequests,
} from './decide-refund-request.ts';
import { addRefundPhoto, checkPhotoAllowed, fileRefundRequest } from './file-refund-request.ts';
import type { RefundDeps } from './refund-deps.ts';
import { cannotRequestReason, type RefundActor, roleOf, toView, viewFor } from './refund-rules.ts';
import { findRequest, hasUndecidedRequest, listQueue, listRequestsOfBooking } from './repository.ts';

/**
 * Refund requests (PRODUCT.md "Refund requests", ADR 126): a guest asks, the host adds their side,
 * an admin decides; approval refunds through the bookings domain's refund machinery. Each step
 * lives in its own file; callers pass an actor the auth guard has let through.
 */
export function createRefundRequestService(deps: RefundDeps) {
  const { db } = deps;
  const notFound = () => new AppError('not_found', 'We could not find that refund request.');
  const requireAdmin = (actor: RefundActor) => {
    if (!actor.isAdmin) throw new AppError('forbidden', 'Only admins can decide refund requests.');
  };

  /** One request as the viewer may see it (a party of its booking, or an admin). */
  async function get(actor: RefundActor, id: string): Promise<RefundRequestView> {
    const row = await findRequest(db, id);
    const role = row ? roleOf(row, actor) : null;
    if (!row || !role) throw notFound();
    return viewFor(row, role);
  }

  return {
    get,

    /** The booking page's panel: its requests and whether the viewer (its guest) may file one. */
    async forBooking(actor: RefundActor, bookingId: string): Promise<BookingRefundRequests> {
      const booking = await bookingForRefund(db, bookingId);
      const role = booking ? roleOf(booking, actor) : null;
      if (!booking || !role) throw new AppError('not_found', 'We could not find that booking.');
      const rows = await listRequestsOfBooking(db, bookingId);
      const refundable = refundableCents(booking);
      const undecided = await hasUndecidedRequest(db, bookingId);
      const reason =
        role !== 'guest'
          ? 'Only the guest of a booking can ask for a refund.'
          : (cannotRequestReason(booking, refundable, deps.now()) ??
            (undecided ? 'Your refund request for this booking is being reviewed.' : null));
      return {
        requests: rows.map((row) => viewFor(row, role)),
        can_request: reason === null,
        cannot_request_reason: reason,
        refundable_cents: refundable,
      };
    },

    /** The admin queue, newest first. */
    async queue(actor: RefundActor, options: { status?: RefundRequestStatus; limit?: number } = {}) {
      requireAdmin(actor);
      const rows = await listQueue(db, {
        ...(options.status ? { status: options.status } : {}),
        limit: options.limit ?? 100,
      });
      return rows.map(toView);
    },

    async file(actor: RefundActor, input: CreateRefundRequestInput) {
      return get(actor, await fileRefundRequest(deps, actor, input));
    },
    checkPhotoAllowed: (actor: RefundActor, id: string) => checkPhotoAllowed(deps, actor, id),
    async addPhoto(actor: RefundActor, id: string, data: Buffer) {
      await addRefundPhoto(deps, actor, id, data);
      return get(actor, id);
    },
    async respond(actor: RefundActor, id: string, response: string) {
      await respondToRefundRequest(deps, actor, id, response);
      return get(actor, id);
    },
    async appeal(actor: RefundActor, id: string, message: string) {
      await appealRefundRequest(deps, actor, id, message);
      return get(actor, id);
    },
    async approve(actor: RefundActor, id: string, amountCents?: number) {
      requireAdmin(actor);
      await approveRefundRequest(deps, actor, id, amountCents);
      return get(actor, id);
    },
    async deny(actor: RefundActor, id: string, reason: string) {
      requireAdmin(actor);
      await denyRefundRequest(deps, actor, id, reason);
      return get(actor, id);
    },
    async retry(actor: RefundActor, id: string) {
      requireAdmin(actor);
      await retryRefundRequest(deps, actor, id);
      return get(actor, id);
    },
    /** The minute sweep: failed requests whose refund went through after all. */
    settleRecovered: () => settleRecoveredRequests(deps),
  };
}

export type RefundRequestService = ReturnType<typeof createRefundRequestService>;

export function defineRefundJobs(jobs: Scheduler, refunds: RefundRequestService) {
  jobs.define({
    name: 'refunds.settle-recovered',
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await refunds.settleRecovered();
    },
  });
}
