import { formatUsd } from '../../../common/money.ts';
import {
  type CreateRefundRequestInput,
  REFUND_REASON_LABELS,
  REFUND_REQUEST_MAX_PHOTOS,
} from '../../../common/schemas/refund-requests.ts';
import { AppError } from '../../http/errors.ts';
import { lockBookingForRefund, refundableCents } from '../bookings/requested-refunds.ts';
import { announce, isUniqueViolation, type RefundDeps } from './refund-deps.ts';
import { cannotRequestReason, type RefundActor, roleOf } from './refund-rules.ts';
import { countPhotos, findRequest, hasUndecidedRequest, insertPhoto, insertRequest } from './repository.ts';

const ALREADY_OPEN = 'You already have a refund request open for this booking. We will answer it first.';

/**
 * A guest asks for a refund (PRODUCT.md "Refund requests"): on their own paid booking, within 7
 * days of its end, for at most what is left refundable, one open request at a time (the booking is
 * locked while we check, and a unique index backs it). The host and admins are told in the same
 * transaction.
 */
export async function fileRefundRequest(
  deps: RefundDeps,
  actor: RefundActor,
  input: CreateRefundRequestInput,
): Promise<string> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const booking = await lockBookingForRefund(trx, input.bookingId);
      const role = booking ? roleOf(booking, actor) : null;
      if (!booking || !role) throw new AppError('not_found', 'We could not find that booking.');
      if (role !== 'guest')
        throw new AppError('forbidden', 'Only the guest of a booking can ask for a refund.');
      const refundable = refundableCents(booking);
      const reason = cannotRequestReason(booking, refundable, deps.now());
      if (reason) throw new AppError('conflict', reason);
      if (input.amountCents > refundable) {
        const message = `You can ask for at most ${formatUsd(refundable)}: what is left to refund on this booking.`;
        throw new AppError('validation_error', message, [{ field: 'amountCents', message }]);
      }
      if (await hasUndecidedRequest(trx, booking.id)) throw new AppError('conflict', ALREADY_OPEN);
      const { id } = await insertRequest(trx, {
        booking_id: booking.id,
        guest_id: actor.userId,
        reason: input.reason,
        description: input.description,
        amount_cents: input.amountCents,
      });
      const meta = {
        booking_id: booking.id,
        bathroom_id: booking.bathroom_id,
        refund_request_id: id,
        amount_cents: input.amountCents,
      };
      const what = `${formatUsd(input.amountCents)} for a booking at ${booking.bathroom_title} (${REFUND_REASON_LABELS[input.reason].toLowerCase()})`;
      await deps.notifications.notify(
        {
          userId: booking.host_id,
          type: 'OWNER_REFUND_REQUESTED',
          message: `Your guest asked for a refund of ${what}. You may add your side within 48 hours.`,
          meta,
        },
        trx,
      );
      await deps.notifications.notifyAdmins(
        { type: 'ADMIN_REFUND_REQUESTED', message: `A guest asked for a refund of ${what}.`, meta },
        trx,
      );
      await announce(deps, id, trx);
      return id;
    });
  } catch (error) {
    // Two requests filed at the same instant: the index lets one in.
    if (isUniqueViolation(error)) throw new AppError('conflict', ALREADY_OPEN);
    throw error;
  }
}

/** Who may add a photo, checked before the upload is read (so a refused upload costs nothing). */
export async function checkPhotoAllowed(deps: RefundDeps, actor: RefundActor, requestId: string) {
  const request = await findRequest(deps.db, requestId);
  const role = request ? roleOf(request, actor) : null;
  if (!request || !role) throw new AppError('not_found', 'We could not find that refund request.');
  // The host and admins may see the request but not add to the guest's evidence.
  if (role !== 'guest') throw new AppError('forbidden', 'Only the guest who asked can add photos.');
  if (request.status !== 'open')
    throw new AppError('conflict', 'Photos can be added only while the request is open.');
  if ((await countPhotos(deps.db, requestId)) >= REFUND_REQUEST_MAX_PHOTOS) {
    throw new AppError('conflict', `A request has at most ${REFUND_REQUEST_MAX_PHOTOS} photos.`);
  }
  return request;
}

/** Stores a photo through the image pipeline (re-encoded, metadata stripped) and attaches it. */
export async function addRefundPhoto(deps: RefundDeps, actor: RefundActor, requestId: string, data: Buffer) {
  await checkPhotoAllowed(deps, actor, requestId);
  const image = await deps.storage.storeImage({ ownerId: actor.userId, purpose: 'refund_photo', data });
  try {
    await deps.db.transaction().execute(async (trx) => {
      const position = await countPhotos(trx, requestId);
      if (position >= REFUND_REQUEST_MAX_PHOTOS) {
        throw new AppError('conflict', `A request has at most ${REFUND_REQUEST_MAX_PHOTOS} photos.`);
      }
      await insertPhoto(trx, { requestId, position, url: image.url, srcset: image.srcset });
      await announce(deps, requestId, trx);
    });
  } catch (error) {
    await deps.storage.deleteImage({ ownerId: actor.userId, url: image.url });
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'Another photo was added at the same time. Try again.');
    throw error;
  }
}
